package main

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mgpteam/mgp/pkg/data"
	"github.com/mgpteam/mgp/pkg/paper"
	"github.com/mgpteam/mgp/pkg/results"
	"github.com/mgpteam/mgp/pkg/rundir"
)

// fakeNLLTree writes result.json files of nytaxi runs with the given test
// NLLs under tree/nytaxi/<model>/<variant>/s<seed>.
func fakeNLLTree(t *testing.T, tree, model, variant string, nll ...float64) {
	t.Helper()
	for s, v := range nll {
		dir := filepath.Join(tree, "nytaxi", model, variant, "s"+string(rune('0'+s)))
		r := &results.Result{Model: model, Dataset: "nytaxi", Iterations: 10, Complete: true,
			Metrics: results.Metrics{NLL: v, NLLStd: v - 6, RMSE: 300, NTest: 100, Samples: 200}}
		if err := results.WriteJSONAtomic(filepath.Join(dir, "result.json"), r); err != nil {
			t.Fatal(err)
		}
	}
}

// TestFigure7FakeTree: figure7 draws the models of a fake tree in the
// paper's order (whatever order --models gives), with each model's variant,
// notes the models without runs and the unfinished runs, prints no NaN sd
// for a model with one run, and refuses a
// result filed under another model.
func TestFigure7FakeTree(t *testing.T) {
	tree := t.TempDir()
	fakeNLLTree(t, tree, "slgp", "paper", 7.1, 7.2, 7.0)
	fakeNLLTree(t, tree, "slgp", "selected", 6.9, 6.95)
	fakeNLLTree(t, tree, "sgp", "paper", 7.5, 7.6, 7.55)
	fakeNLLTree(t, tree, "cvae", "paper", 7.3)
	if err := os.MkdirAll(filepath.Join(tree, "nytaxi", "sgp", "paper", "s7"), 0o755); err != nil {
		t.Fatal(err)
	}
	png1 := filepath.Join(t.TempDir(), "f7.png")
	out, errOut, err := run(t, "figure7", "--runs", tree, "--models", "slgp,cvae,sgp,mdn", "--variant", "paper,slgp=selected", "-o", png1)
	if err != nil {
		t.Fatal(err, errOut)
	}
	var order []string
	for _, l := range strings.Split(out, "\n")[1:] {
		if f := strings.Fields(l); len(f) > 2 && f[0] != "wrote" {
			order = append(order, f[0]+" "+f[1]+" "+f[2])
		}
	}
	if got := strings.Join(order, ", "); got != "SGP paper 3, CVAE paper 1, SLGP selected 2" {
		t.Errorf("rows %q in:\n%s", got, out)
	}
	// SGP's runs 7.5, 7.6, 7.55: mean 7.55, population sd 0.0408 (as mgp table's).
	if !strings.Contains(out, "7.5500     0.0408") || !strings.Contains(out, "wrote "+png1+" (3 models, 6 runs)") || strings.Contains(out, "NaN") {
		t.Errorf("output:\n%s", out)
	}
	if !strings.Contains(errOut, "mdn paper on nytaxi: no finished runs") || !strings.Contains(errOut, "sgp paper: 1 unfinished") {
		t.Errorf("notes:\n%s", errOut)
	}
	b, err := os.ReadFile(png1)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := png.Decode(bytes.NewReader(b)); err != nil {
		t.Fatal(err)
	}
	// A run filed under the wrong model.
	fakeNLLTree(t, filepath.Join(tree, "x"), "hnn", "paper", 1)
	if err := os.Rename(filepath.Join(tree, "x", "nytaxi", "hnn"), filepath.Join(tree, "nytaxi", "mdn")); err != nil {
		t.Fatal(err)
	}
	if _, errOut, err := run(t, "figure7", "--runs", tree, "-o", png1); err == nil || !strings.Contains(err.Error()+errOut, "a run of hnn on nytaxi, not of mdn") {
		t.Errorf("misfiled run: %v %s", err, errOut)
	}
	if _, _, err := run(t, "figure7", "--runs", tree, "--models", "sgp,foo", "-o", png1); err == nil {
		t.Error("an unknown model was accepted")
	}
	if _, _, err := run(t, "figure7", "--runs", filepath.Join(tree, "none"), "-o", png1); err == nil {
		t.Error("a missing tree was accepted")
	}
}

// TestFigure7SweepSeeds: figure7 --sweep draws every seed of the sweep, and
// with --seeds only those asked for (the unfinished runs of other seeds not
// noted); a seed the sweep does not declare, a malformed list and --seeds
// without --sweep are refused with exit 2.
func TestFigure7SweepSeeds(t *testing.T) {
	tree := t.TempDir()
	fakeNLLTree(t, tree, "sgp", "paper", 7.5, 7.6, 7.7)
	fakeNLLTree(t, tree, "slgp", "paper", 7.1, 7.2)
	if err := os.MkdirAll(filepath.Join(tree, "nytaxi", "slgp", "paper", "s2"), 0o755); err != nil {
		t.Fatal(err)
	}
	spec := writeFile(t, t.TempDir(), "s.yaml", "name: s\ndescription: Fixture\nout: "+tree+
		"\ndatasets: [nytaxi]\nmodels: [sgp, slgp]\nseeds: 0-2\nconfig: c\nvariants: [{name: paper}]\n")
	fig := filepath.Join(t.TempDir(), "f7.png")
	out, errOut, err := run(t, "figure7", "--sweep", spec, "-o", fig)
	if err != nil {
		t.Fatal(err, errOut)
	}
	if !strings.Contains(out, "wrote "+fig+" (2 models, 5 runs)") || !strings.Contains(errOut, "slgp paper: 1 unfinished") {
		t.Errorf("all seeds: output:\n%s\nnotes:\n%s", out, errOut)
	}
	out, errOut, err = run(t, "figure7", "--sweep", spec, "--seeds", "0-1", "-o", fig)
	if err != nil {
		t.Fatal(err, errOut)
	}
	// SGP's seeds 0 and 1 only: 7.5 and 7.6, mean 7.55, population sd 0.05.
	if !strings.Contains(out, "7.5500     0.0500") || !strings.Contains(out, "wrote "+fig+" (2 models, 4 runs)") || strings.Contains(errOut, "unfinished") {
		t.Errorf("--seeds 0-1: output:\n%s\nnotes:\n%s", out, errOut)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--sweep", spec, "--seeds", "7"}, "seed 7 is not among"},
		{[]string{"--sweep", spec, "--seeds", "1.5"}, "seeds"},
		{[]string{"--runs", tree, "--seeds", "0-1"}, "--sweep"},
	} {
		_, _, err := run(t, append([]string{"figure7", "-o", fig}, c.args...)...)
		if err == nil || exitCode(err) != 2 || !strings.Contains(err.Error(), c.want) {
			t.Errorf("figure7 %v: err = %v, want exit 2 naming %q", c.args, err, c.want)
		}
	}
}

// TestFigure8TinyRuns trains tiny SGP and SLGP runs on a synthetic nytaxi
// file into a sweep tree and draws Fig. 8 from it: the re-evaluated test
// NLL is the run's own, SHGP and SMGP (not run) are noted and left out;
// without checkpoints it draws the same from the kept points files.
func TestFigure8TinyRuns(t *testing.T) {
	dir := t.TempDir()
	var csv bytes.Buffer
	if err := data.WriteSynthNYTaxi(&csv, 400, 3); err != nil {
		t.Fatal(err)
	}
	trips := writeFile(t, dir, "trips.csv", csv.String())
	tree := filepath.Join(dir, "runs")
	for _, m := range []string{"sgp", "slgp"} {
		extra := ""
		if m == "slgp" {
			extra = "  hidden: [8]\n  s: 2\n"
		}
		cfg := writeFile(t, dir, m+".yaml", "model:\n  name: "+m+"\n  m: 6\n"+extra+
			"data:\n  name: nytaxi\n  path: "+trips+"\ntrain:\n  iterations: 5\n  batch_size: 64\neval:\n  samples: 30\n")
		if _, errOut, err := run(t, "train", "-q", "-c", cfg, "--seed", "0", "--out", filepath.Join(tree, "nytaxi", m, "paper", "s0")); err != nil {
			t.Fatal(m, err, errOut)
		}
	}
	fig := filepath.Join(dir, "f8.png")
	out, errOut, err := run(t, "figure8", "--runs", tree, "-o", fig)
	if err != nil {
		t.Fatal(err, errOut)
	}
	rows := 0
	for _, l := range strings.Split(out, "\n")[1:] {
		f := strings.Fields(l)
		if len(f) != 5 {
			continue
		}
		rows++
		if f[2] != f[3] {
			t.Errorf("%s: NLL re-evaluated %s, result.json %s", f[0], f[2], f[3])
		}
	}
	if rows != 2 || !strings.Contains(out, "wrote "+fig+" (2 maps)") {
		t.Errorf("output:\n%s", out)
	}
	if !strings.Contains(errOut, filepath.Join("shgp", "paper", "s0")+": no finished run") {
		t.Errorf("stderr:\n%s", errOut)
	}
	if fi, err := os.Stat(fig); err != nil || fi.Size() < 2000 {
		t.Fatalf("figure: %v", err)
	}
	// The points are kept beside each run; without its checkpoint the run
	// is drawn from them, with the same NLL; a file from an earlier run in
	// the directory (its NLL not result.json's) is refused.
	sgp := filepath.Join(tree, "nytaxi", "sgp", "paper", "s0")
	for _, m := range []string{"sgp", "slgp"} {
		if err := os.Remove(filepath.Join(tree, "nytaxi", m, "paper", "s0", rundir.CheckpointFile)); err != nil {
			t.Fatal(err)
		}
	}
	out2, errOut, err := run(t, "figure8", "--runs", tree, "-o", fig)
	if err != nil {
		t.Fatal(err, errOut)
	}
	if out2 != out || !strings.Contains(errOut, sgp+": no checkpoint; drawn from its "+paper.Figure8PointsFile) {
		t.Errorf("drawn from the points files:\n%s\nfrom the checkpoints:\n%s\nstderr:\n%s", out2, out, errOut)
	}
	if _, _, err := run(t, "figure8", "--runs", tree, "--samples", "40", "-o", fig); err == nil || exitCode(err) != 2 {
		t.Errorf("--samples without a checkpoint: %v", err)
	}
	pts := filepath.Join(sgp, paper.Figure8PointsFile)
	b, err := os.ReadFile(pts)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.SplitAfter(string(b), "\n")
	if err := os.WriteFile(pts, []byte(strings.Join(append(lines[:1], lines[2:]...), "")), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, _, err := run(t, "figure8", "--runs", tree, "-o", fig); err == nil || exitCode(err) != 2 || !strings.Contains(err.Error(), "from an earlier run") {
		t.Errorf("a points file of another run: %v", err)
	}
	// --run names the runs directly; a missing one is an error.
	if _, _, err := run(t, "figure8", "--run", filepath.Join(tree, "nytaxi", "sgp", "paper", "s0"), "--run", filepath.Join(dir, "nope"), "-o", fig); err == nil {
		t.Error("a missing run directory was accepted")
	}
}

func mkdir(t *testing.T, dir string) string {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}
