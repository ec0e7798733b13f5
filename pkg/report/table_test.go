package report

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"github.com/mgpteam/mgp/pkg/results"
)

// run builds a minimal Result: a random split at 2000 iterations with 200
// samples, the model seed equal to the split seed.
func run(model, dataset string, split uint64, nll, rmse float64) *results.Result {
	return &results.Result{
		Model: model, Dataset: dataset, SplitSeed: split, ModelSeed: split,
		Split: fmt.Sprintf("random seed %d, 90/10, stats full", split), Iterations: 2000,
		Metrics: results.Metrics{NLL: nll, RMSE: rmse, Samples: 200},
	}
}

// with returns a copy of r changed by f.
func with(r *results.Result, f func(*results.Result)) *results.Result {
	c := *r
	f(&c)
	return &c
}

// syntheticResults is a small set with a known summary.
func syntheticResults() []*results.Result {
	return []*results.Result{
		run("mine", "toy", 0, 1.0, 0.5),
		run("sgp", "boston", 2, 2.4, 3),
		run("SLGP", "energy", 0, 0.7, 1),
		run("sgp", "boston", 0, 2.2, 1),
		run("SLGP", "boston", 1, 2.3, 2),
		nil,
		run("sgp", "boston", 1, 2.3, 2),
		run("SLGP", "boston", 0, 2.1, 2),
	}
}

// rowNames lists rows as model[variant]/dataset@iterations.
func rowNames(rows []Row) string {
	var s []string
	for _, r := range rows {
		name := r.Model
		if r.Variant != "" {
			name += "[" + r.Variant + "]"
		}
		s = append(s, fmt.Sprintf("%s/%s@%d", name, r.Dataset, r.Protocol.Iterations))
	}
	return strings.Join(s, " ")
}

func TestSummarise(t *testing.T) {
	sum := SummariseResults(syntheticResults())
	rows := sum.Rows
	if got := rowNames(rows); got != "sgp/boston@2000 SLGP/boston@2000 SLGP/energy@2000 mine/toy@2000" {
		t.Fatalf("row order %q", got)
	}
	if len(sum.Protocols) != 0 || len(sum.Duplicates) != 0 || len(sum.Notes()) != 0 {
		t.Fatalf("nothing to keep apart, got %v", sum.Notes())
	}
	sgp := rows[0]
	if sgp.N != 3 || math.Abs(sgp.Mean-2.3) > 1e-12 || math.Abs(sgp.Median-2.3) > 1e-12 {
		t.Fatalf("sgp row %+v", sgp)
	}
	if sgp.Protocol != (Protocol{Iterations: 2000, Samples: 200, Split: SplitRandom}) {
		t.Errorf("protocol %+v", sgp.Protocol)
	}
	if want := math.Sqrt(0.02 / 3); math.Abs(sgp.Std-want) > 1e-12 {
		t.Errorf("population std %v, want %v", sgp.Std, want)
	}
	if want := 0.1 / math.Sqrt(3); math.Abs(sgp.StdErr-want) > 1e-12 {
		t.Errorf("std error %v, want %v", sgp.StdErr, want)
	}
	if sgp.Values[0] != 2.2 || sgp.Values[1] != 2.3 || sgp.Values[2] != 2.4 || sgp.SplitSeeds[2] != 2 {
		t.Errorf("values %v seeds %v not ordered by seed", sgp.Values, sgp.SplitSeeds)
	}
	if want := math.Sqrt(2.0 / 3); math.Abs(sgp.RMSEMean-2) > 1e-12 || math.Abs(sgp.RMSEStd-want) > 1e-12 {
		t.Errorf("rmse %v ± %v", sgp.RMSEMean, sgp.RMSEStd)
	}
	if one := rows[2]; one.N != 1 || one.Std != 0 || !math.IsNaN(one.StdErr) || one.Median != 0.7 {
		t.Errorf("single-run row %+v", one)
	}
	if even := rows[1]; math.Abs(even.Median-2.2) > 1e-12 {
		t.Errorf("median of two = %v, want 2.2", even.Median)
	}
}

// TestSummariseGroupsByVariant: runs of one model, data set and protocol but
// different variants are separate rows, the empty variant first.
func TestSummariseGroupsByVariant(t *testing.T) {
	base := run("slgp", "boston", 0, 2.0, 1)
	rs := []*results.Result{
		with(base, func(r *results.Result) { r.Variant = "beta=0.1"; r.Metrics.NLL = 5 }),
		base,
		with(base, func(r *results.Result) { r.SplitSeed, r.ModelSeed, r.Metrics.NLL = 1, 1, 3 }),
	}
	sum := SummariseResults(rs)
	if got := rowNames(sum.Rows); got != "slgp/boston@2000 slgp[beta=0.1]/boston@2000" {
		t.Fatalf("rows %q", got)
	}
	if sum.Rows[0].N != 2 || sum.Rows[0].Mean != 2.5 || sum.Rows[1].N != 1 || sum.Rows[1].Mean != 5 {
		t.Fatalf("variants pooled: %+v", sum.Rows)
	}
	if len(sum.Notes()) != 0 {
		t.Errorf("variants are not protocols: %v", sum.Notes())
	}
	md := MarkdownTable(sum.Rows, nil)
	if !strings.Contains(md, "| slgp [beta=0.1] | 5.0000 (1) |") || !strings.Contains(md, "| slgp | 2.5000 ± 0.5000 (2) |") {
		t.Errorf("variant row labels:\n%s", md)
	}
}

// TestSummariseKeepsProtocolsApart: runs that differ in iterations,
// predictive samples or kind of split are never pooled, and the notes say
// what was kept apart.
func TestSummariseKeepsProtocolsApart(t *testing.T) {
	cases := []struct {
		name   string
		change func(*results.Result)
		want   Protocol // the changed runs' protocol
		note   string
	}{
		{"iterations", func(r *results.Result) { r.Iterations = 20000 },
			Protocol{20000, 200, SplitRandom, 0},
			"kept apart: sgp on boston: 2 runs at 2000 iterations, 3 runs at 20000 iterations"},
		{"samples", func(r *results.Result) { r.Metrics.Samples = 50 },
			Protocol{2000, 50, SplitRandom, 0},
			"kept apart: sgp on boston: 3 runs with 50 samples, 2 runs with 200 samples"},
		{"fixed split", func(r *results.Result) { r.Split = fmt.Sprintf("fixed split %d, 90/10", r.SplitSeed) },
			Protocol{2000, 200, SplitFixed, 0},
			"kept apart: sgp on boston: 2 runs on random splits, 3 runs on fixed splits"},
		{"split from config", func(r *results.Result) {
			r.Split = ""
			r.Config = map[string]any{"data": map[string]any{"split": "fixed"}}
		}, Protocol{2000, 200, SplitFixed, 0},
			"kept apart: sgp on boston: 2 runs on random splits, 3 runs on fixed splits"},
		{"toy", func(r *results.Result) { r.Split = "toy: train seed 0, held-out draw seed 1000" },
			Protocol{2000, 200, SplitToy, 0},
			"kept apart: sgp on boston: 2 runs on random splits, 3 runs on toy data"},
		{"held-out selection", func(r *results.Result) { r.Selection = &results.Selection{Validation: 0.1} },
			Protocol{2000, 200, SplitRandom, 0.1},
			"kept apart: sgp on boston: 2 runs last iteration, 3 runs selected on 10% held out"},
		{"iterations and split", func(r *results.Result) { r.Iterations = 500; r.Split = "toy: x" },
			Protocol{500, 200, SplitToy, 0},
			"kept apart: sgp on boston: 3 runs at 500 iterations on toy data, 2 runs at 2000 iterations on random splits"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var rs []*results.Result
			for seed := range uint64(5) {
				r := run("sgp", "boston", seed, float64(seed), 1)
				if seed >= 2 {
					r = with(r, c.change)
				}
				rs = append(rs, r)
			}
			sum := SummariseResults(rs)
			if len(sum.Rows) != 2 {
				t.Fatalf("%d rows, want 2 (protocols pooled?): %s", len(sum.Rows), rowNames(sum.Rows))
			}
			var changed Row
			for _, r := range sum.Rows {
				if r.Protocol == c.want {
					changed = r
				}
			}
			if changed.N != 3 || !slices.Equal(changed.Values, []float64{2, 3, 4}) {
				t.Fatalf("row of protocol %+v: %+v", c.want, changed)
			}
			if notes := sum.Notes(); len(notes) != 1 || notes[0] != c.note {
				t.Fatalf("notes %q, want %q", notes, c.note)
			}
		})
	}
}

// TestSummariseLeavesRepeatedSeedsApart: a second run with the seeds of an
// earlier one is not pooled; the first file in path order (element by
// element, as a directory walk goes) is kept, whatever the input order. A
// run with the same seeds under another config is not pooled either: it
// is kept apart as a run of another config.
func TestSummariseLeavesRepeatedSeedsApart(t *testing.T) {
	cfg := func(ard bool) map[string]any {
		return map[string]any{"model": map[string]any{"name": "sgp", "ard": ard}, "data": map[string]any{"split": "random"}}
	}
	files := []results.ResultFile{
		{Path: "res/uci-sgp-iso/s0/result.json", Result: with(run("sgp", "boston", 0, 9, 1), func(r *results.Result) { r.Config = cfg(false) })},
		{Path: "res/uci-sgp/s1/result.json", Result: with(run("sgp", "boston", 1, 3, 1), func(r *results.Result) { r.Config = cfg(true) })},
		{Path: "res/uci-sgp/s0/result.json", Result: with(run("sgp", "boston", 0, 2, 1), func(r *results.Result) { r.Config = cfg(true) })},
		{Path: "res/uci-sgp/s0b/result.json", Result: with(run("sgp", "boston", 0, 7, 1), func(r *results.Result) { r.Config = cfg(true) })},
		// Same split seed, another model seed: a separate run.
		{Path: "res/uci-sgp/s0m1/result.json", Result: with(run("sgp", "boston", 0, 4, 1), func(r *results.Result) { r.ModelSeed = 1; r.Config = cfg(true) })},
	}
	sum := Summarise(files)
	if len(sum.Rows) != 1 {
		t.Fatalf("rows %s", rowNames(sum.Rows))
	}
	row := sum.Rows[0]
	if !slices.Equal(row.Values, []float64{2, 4, 3}) || !slices.Equal(row.ModelSeeds, []uint64{0, 1, 1}) {
		t.Fatalf("pooled values %v model seeds %v, want [2 4 3] [0 1 1]", row.Values, row.ModelSeeds)
	}
	if len(sum.Duplicates) != 1 {
		t.Fatalf("duplicates %+v", sum.Duplicates)
	}
	d := sum.Duplicates[0]
	if d.Kept != "res/uci-sgp/s0/result.json" || len(d.LeftApart) != 1 ||
		d.LeftApart[0].Path != "res/uci-sgp/s0b/result.json" || len(d.LeftApart[0].ConfigDiff) != 0 {
		t.Fatalf("duplicate %+v, want kept res/uci-sgp/s0 and left apart res/uci-sgp/s0b", d)
	}
	notes := sum.Notes()
	want := []string{
		"kept apart: 1 repeat of split 0 / model seed 0 for sgp on boston (2000 its, 200 samples, random split): " +
			"pooled only res/uci-sgp/s0/result.json; not pooled: res/uci-sgp/s0b/result.json (same config)",
		"kept apart: sgp on boston (2000 its, 200 samples, random split): runs made under different configs are never pooled; " +
			"pooled 4 runs of one config; not pooled: 1 run under another config (model.ard true → false): res/uci-sgp-iso/s0/result.json",
	}
	if !slices.Equal(notes, want) {
		t.Fatalf("notes %q\nwant %q", notes, want)
	}
}

// TestSummariseFixedSplitsByIndex: fixed splits are told apart by their
// index, so runs of splits 0, 1, 2 made with one split seed are not repeats.
func TestSummariseFixedSplitsByIndex(t *testing.T) {
	var rs []*results.Result
	for i := range 3 {
		rs = append(rs, with(run("sgp", "concrete", 0, float64(i), 1), func(r *results.Result) {
			r.Split = fmt.Sprintf("fixed split %d, 927/103, stats full", i)
		}))
	}
	sum := SummariseResults(rs)
	if len(sum.Rows) != 1 || sum.Rows[0].N != 3 || len(sum.Duplicates) != 0 {
		t.Fatalf("rows %+v duplicates %+v", sum.Rows, sum.Duplicates)
	}
	if !slices.Equal(sum.Rows[0].SplitSeeds, []uint64{0, 1, 2}) {
		t.Errorf("split ids %v, want the indices 0 1 2", sum.Rows[0].SplitSeeds)
	}
}
