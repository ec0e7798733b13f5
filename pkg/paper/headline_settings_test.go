package paper

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/mgpteam/mgp/pkg/sweep"
)

// writeTestFile writes text to dir/name, creating dir, and returns its path.
func writeTestFile(t *testing.T, dir, name, text string) string {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestHeadlineSettings: the sweep's overrides for every run and the row's
// variant, then the row's first recorded config over them.
func TestHeadlineSettings(t *testing.T) {
	dir := t.TempDir()
	tree := filepath.Join(dir, "runs")
	writeTestFile(t, filepath.Join(tree, "mnist", "slgp", "a", "s0"), "result.json", `{"model": "slgp", "dataset": "mnist", "variant": "a", "split_seed": 0, "model_seed": 0,
 "config": {"model": {"name": "slgp", "d_w": 16}}, "split": "random seed 0, 63000/7000, stats none", "iterations": 2000,
 "metrics": {"nll": -1, "rmse": 0.3, "n_test": 7000, "samples": 200}}`)
	spec := writeTestFile(t, dir, "s.yaml", "out: "+tree+"\ndatasets: [mnist]\nmodels: [slgp]\nseeds: [0]\nconfig: c.yaml\n"+
		"set: {train.iterations: 2000, model.d_w: 4}\nvariants: [{name: a, set: {model.d_w: 2}}, {name: b, set: {model.s: 5}}]\n")
	s, err := sweep.ReadSpec(spec)
	if err != nil {
		t.Fatal(err)
	}
	own, _, err := LoadResultDirs([]string{tree})
	if err != nil {
		t.Fatal(err)
	}
	a := headlineSettings(s, sweep.HeadlineEntry{Model: "slgp", Variant: "a"}, own)
	b := headlineSettings(s, sweep.HeadlineEntry{Model: "slgp", Variant: "b"}, own)
	if a["model.d_w"] != "16" {
		t.Errorf("variant a (recorded d_w 16 over the sweep's 2): %v", a)
	}
	if b["model.d_w"] != "4" || b["model.s"] != "5" {
		t.Errorf("variant b (no runs: the sweep's d_w 4 and s 5): %v", b)
	}
}
