package report

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/mgpteam/mgp/pkg/paper/values"
)

// TestCompareRuns checks the side-by-side table: seeds in order with their
// mean, wins counted on the seeds shared with the baseline, per-seed
// diagnostics only for a column whose runs report them, and the paper's
// means for the columns' models.
func TestCompareRuns(t *testing.T) {
	row := func(model, variant, ds string, seed uint64, nll, spread float64) RunRow {
		return RunRow{Dataset: ds, Model: model, Variant: variant, Seed: seed, Iterations: 20000, NLL: nll, Diags: []float64{spread}}
	}
	nan := math.NaN()
	rows := []RunRow{
		row("sgp", "paper", "boston", 0, 3, nan),
		row("sgp", "paper", "boston", 1, 2, nan),
		row("sgp", "paper", "boston", 2, 2.5, nan),
		row("slgp", "recommended", "boston", 0, 2.5, 0.5),
		row("slgp", "recommended", "boston", 1, 2.25, 0.004),
		row("slgp", "recommended", "boston", 2, 2, nan),
		row("slgp", "recommended", "naval", 1, -5, 0),
		row("slgp", "recommended", "naval", 2, -6, 0.25),
		row("gpcde", "", "boston", 2, 4, 1),
		row("mdn", "selected", "boston", 0, 1, nan), // not a column
	}
	paper := map[string]map[string]values.Value{"sgp": {"boston": {Mean: 2.3325}}, "slgp": {"boston": {Mean: 2.2075}, "naval": {Mean: -6.3133}}}
	cols, err := ParseCompareColumns([]string{"sgp/paper", "slgp/recommended", "gpcde"})
	if err != nil {
		t.Fatal(err)
	}
	got, err := CompareRuns(rows, cols, []string{"q_w_mean_spread"}, paper)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"| data set | sgp/paper | slgp/recommended | wins vs sgp/paper | q_w_mean_spread (slgp/recommended) | gpcde | wins vs sgp/paper | q_w_mean_spread (gpcde) | paper (sgp, slgp) |",
		"|---|---|---|---|---|---|---|---|---|",
		"| boston | 2.500 (3.000, 2.000, 2.500) | 2.250 (2.500, 2.250, 2.000) | 2 of 3 | 0.50, 4.0e-03, – | 4.000 (seed 2 only) | 0 of 1 | 1.00 | 2.333 / 2.208 |",
		"| naval | – | -5.500 (s1 -5.000, s2 -6.000) | – | 0.00, 0.25 | – | – | – | – / -6.313 |",
	}
	lines := strings.Split(strings.TrimSpace(got), "\n")
	if len(lines) != len(want) {
		t.Fatalf("%d lines, want %d:\n%s", len(lines), len(want), got)
	}
	for i := range want {
		if lines[i] != want[i] {
			t.Errorf("line %d:\n got %q\nwant %q", i, lines[i], want[i])
		}
	}
}

// TestCompareRunsRefuses checks the errors: a column without runs (naming
// the columns there are), two runs of one seed in a column, and malformed
// column specs.
func TestCompareRunsRefuses(t *testing.T) {
	rows := []RunRow{
		{Dataset: "boston", Model: "sgp", Variant: "paper", Seed: 0, Iterations: 2000, Path: "a"},
		{Dataset: "boston", Model: "sgp", Variant: "paper", Seed: 0, Iterations: 20000, Path: "b"},
		{Dataset: "boston", Model: "slgp", Variant: "recommended", Seed: 0, Iterations: 20000, Path: "c"},
	}
	_, err := CompareRuns(rows, []CompareColumn{{"slgp", "recommended"}, {"gpcde", "paper"}}, nil, nil)
	if err == nil || !strings.Contains(err.Error(), "gpcde/paper matches no run") || !strings.Contains(err.Error(), "slgp/recommended") {
		t.Errorf("a column without runs: %v", err)
	}
	_, err = CompareRuns(rows, []CompareColumn{{"sgp", "paper"}, {"slgp", "recommended"}}, nil, nil)
	if err == nil || !strings.Contains(err.Error(), "two runs of boston seed 0") || !errors.As(err, new(*DuplicateSeedError)) {
		t.Errorf("two runs of one seed: %v", err)
	}
	for _, specs := range [][]string{{"sgp"}, {"sgp", "/paper"}, {"sgp", "slgp/a/b"}, {"sgp", "slgp/x", "slgp/x"}} {
		if _, err := ParseCompareColumns(specs); err == nil {
			t.Errorf("%q accepted", specs)
		}
	}
}

// TestRunCellsKeepProtocolsApart: RunCells pools as Summarise does, so runs
// of one data set, model, variant and length on random and on fixed splits
// make two cells, and the table names the split beside the iterations.
func TestRunCellsKeepProtocolsApart(t *testing.T) {
	random := Protocol{Iterations: 2000, Samples: 200, Split: SplitRandom}
	fixed := random
	fixed.Split = SplitFixed
	rows := []RunRow{
		{Dataset: "boston", Model: "sgp", Seed: 0, Iterations: 2000, Protocol: random, NLL: 1},
		{Dataset: "boston", Model: "sgp", Seed: 1, Iterations: 2000, Protocol: random, NLL: 3},
		{Dataset: "boston", Model: "sgp", Seed: 0, Iterations: 2000, Protocol: fixed, NLL: 10},
	}
	cells := RunCells(rows)
	if len(cells) != 2 || cells[0].N != 2 || cells[1].N != 1 {
		t.Fatalf("cells %+v, want 2 random runs then 1 fixed", cells)
	}
	if cells[0].NLLMean != 2 || cells[0].NLLStd != 1 {
		t.Errorf("random cell %v ± %v, want 2 ± 1 (population sd)", cells[0].NLLMean, cells[0].NLLStd)
	}
	md := MarkdownRunCells(cells, nil)
	for _, want := range []string{"| 2000 (random split) | 2 (0, 1) |", "| 2000 (fixed split) | 1 (0) |"} {
		if !strings.Contains(md, want) {
			t.Errorf("per-cell table lacks %q:\n%s", want, md)
		}
	}
}

// TestMarkdownRunsEscapesNames: every table goes through one Markdown
// writer, so a "|" in a name cannot add a column to the run listing either.
func TestMarkdownRunsEscapesNames(t *testing.T) {
	md := MarkdownRuns([]RunRow{{Dataset: "boston", Model: "slgp", Variant: "a|b", NLL: 1, RMSE: 2, LastNLL: math.NaN()}}, nil)
	lines := strings.Split(strings.TrimSpace(md), "\n")
	if len(lines) != 3 {
		t.Fatalf("%d lines:\n%s", len(lines), md)
	}
	cols := func(s string) int { return strings.Count(strings.ReplaceAll(s, `\|`, ""), "|") }
	if cols(lines[2]) != cols(lines[0]) || !strings.Contains(lines[2], `a\|b`) {
		t.Errorf("row breaks the table:\n%s", md)
	}
}
