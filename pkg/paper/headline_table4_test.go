package paper

import (
	"math"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/mgpteam/mgp/pkg/results"

	"github.com/mgpteam/mgp/pkg/paper/values"
	"github.com/mgpteam/mgp/pkg/report"
)

// mnistResult is a fake mnist result of model at d_w with the given NLL.
func mnistResult(model, variant string, seed uint64, nll float64) results.ResultFile {
	return results.ResultFile{Path: filepath.Join("runs", "mnist", model, variant, "s"+strconv.FormatUint(seed, 10), "result.json"),
		Result: &results.Result{
			Model: model, Dataset: "mnist", Variant: variant, SplitSeed: seed, ModelSeed: seed,
			Split: "random seed 0, 63000/7000, stats none", Iterations: 2000,
			Metrics: results.Metrics{NLL: nll, NTest: 7000, Samples: 200},
		}}
}

// TestHeadlineTable4 builds Table 4's headline from fake mnist runs: each
// row gets the paper's value of its own model and d_w (not the other
// d_w's), as a single number without a z-score, in the Markdown and the
// CSV; a row whose settings lack d_w has no paper value; Table 3's lookup
// knows no mnist value.
func TestHeadlineTable4(t *testing.T) {
	files := []results.ResultFile{
		mnistResult("cvae", "dw2", 0, -700), mnistResult("cvae", "dw16", 0, -800),
		mnistResult("slgp", "dw2", 0, -1000), mnistResult("slgp", "dw2", 1, -1010), mnistResult("slgp", "dw16", 0, -1100),
	}
	dw := func(v string) map[string]string { return map[string]string{"model.d_w": v} }
	specs := []headlineSpec{
		{Model: "cvae", Variant: "dw2", Label: "CVAE (d_w = 2)", Settings: dw("2")},
		{Model: "cvae", Variant: "dw16", Label: "CVAE (d_w = 16)", Settings: dw("16")},
		{Model: "slgp", Variant: "dw2", Label: "SLGP (d_w = 2)", Settings: dw("2")},
		{Model: "slgp", Variant: "dw16", Label: "SLGP (d_w = 16)", Settings: dw("16")},
		{Model: "slgp", Variant: "dw16", Label: "SLGP (unknown d_w)"},
	}
	h := buildHeadlineLookup(report.Summarise(files), specs, paperValues())
	if len(h.Datasets) != 1 || h.Datasets[0] != "mnist" {
		t.Fatalf("columns %v, want [mnist]", h.Datasets)
	}
	want := []float64{-825.1102, -935.4681, -1198.2542, -1225.2195}
	for i, r := range h.Rows {
		c := r.Cells[0]
		if i == 4 {
			if c.HasPaper {
				t.Errorf("%s: paper value %v without the setting", r.Label, c.Paper)
			}
			continue
		}
		if !c.HasPaper || c.Paper.Mean != want[i] || !c.Paper.NoSpread || !math.IsNaN(c.Z) {
			t.Errorf("%s: paper %+v (has %v), z %v; want %v, no spread, no z", r.Label, c.Paper, c.HasPaper, c.Z, want[i])
		}
	}
	if c := h.Rows[2].Cells[0]; c.N != 2 || c.Mean != -1005 {
		t.Errorf("SLGP d_w = 2: n %d mean %v, want 2 runs, mean -1005", c.N, c.Mean)
	}
	md := h.Markdown(headlineMeta{Title: "Table 4", Command: "mgp table --sweep mnist.yaml", Version: "v0", Date: "2026-01-02", Sources: []string{"runs"}})
	for _, s := range []string{
		"Test NLL per test image", "| model | mnist |",
		"| SLGP (d_w = 2) [^3] | -1005.0000 ± 5.0000 (2)<br>paper -1198.2542 † |",
		"| CVAE (d_w = 16) [^2] | -800.0000 (1)<br>paper -935.4681 |",
		"| SLGP (unknown d_w) [^5] | -1100.0000 (1) |",
		"[^3]: SLGP (d_w = 2): slgp, variant `dw2`: 2000 iterations, 200 samples per test point, random split, last iteration; seeds 0-1.",
	} {
		if !strings.Contains(md, s) {
			t.Errorf("Markdown lacks %q:\n%s", s, md)
		}
	}
	for _, s := range []string{
		"## Between the rows\n\n",
		"- mnist, d_w = 2: lowest SLGP (d_w = 2); ours in order: SLGP (d_w = 2) -1005.00 (n = 2) < CVAE (d_w = 2) -700.00 (n = 1); the paper's lowest: SLGP.\n",
		"- mnist, d_w = 16: lowest SLGP (d_w = 16); ours in order: SLGP (d_w = 16) -1100.00 (n = 1) < CVAE (d_w = 16) -800.00 (n = 1); the paper's lowest: SLGP.\n",
		"- mnist, CVAE from d_w = 2 to 16: ours improves (lower) (-700.00 to -800.00), the paper's improves (lower) (-825.11 to -935.47).\n",
		"- mnist, SLGP from d_w = 2 to 16: ours improves (lower) (-1005.00 to -1100.00), the paper's improves (lower) (-1198.25 to -1225.22).\n",
	} {
		if !strings.Contains(md, s) {
			t.Errorf("Markdown lacks %q", s)
		}
	}
	if strings.Contains(md, "over 10 runs") {
		t.Error("Table 4's Markdown describes Table 3's paper values")
	}
	csvText, err := h.CSV()
	if err != nil {
		t.Fatal(err)
	}
	if line := "SLGP (d_w = 16),slgp,dw16,mnist,2000,200,random,0,1,-1100,0,-1100,0,,-1225.2195,,best,,"; !strings.Contains(csvText, line) {
		t.Errorf("CSV lacks %q:\n%s", line, csvText)
	}
	if _, ok := table3Lookup(values.Table3())(specs[2], "mnist"); ok {
		t.Error("Table 3 has a value for mnist")
	}
}

// TestSettingComparisonsKeepSeries: rows of one model that differ in a
// model key besides d_w (SLGP with model.noise_per_output beside the
// paper's SLGP) are compared along d_w each within its own series, named
// by their labels, never one series' d_w = 2 against another's d_w = 16.
func TestSettingComparisonsKeepSeries(t *testing.T) {
	files := []results.ResultFile{
		mnistResult("slgp", "dw2", 0, -1000), mnistResult("slgp", "dw16", 0, -1100),
		mnistResult("slgp", "dw2-pix", 0, 250), mnistResult("slgp", "dw16-pix", 0, -500),
	}
	set := func(v string, pix bool) map[string]string {
		m := map[string]string{"model.d_w": v, "model.m": "100"}
		if pix {
			m["model.noise_per_output"] = "true"
		}
		return m
	}
	specs := []headlineSpec{
		{Model: "slgp", Variant: "dw2", Label: "SLGP (d_w = 2)", Settings: set("2", false)},
		{Model: "slgp", Variant: "dw16", Label: "SLGP (d_w = 16)", Settings: set("16", false)},
		{Model: "slgp", Variant: "dw2-pix", Label: "SLGP (d_w = 2, pix)", Settings: set("2", true)},
		{Model: "slgp", Variant: "dw16-pix", Label: "SLGP (d_w = 16, pix)", Settings: set("16", true)},
	}
	got := strings.Join(buildHeadlineLookup(report.Summarise(files), specs, paperValues()).SettingComparisons(), "\n")
	for _, s := range []string{
		"mnist, SLGP (d_w = 2) to SLGP (d_w = 16), from d_w = 2 to 16: ours improves (lower) (-1000.00 to -1100.00)",
		"mnist, SLGP (d_w = 2, pix) to SLGP (d_w = 16, pix), from d_w = 2 to 16: ours improves (lower) (250.00 to -500.00)",
	} {
		if !strings.Contains(got, s) {
			t.Errorf("comparisons lack %q:\n%s", s, got)
		}
	}
	if strings.Contains(got, "-1000.00 to -500.00") || strings.Contains(got, "250.00 to -1100.00") {
		t.Errorf("comparisons mix the two series:\n%s", got)
	}
}

// TestSettingComparisonsKeepProtocols: CVAE at its last iteration and CVAE
// with held-out selection are two series along d_w, never compared as
// "from d_w = 2 to 2" (the defect of results/table4-medium.md).
func TestSettingComparisonsKeepProtocols(t *testing.T) {
	files := []results.ResultFile{
		mnistResult("cvae", "dw2", 0, 2745), mnistResult("cvae", "dw2-selected", 0, -851),
		mnistResult("cvae", "dw16", 0, -600), mnistResult("cvae", "dw16-selected", 0, -900),
	}
	set := func(v string, selected bool) map[string]string {
		m := map[string]string{"model.d_w": v, "train.iterations": "50000", "train.validation": "0", "train.select_every": "0"}
		if selected {
			m["train.validation"], m["train.select_every"] = "0.1", "1000"
		}
		return m
	}
	specs := []headlineSpec{
		{Model: "cvae", Variant: "dw2", Label: "CVAE (d_w = 2)", Settings: set("2", false)},
		{Model: "cvae", Variant: "dw2-selected", Label: "CVAE (d_w = 2, sel)", Settings: set("2", true)},
		{Model: "cvae", Variant: "dw16", Label: "CVAE (d_w = 16)", Settings: set("16", false)},
		{Model: "cvae", Variant: "dw16-selected", Label: "CVAE (d_w = 16, sel)", Settings: set("16", true)},
	}
	got := strings.Join(buildHeadlineLookup(report.Summarise(files), specs, paperValues()).SettingComparisons(), "\n")
	for _, s := range []string{
		"mnist, CVAE (d_w = 2) to CVAE (d_w = 16), from d_w = 2 to 16: ours improves (lower) (2745.00 to -600.00)",
		"mnist, CVAE (d_w = 2, sel) to CVAE (d_w = 16, sel), from d_w = 2 to 16: ours improves (lower) (-851.00 to -900.00)",
	} {
		if !strings.Contains(got, s) {
			t.Errorf("comparisons lack %q:\n%s", s, got)
		}
	}
	if !strings.Contains(got, "mnist, d_w = 2: lowest CVAE (d_w = 2, sel); ours in order") {
		t.Errorf("the lowest row at d_w = 2 is not named by its label:\n%s", got)
	}
	if strings.Contains(got, "from d_w = 2 to 2") || strings.Contains(got, "from d_w = 16 to 16") {
		t.Errorf("comparisons put two protocols in one series:\n%s", got)
	}
}
