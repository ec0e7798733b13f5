package main

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mgpteam/mgp/pkg/results"
)

// ablationTree is a fixture sweep tree: smgp, variants t2 and t4, on
// concrete and naval, seeds 0 and 1, test NLL at iterations 100-400
// (concrete t2 s1 also at 500, naval t4 s1 not at 300).
const ablationTree = "../../pkg/paper/testdata/ablation"

func TestAblationDrawsPanelsFromTree(t *testing.T) {
	dir := t.TempDir()
	fig := filepath.Join(dir, "figs", "fig.png")
	args := []string{"ablation", "--runs", ablationTree, "--model", "smgp", "--datasets", "concrete,naval",
		"--labels", "T = 2,T = 4", "--title", "SMGP", "-o", fig}
	out, errOut, err := run(t, args...)
	if err != nil {
		t.Fatalf("ablation: %v\n%s", err, errOut)
	}
	// The last shared iteration, the mean there over the two seeds, and
	// the mean of their result.json NLLs: concrete t2's 500 and naval t4's
	// 300 are not shared by both seeds.
	for _, want := range []string{
		"concrete     t2                  2       4          400       2.5000       2.3750",
		"concrete     t4                  2       4          400       2.3000       2.3000",
		"naval        t2                  2       4          400      -5.5000      -5.5000",
		"naval        t4                  2       3          400      -5.8750      -5.8750",
		"(2 panels, 2 lines each)",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	for _, want := range []string{"smgp t2 on concrete: iterations 500 left out", "smgp t4 on naval: iterations 300 left out"} {
		if !strings.Contains(errOut, want) {
			t.Errorf("notes lack %q:\n%s", want, errOut)
		}
	}
	first, err := os.ReadFile(fig)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(first))
	if err != nil {
		t.Fatalf("not a PNG: %v", err)
	}
	// One row: title strip 0.45 in, column titles 0.32 in, a 3.2 in panel,
	// at 96 dpi; two 4.2 in panels plus the legend column across.
	if w, h := img.Bounds().Dx(), img.Bounds().Dy(); h != 381 || w <= 2*403 || w > 2*403+200 {
		t.Errorf("image is %d x %d, want 381 high and a little over 806 wide", w, h)
	}
	if _, _, err := run(t, args...); err != nil {
		t.Fatal(err)
	}
	again, err := os.ReadFile(fig)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(first, again) {
		t.Error("the same tree drew two different PNGs")
	}
}

// TestAblationLowest checks the "lowest" and "at iter" columns: the mean of
// each run's lowest traced test NLL, wherever in its trace it lies (also at
// an iteration the other runs did not evaluate), and the iterations where
// the runs reached it.
func TestAblationLowest(t *testing.T) {
	dir := t.TempDir()
	tree := filepath.Join(dir, "tree")
	for seed, trace := range [][]float64{
		{-5.0, -5.25, -5.5, -5.75}, // lowest at 400, the last iteration
		{-4.5, -4.75, -4.0, -3.0},  // overfits: lowest at 200
	} {
		src := filepath.Join(ablationTree, "naval", "smgp", "t2", "s"+string(rune('0'+seed)), "result.json")
		r, err := results.ReadResult(src)
		if err != nil {
			t.Fatal(err)
		}
		k := 0
		for i := range r.Trace {
			if r.Trace[i].TestNLL != nil {
				v := trace[k]
				r.Trace[i].TestNLL = &v
				k++
			}
		}
		if err := results.WriteJSONAtomic(filepath.Join(tree, "naval", "smgp", "t2", "s"+string(rune('0'+seed)), "result.json"), r); err != nil {
			t.Fatal(err)
		}
	}
	out, errOut, err := run(t, "ablation", "--runs", tree, "--model", "smgp", "--datasets", "naval", "-o", filepath.Join(dir, "fig.png"))
	if err != nil {
		t.Fatalf("ablation: %v\n%s", err, errOut)
	}
	// Last iteration: mean of -5.75 and -3.0; lowest: mean of -5.75 and -4.75.
	want := "naval        t2                  2       4          400      -4.3750      -5.5000      -5.2500 200-400"
	if !strings.Contains(out, want) {
		t.Errorf("output lacks %q:\n%s", want, out)
	}
}

func TestAblationTakesTheSweepFile(t *testing.T) {
	dir := t.TempDir()
	tree, err := filepath.Abs(ablationTree)
	if err != nil {
		t.Fatal(err)
	}
	spec := writeFile(t, dir, "fig.yaml", `name: fig
description: SMGP with T = 2 and 4
out: `+tree+`
datasets: [naval, concrete]
models: [smgp]
seeds: 0-2
config: configs/uci/{dataset}-{model}.yaml
variants:
  - name: t4
    set:
      model.t: 4
  - name: t2
    set:
      model.t: 2
  - name: other-model
    models: [sgp]
`)
	out, errOut, err := run(t, "ablation", "--sweep", spec, "-o", filepath.Join(dir, "fig.png"))
	if err != nil {
		t.Fatalf("ablation --sweep: %v\n%s", err, errOut)
	}
	// The file's data set and variant order, only smgp's variants, and
	// seed 2 of the file's seeds noted as missing.
	var rows []string
	for _, l := range strings.Split(out, "\n") {
		if f := strings.Fields(l); len(f) == 9 && (f[0] == "naval" || f[0] == "concrete") {
			rows = append(rows, f[0]+"/"+f[1])
		}
	}
	if want := []string{"naval/t4", "naval/t2", "concrete/t4", "concrete/t2"}; !slices.Equal(rows, want) {
		t.Errorf("rows %v, want %v", rows, want)
	}
	if !strings.Contains(errOut, "smgp t4 on naval: no run for seeds 2") {
		t.Errorf("no note on the missing seed:\n%s", errOut)
	}
}

func TestAblationErrors(t *testing.T) {
	dir := t.TempDir()
	// A copy of concrete t2 whose seed-1 run recorded no test NLL, and a
	// variant whose only run has not finished.
	noNLL := filepath.Join(dir, "nonll")
	for seed, withNLL := range []bool{true, false} {
		src := filepath.Join(ablationTree, "concrete", "smgp", "t2", "s"+string(rune('0'+seed)), "result.json")
		r, err := results.ReadResult(src)
		if err != nil {
			t.Fatal(err)
		}
		if !withNLL {
			for i := range r.Trace {
				r.Trace[i].TestNLL = nil
			}
		}
		if err := results.WriteJSONAtomic(filepath.Join(noNLL, "concrete", "smgp", "t2", "s"+string(rune('0'+seed)), "result.json"), r); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.MkdirAll(filepath.Join(noNLL, "concrete", "smgp", "t4", "s0"), 0o755); err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(dir, "fig.png")
	base := []string{"ablation", "--runs", ablationTree, "--model", "smgp", "-o", out}
	for _, c := range []struct {
		name string
		args []string
		want string
	}{
		{"no out", []string{"ablation", "--runs", ablationTree, "--model", "smgp", "--datasets", "naval"}, "--out"},
		{"no tree", []string{"ablation", "--model", "smgp", "--datasets", "naval", "-o", out}, "--runs"},
		{"tree missing", []string{"ablation", "--runs", filepath.Join(dir, "none"), "--model", "smgp", "--datasets", "naval", "-o", out}, "no such directory"},
		{"no model", []string{"ablation", "--runs", ablationTree, "--datasets", "naval", "-o", out}, "--model"},
		{"no datasets", base, "--datasets"},
		{"variant missing", slices.Concat(base, []string{"--datasets", "naval", "--variants", "t2,t6"}),
			"no runs of smgp t6 on naval: nothing in " + filepath.Join(ablationTree, "naval", "smgp", "t6") + " (variants there: t2, t4)"},
		{"model missing", []string{"ablation", "--runs", ablationTree, "--model", "shgp", "--datasets", "naval", "-o", out}, "no runs of shgp under " + ablationTree + " for naval"},
		{"data set missing", slices.Concat(base, []string{"--datasets", "concrete,boston", "--variants", "t2"}), "no runs of smgp t2 on boston"},
		{"labels", slices.Concat(base, []string{"--datasets", "naval", "--labels", "a,b,c"}), "--labels: 3 labels for 2 variants (t2, t4)"},
		{"repeated variant", slices.Concat(base, []string{"--datasets", "naval", "--variants", "t2,t2"}), `--variants: "t2" appears twice`},
		{"no test NLL", []string{"ablation", "--runs", noNLL, "--model", "smgp", "--datasets", "concrete", "--variants", "t2", "-o", out},
			filepath.Join(noNLL, "concrete", "smgp", "t2", "s1", "result.json") + ": no test NLL in its trace: train with train.eval_every"},
		{"unfinished", []string{"ablation", "--runs", noNLL, "--model", "smgp", "--datasets", "concrete", "--variants", "t4", "-o", out},
			"no finished runs of smgp t4 on concrete: 1 run directories"},
		{"sweep missing", []string{"ablation", "--sweep", filepath.Join(dir, "none.yaml"), "-o", out}, "none.yaml"},
		{"ymin not below ymax", slices.Concat(base, []string{"--datasets", "naval", "--ymin", "2", "--ymax", "2"}), "--ymin 2, --ymax 2: the lower end must be below the upper"},
		{"ymax NaN", slices.Concat(base, []string{"--datasets", "naval", "--ymax", "NaN"}), "--ymax NaN: give a number"},
		{"ymin infinite", slices.Concat(base, []string{"--datasets", "naval", "--ymin", "-Inf"}), "--ymin -Inf: give a finite value"},
	} {
		_, _, err := run(t, c.args...)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: err %v, want it to contain %q", c.name, err, c.want)
			continue
		}
		if code := exitCode(err); code != 2 {
			t.Errorf("%s: exit code %d, want 2 (%v)", c.name, code, err)
		}
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("a failed ablation wrote its PNG")
	}
}
