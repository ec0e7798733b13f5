package main

import (
	"bytes"
	"context"
	"encoding/csv"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func run(t *testing.T, args ...string) (string, string, error) {
	t.Helper()
	var out, errb bytes.Buffer
	root := newRootCmd(&out, &errb)
	root.SetArgs(args)
	err := execute(context.Background(), root)
	return out.String(), errb.String(), err
}

func writeFile(t *testing.T, dir, name, body string) string {
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

const toyYAML = `model:
  name: sgp
  m: 10
data:
  name: step
train:
  iterations: 30
  batch_size: 0
eval:
  samples: 50
`

func TestTrainEvalPredict(t *testing.T) {
	dir := t.TempDir()
	cfg := writeFile(t, dir, "c.yaml", toyYAML)
	runDir := filepath.Join(dir, "run")
	out, _, err := run(t, "train", "-q", "-c", cfg, "--out", runDir, "--set", "train.iterations=40")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "sgp on step") || !strings.Contains(out, "test NLL") {
		t.Fatalf("train output: %s", out)
	}
	out2, _, err := run(t, "eval", "--run", runDir)
	if err != nil {
		t.Fatal(err)
	}
	// The same seed reproduces the stored NLL line exactly.
	line := func(s string) string { return strings.SplitN(s, "\n", 2)[0] }
	if line(out) != line(out2) {
		t.Fatalf("eval differs from train:\n%s\n%s", line(out), line(out2))
	}
	in := writeFile(t, dir, "x.csv", "x\n0.1\n0.9\n")
	pred := filepath.Join(dir, "pred.csv")
	if _, _, err := run(t, "predict", "--run", runDir, "--input", in, "--out", pred, "--raw-samples", "--samples", "20"); err != nil {
		t.Fatal(err)
	}
	f, _ := os.Open(pred)
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil || len(recs) != 3 || len(recs[0]) != 2+3+20 || recs[0][0] != "mean" {
		t.Fatalf("predict CSV: %v %v", err, recs)
	}
}

func TestBadInputExitCodes(t *testing.T) {
	dir := t.TempDir()
	bad := writeFile(t, dir, "bad.yaml", strings.Replace(toyYAML, "  iterations: 30", "  iterations: 30\n  iteratons: 5", 1))
	_, _, err := run(t, "train", "-c", bad, "--out", filepath.Join(dir, "r"))
	if err == nil || exitCode(err) != 2 || !strings.Contains(err.Error(), "bad.yaml:8") || !strings.Contains(err.Error(), "iteratons") {
		t.Fatalf("unknown key: err %v (exit %d)", err, exitCode(err))
	}
	unk := writeFile(t, dir, "unk.yaml", strings.Replace(toyYAML, "name: sgp", "name: nope", 1))
	_, _, err = run(t, "train", "-c", unk, "--out", filepath.Join(dir, "r"))
	if err == nil || exitCode(err) != 2 || !strings.Contains(err.Error(), "known models") {
		t.Fatalf("unknown model: err %v", err)
	}
	good := writeFile(t, dir, "good.yaml", toyYAML)
	_, _, err = run(t, "train", "-c", good, "--set", "novalue")
	if err == nil || exitCode(err) != 2 {
		t.Fatalf("bad --set: err %v", err)
	}
	_, _, err = run(t, "train", "-c", good, "--set", "model.m_typo=3", "--out", filepath.Join(dir, "r"))
	if err == nil || exitCode(err) != 2 || !strings.Contains(err.Error(), "model.m_typo") {
		t.Fatalf("unknown model key: err %v", err)
	}
	_, _, err = run(t, "train")
	if err == nil || exitCode(err) != 2 {
		t.Fatalf("missing --config: err %v (exit %d)", err, exitCode(err))
	}
	_, _, err = run(t, "eval", "--run", filepath.Join(dir, "nothing"))
	if err == nil || exitCode(err) != 2 {
		t.Fatalf("eval of a missing run: err %v (exit %d)", err, exitCode(err))
	}
	if _, err := os.Stat(filepath.Join(dir, "r", "result.json")); err == nil {
		t.Fatal("a failed run left a result file")
	}
}

func TestVersionReportsBackend(t *testing.T) {
	out, _, err := run(t, "version")
	if err != nil || !strings.Contains(out, "BLAS:") {
		t.Fatalf("version: %q %v", out, err)
	}
}

// TestDemoJobsDoNotChangeResults runs a short demo serially and with three
// concurrent trainings: the printed NLL tables must be identical, and every
// figure must be written.
func TestDemoJobsDoNotChangeResults(t *testing.T) {
	table := func(jobs string) string {
		dir := t.TempDir()
		out, _, err := run(t, "demo", "-q", "--iterations", "20", "--models", "sgp,shgp", "--jobs", jobs, "--out", dir)
		if err != nil {
			t.Fatalf("demo --jobs %s: %v", jobs, err)
		}
		pngs, _ := filepath.Glob(filepath.Join(dir, "*.png"))
		if len(pngs) != 2*3+3 { // one figure per pair, plus SHGP's latent bands
			t.Fatalf("demo --jobs %s wrote %d figures: %v", jobs, len(pngs), pngs)
		}
		return out[:strings.Index(out, "figures")]
	}
	serial, parallel := table("1"), table("3")
	if serial != parallel {
		t.Fatalf("tables differ:\n%s\n%s", serial, parallel)
	}
	if _, _, err := run(t, "demo", "--jobs", "0"); err == nil || exitCode(err) != 2 {
		t.Fatalf("--jobs 0: err %v", err)
	}
}

// TestDemoDrawsLatentMeans: for a latent model the demo also draws the means
// of q(w|x,y) and p(w|x) at the training inputs (Fig. 3(iii)).
func TestDemoDrawsLatentMeans(t *testing.T) {
	dir := t.TempDir()
	if _, _, err := run(t, "demo", "-q", "--iterations", "2", "--models", "slgp", "--out", dir); err != nil {
		t.Fatal(err)
	}
	for _, toy := range []string{"hetero", "step", "moons"} {
		for _, f := range []string{toy + "-slgp.png", toy + "-slgp-latent.png"} {
			if st, err := os.Stat(filepath.Join(dir, f)); err != nil || st.Size() == 0 {
				t.Errorf("%s: %v", f, err)
			}
		}
	}
}

// TestUnknownFlagNamesCommand: an unknown flag exits 2 and points at the
// help of the command it was given to, named once ("mgp --help", "mgp train
// --help"), not "mgp mgp --help".
func TestUnknownFlagNamesCommand(t *testing.T) {
	for _, c := range []struct {
		args []string
		help string
	}{
		{[]string{"--bogus"}, "(see 'mgp --help')"},
		{[]string{"train", "--bogus"}, "(see 'mgp train --help')"},
	} {
		_, _, err := run(t, c.args...)
		if err == nil || exitCode(err) != 2 || !strings.Contains(err.Error(), c.help) {
			t.Errorf("%v: err %v (exit %d), want %q", c.args, err, exitCode(err), c.help)
		}
	}
}
