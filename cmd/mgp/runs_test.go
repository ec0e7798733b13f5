package main

import (
	"path/filepath"
	"strings"
	"testing"

	"github.com/mgpteam/mgp/pkg/eval"
)

// TestRunsListsEachRun checks that mgp runs prints one row per result in
// data-set, model, variant and seed order, with the selection columns and
// the diagnostics of runs that have them and "–" where they do not.
func TestRunsListsEachRun(t *testing.T) {
	dir := writeResults(t)
	sel := &eval.Result{
		Model: "slgp", Dataset: "boston", Variant: "recommended", SplitSeed: 1, Iterations: 20000,
		Metrics: eval.Metrics{NLL: 2.5, RMSE: 3},
		Selection: &eval.Selection{Iter: 5500, LastMetrics: eval.Metrics{NLL: 4.25},
			LastDiagnostics: map[string]float64{"nu0": 0.6}},
		Diagnostics: map[string]float64{"q_w_mean_spread": 1.0556, "nu0": 0.01},
		Warnings:    []string{"overfits late"},
	}
	sel.TrainSeconds = 903
	if err := eval.WriteJSONAtomic(filepath.Join(dir, "study", "result.json"), sel); err != nil {
		t.Fatal(err)
	}
	writeFile(t, dir, "broken.json", "{")
	out, errOut, err := run(t, "runs", "--diag", "q_w_mean_spread,nu0,last:nu0", dir)
	if err != nil {
		t.Fatal(err, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 2+10 {
		t.Fatalf("%d lines, want a header, a rule and 10 runs:\n%s", len(lines), out)
	}
	if !strings.HasPrefix(lines[0], "| data set | model | variant | seed | its | test NLL | selected at | last-it NLL | RMSE | q_w_mean_spread | nu0 | last:nu0 | train min | warnings |") {
		t.Errorf("header %q", lines[0])
	}
	if want := "| boston | sgp | – | 0 | 2000 | 3.0000 | – | – | 1.0000 | – | – | – | 0.0 | 0 |"; lines[2] != want {
		t.Errorf("first row %q, want %q", lines[2], want)
	}
	want := "| boston | slgp | recommended | 1 | 20000 | 2.5000 | 5500 | 4.2500 | 3.0000 | 1.0556 | 0.0100 | 0.6000 | 15.1 | 1 |"
	if !strings.Contains(out, want+"\n| energy | slgp |") {
		t.Errorf("the selection run is not the last boston row or reads differently:\n%s", out)
	}
	if !strings.Contains(errOut, "skipped") || !strings.Contains(errOut, "broken.json") {
		t.Errorf("the broken JSON file is not reported: %q", errOut)
	}
	if _, _, err := run(t, "runs", t.TempDir()); err == nil || exitCode(err) != 2 {
		t.Errorf("an empty directory: err %v", err)
	}
	_, _, err = run(t, "runs", "--diag", "q_w_mean_sprad", dir)
	if err == nil || exitCode(err) != 2 || !strings.Contains(err.Error(), "q_w_mean_sprad") || !strings.Contains(err.Error(), "q_w_mean_spread") {
		t.Errorf("a misspelt --diag key: err %v, want exit 2 naming it and the keys the runs have", err)
	}
	// By default only the default columns some run reports are shown.
	out, _, err = run(t, "runs", dir)
	if err != nil || !strings.Contains(out, "| RMSE | q_w_mean_spread | nu0 | train min | warnings |") {
		t.Errorf("default columns: err %v\n%s", err, out)
	}
}
