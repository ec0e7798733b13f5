package main

import (
	"github.com/mgpteam/mgp/pkg/results"
	"path/filepath"
	"strings"
	"testing"
)

// TestRunsListsEachRun checks that mgp runs prints one row per result in
// data-set, model, variant and seed order, with the selection columns and
// the diagnostics of runs that have them and "–" where they do not.
func TestRunsListsEachRun(t *testing.T) {
	dir := writeResults(t)
	sel := &results.Result{
		Model: "slgp", Dataset: "boston", Variant: "recommended", SplitSeed: 1, Iterations: 20000,
		Metrics: results.Metrics{NLL: 2.5, RMSE: 3, Calibration: &results.Calibration{CRPS: 1.25, Coverage90: 0.875}},
		Selection: &results.Selection{Iter: 5500, LastMetrics: results.Metrics{NLL: 4.25},
			LastDiagnostics: map[string]float64{"nu0": 0.6}},
		Diagnostics: map[string]float64{"q_w_mean_spread": 1.0556, "nu0": 0.01},
		Warnings:    []string{"overfits late"},
	}
	sel.TrainSeconds = 903
	if err := results.WriteJSONAtomic(filepath.Join(dir, "study", "result.json"), sel); err != nil {
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
	if !strings.HasPrefix(lines[0], "| data set | model | variant | seed | its | test NLL | selected at | last-it NLL | RMSE | CRPS | 90% cov. | q_w_mean_spread | nu0 | last:nu0 | train min | warnings |") {
		t.Errorf("header %q", lines[0])
	}
	if want := "| boston | sgp | – | 0 | 2000 | 3.0000 | – | – | 1.0000 | – | – | – | – | – | 0.0 | 0 |"; lines[2] != want {
		t.Errorf("first row %q, want %q", lines[2], want)
	}
	want := "| boston | slgp | recommended | 1 | 20000 | 2.5000 | 5500 | 4.2500 | 3.0000 | 1.2500 | 0.875 | 1.0556 | 0.0100 | 0.6000 | 15.1 | 1 |"
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
	if err != nil || !strings.Contains(out, "| RMSE | CRPS | 90% cov. | q_w_mean_spread | nu0 | train min | warnings |") {
		t.Errorf("default columns: err %v\n%s", err, out)
	}
}

// TestRunsPerCell checks --per-cell: one row per (data set, model, variant,
// iterations) with the seeds, mean ± population sd of the test NLL, the
// mean last-iteration NLL of the runs that selected and the mean of each
// diagnostic over the runs that have it.
func TestRunsPerCell(t *testing.T) {
	dir := t.TempDir()
	res := func(variant string, seed uint64, nll float64, spread *float64, last float64) *results.Result {
		r := &results.Result{Model: "slgp", Dataset: "concrete", Variant: variant, SplitSeed: seed, Iterations: 20000,
			Metrics: results.Metrics{NLL: nll, RMSE: 1}, Diagnostics: map[string]float64{}}
		if spread != nil {
			r.Diagnostics["q_w_mean_spread"] = *spread
		}
		if last > 0 {
			r.Selection = &results.Selection{Iter: 5000, LastMetrics: results.Metrics{NLL: last}}
		}
		return r
	}
	f := func(v float64) *float64 { return &v }
	for i, r := range []*results.Result{
		res("recommended", 0, 2.8, f(1.2), 6.5),
		res("recommended", 1, 3.2, f(1.0), 4.5),
		res("recommended", 2, 3.0, nil, 5.5),
		res("paper", 0, 4.2, f(0.03), 0),
	} {
		if err := results.WriteJSONAtomic(filepath.Join(dir, string(rune('a'+i)), "result.json"), r); err != nil {
			t.Fatal(err)
		}
	}
	out, errOut, err := run(t, "runs", "--per-cell", "--diag", "q_w_mean_spread", dir)
	if err != nil {
		t.Fatal(err, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	want := []string{
		"| data set | model | variant | its | runs (seeds) | test NLL | last-it NLL | mean q_w_mean_spread |",
		"|---|---|---|---|---|---|---|---|",
		"| concrete | slgp | paper | 20000 | 1 (0) | 4.2000 ± 0.0000 | – | 0.0300 |",
		"| concrete | slgp | recommended | 20000 | 3 (0, 1, 2) | 3.0000 ± 0.1633 | 5.5000 | 1.1000 |",
	}
	if len(lines) != len(want) {
		t.Fatalf("%d lines, want %d:\n%s", len(lines), len(want), out)
	}
	for i := range want {
		if lines[i] != want[i] {
			t.Errorf("line %d: %q, want %q", i, lines[i], want[i])
		}
	}
}

// TestRunsCompare checks --compare and --iterations through the command:
// the 2000- and 20000-iteration SGP runs of one seed clash until
// --iterations picks one length, @last scores the selecting run at its last
// iteration, and bad values exit 2.
func TestRunsCompare(t *testing.T) {
	dir := writeResults(t)
	sel := &results.Result{
		Model: "slgp", Dataset: "boston", Variant: "recommended", SplitSeed: 1, Iterations: 20000,
		Metrics:   results.Metrics{NLL: 2.5, RMSE: 3},
		Selection: &results.Selection{Iter: 5500, LastMetrics: results.Metrics{NLL: 4.25}},
	}
	if err := results.WriteJSONAtomic(filepath.Join(dir, "study", "result.json"), sel); err != nil {
		t.Fatal(err)
	}
	long := filepath.Join(dir, "long")
	study := filepath.Join(dir, "study")
	short := filepath.Join(dir, "short")
	_, _, err := run(t, "runs", "--compare", "sgp,slgp/recommended", long, short, study)
	if err == nil || exitCode(err) != 2 || !strings.Contains(err.Error(), "two runs of boston seed") {
		t.Fatalf("two lengths of one seed: err %v", err)
	}
	out, errOut, err := run(t, "runs", "--compare", "sgp,slgp/recommended,slgp/recommended@last", "--iterations", "20000", "--diag", "", long, short, study)
	if err != nil {
		t.Fatal(err, errOut)
	}
	want := "| boston | 2.310 (2.300, 2.310, 2.320) | 2.500 (seed 1 only) | 0 of 1 | 4.250 (seed 1 only) | 0 of 1 | 2.333 / 2.208 |"
	if !strings.Contains(out, want) {
		t.Errorf("boston row missing, want %q:\n%s", want, out)
	}
	for _, args := range [][]string{
		{"--compare", "sgp"},
		{"--compare", "sgp,mdn"},
		{"--compare", "sgp,slgp/recommended", "--iterations", "1999"},
		{"--compare", "sgp,slgp/recommended", "--iterations", "-5"},
		{"--compare", "sgp,slgp/recommended", "--iterations", "2.5"},
		{"--compare", "sgp,slgp/recommended", "--per-cell"},
	} {
		if _, _, err := run(t, append(append([]string{"runs"}, args...), long, study)...); err == nil || exitCode(err) != 2 {
			t.Errorf("%q: err %v, want exit 2", args, err)
		}
	}
}
