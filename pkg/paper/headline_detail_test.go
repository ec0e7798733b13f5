package paper

import (
	"math"
	"strings"
	"testing"

	"github.com/mgpteam/mgp/pkg/results"

	"github.com/mgpteam/mgp/pkg/report"
)

// TestDetailCalibration: the detail file's calibration table gives per
// headline cell the mean CRPS and 90 % coverage over the runs that record
// them, with how many do (a legacy run without them is left out of the
// means), and "–" for a cell whose runs all lack them.
func TestDetailCalibration(t *testing.T) {
	cal := func(crps, cov float64) *results.Calibration {
		return &results.Calibration{CRPS: crps, Coverage90: cov}
	}
	var rs []*results.Result
	for seed, c := range []*results.Calibration{cal(0.2, 0.8), cal(0.4, 0.9), nil} {
		rs = append(rs, &results.Result{Model: "sgp", Dataset: "boston", SplitSeed: uint64(seed), ModelSeed: uint64(seed),
			Iterations: 100, Metrics: results.Metrics{NLL: 2, NTest: 10, Samples: 200, Calibration: c}})
	}
	rs = append(rs, &results.Result{Model: "shgp", Dataset: "boston", Iterations: 100,
		Metrics: results.Metrics{NLL: 1, NTest: 10, Samples: 200}})
	sum := report.SummariseResults(rs)
	h := buildHeadline(sum, []headlineSpec{{Model: "sgp"}, {Model: "shgp"}}, nil)
	md := h.DetailMarkdown(headlineMeta{Title: "t"}, sum.Rows, nil)
	_, cal2, ok := strings.Cut(md, "## Calibration of the headline cells")
	if !ok {
		t.Fatalf("no calibration section:\n%s", md)
	}
	for _, want := range []string{"| SGP | CRPS 0.3, 90 % cov. 0.85 (2/3) |", "| SHGP | – |"} {
		if !strings.Contains(cal2, want) {
			t.Errorf("calibration section lacks %q:\n%s", want, cal2)
		}
	}
}

// TestHeadlineMarkdownWithoutPaperValues: a table on data the paper gives
// no number for (nytaxi) says so, not "the paper's mean ± sd beneath".
func TestHeadlineMarkdownWithoutPaperValues(t *testing.T) {
	h := headlineTable{Datasets: []string{"nytaxi"}, Rows: []headlineRow{{Label: "SGP", Cells: []headlineCell{{}}}}}
	h.Rows[0].Cells[0].N, h.Rows[0].Cells[0].Mean = 3, 7.41
	md := h.Markdown(headlineMeta{Title: "nytaxi"})
	if !strings.Contains(md, "the paper gives no number for these data") || strings.Contains(md, "over 10 runs beneath") {
		t.Errorf("table without paper values:\n%s", md)
	}
}

// TestHeadlineFootnoteSelection: a one-run cell whose run made a held-out
// selection names, in its row's footnote, the iteration kept and the same
// run's last-iteration test NLL; a run without selection, or a cell of
// several runs, gets no such sentence.
func TestHeadlineFootnoteSelection(t *testing.T) {
	run := func(seed uint64, sel bool) *results.Result {
		r := &results.Result{Model: "cvae", Dataset: "mnist", Variant: "dw2-selected", Iterations: 50000, ModelSeed: seed, SplitSeed: seed,
			Split: "random", Metrics: results.Metrics{NLL: -967.3, NTest: 10, Samples: 200}}
		if sel {
			r.Selection = &results.Selection{Validation: 0.1, Every: 1000, Iter: 22000, ValNLL: -944.9,
				LastMetrics: results.Metrics{NLL: -319.6775, NTest: 10, Samples: 200}}
		}
		return r
	}
	spec := []headlineSpec{{Model: "cvae", Variant: "dw2-selected", Label: "CVAE"}}
	md := func(rs ...*results.Result) string {
		return buildHeadline(report.SummariseResults(rs), spec, nil).Markdown(headlineMeta{Title: "t"})
	}
	want := "On mnist, the run kept iteration 22000 (at its last iteration it scored -319.7)."
	if got := md(run(0, true)); !strings.Contains(got, want) {
		t.Errorf("one selecting run: want %q in\n%s", want, got)
	}
	if got := md(run(0, false)); strings.Contains(got, "kept iteration") {
		t.Errorf("no selection: no sentence wanted:\n%s", got)
	}
	if got := md(run(0, true), run(1, true), run(2, true)); strings.Contains(got, "kept iteration") {
		t.Errorf("3 runs: no sentence wanted:\n%s", got)
	}
}

// TestHeadlineFootnoteTracedSpread: a one-run cell whose run traced its
// test NLL at least minTracedPoints times gets the traced values' range
// and median in its row's footnote; a cell of several runs, or of a run
// with fewer traced points, does not.
func TestHeadlineFootnoteTracedSpread(t *testing.T) {
	run := func(seed uint64, traced ...float64) *results.Result {
		r := &results.Result{Model: "cvae", Dataset: "mnist", Variant: "dw2", Iterations: 100, ModelSeed: seed, SplitSeed: seed,
			Split: "random", Metrics: results.Metrics{NLL: -448, NTest: 10, Samples: 200}}
		for i, v := range traced {
			r.Trace = append(r.Trace, results.TracePoint{Iter: 20 * (i + 1), TestNLL: &v})
		}
		return r
	}
	spec := []headlineSpec{{Model: "cvae", Variant: "dw2", Label: "CVAE"}}
	md := func(rs ...*results.Result) string {
		return buildHeadline(report.SummariseResults(rs), spec, nil).Markdown(headlineMeta{Title: "t"})
	}
	want := "On mnist, the run's test NLL traced during training (5 points, iterations 20-100) ran from -928.7 to 2343, median -402.8."
	if got := md(run(0, 13.66, -928.7, 2343.4, -402.8, -451.1)); !strings.Contains(got, want) {
		t.Errorf("one run, 5 traced points: want %q in\n%s", want, got)
	}
	nan := math.NaN()
	wantNaN := "(6 points, iterations 20-120) ran from -3 to 5, median 0.75 (2 of them not finite)."
	if got := md(run(0, -3, nan, 1, math.Inf(1), 5, 0.5)); !strings.Contains(got, wantNaN) {
		t.Errorf("non-finite traced values: want %q in\n%s", wantNaN, got)
	}
	if got := md(run(0, 1, 2, 3, 4)); strings.Contains(got, "traced during training") {
		t.Errorf("4 traced points: no spread wanted:\n%s", got)
	}
	if got := md(run(0, 1, 2, 3, 4, 5), run(1, 1, 2, 3, 4, 5), run(2, 1, 2, 3, 4, 5)); strings.Contains(got, "traced during training") {
		t.Errorf("3 runs: no spread wanted (the cell has its own):\n%s", got)
	}
}
