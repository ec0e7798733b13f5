package sweep

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestCostFileRoundTrip: a saved cost model loads back pair for pair, only
// for its own backend, below pairs measured otherwise unless overriding;
// malformed files are refused naming the pair.
func TestCostFileRoundTrip(t *testing.T) {
	c := NewCostModel()
	c.Set("slgp", "concrete", Cost{StepSeconds: 0.075, EvalSeconds: 2, CheckSeconds: 0.5, TraceSeconds: 1.5, Runs: 1, Source: "timed here"})
	c.Set("sgp", "boston", Cost{StepSeconds: 0.003, EvalSeconds: 0.1, Runs: 1, Source: "timed here"})
	path := filepath.Join(t.TempDir(), "costs.json")
	if err := SaveCosts(path, c, "openblas"); err != nil {
		t.Fatal(err)
	}
	cf, err := LoadCosts(path)
	if err != nil {
		t.Fatal(err)
	}
	d := NewCostModel()
	d.AddFile(cf, "gonum (pure Go)", "x", false)
	if _, ok := d.Get("slgp", "concrete"); ok {
		t.Fatal("a cost file of another backend was used")
	}
	d.Set("sgp", "boston", Cost{StepSeconds: 0.004, Runs: 3, Source: "results"})
	d.AddFile(cf, "openblas", "results/bench/costs.json", false)
	if v, _ := d.Get("slgp", "concrete"); v.StepSeconds != 0.075 || v.EvalSeconds != 2 || v.CheckSeconds != 0.5 || v.TraceSeconds != 1.5 || v.Source != "results/bench/costs.json" {
		t.Fatalf("loaded %+v", v)
	}
	if v, _ := d.Get("sgp", "boston"); v.StepSeconds != 0.004 {
		t.Fatalf("a cost file overrode a measured pair: %+v", v)
	}
	bad := filepath.Join(t.TempDir(), "bad.json")
	if err := os.WriteFile(bad, []byte(`{"blas":"openblas","pairs":[{"model":"sgp","dataset":"boston","step_seconds":-1}]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadCosts(bad); err == nil || !strings.Contains(err.Error(), `pair 0 ("sgp" on "boston")`) {
		t.Fatalf("malformed cost file: err = %v", err)
	}
	if err := os.WriteFile(bad, []byte(`{"blas":"openblas","pairs":[{"model":"sgp","dataset":"boston","step_seconds":1,"check_seconds":-2}]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := LoadCosts(bad); err == nil || !strings.Contains(err.Error(), "check_seconds") {
		t.Fatalf("negative check time: err = %v", err)
	}
}
