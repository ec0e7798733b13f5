package report

import (
	"strings"
	"testing"

	"github.com/mgpteam/mgp/pkg/results"
)

// configRuns are five runs of SGP on boston, seeds 0-4, the first three
// with lr 0.01 and the last two with lr 0.03 (a sweep file edited between
// them), each with its own seeds and log cadence in its config.
func configRuns() []results.ResultFile {
	var out []results.ResultFile
	for seed := range uint64(5) {
		lr := 0.01
		if seed >= 3 {
			lr = 0.03
		}
		r := run("sgp", "boston", seed, float64(seed), 1)
		r.Config = map[string]any{
			"data":  map[string]any{"name": "boston", "split_seed": float64(seed)},
			"train": map[string]any{"lr": lr, "seed": float64(seed), "log_every": float64(100 * seed)},
		}
		out = append(out, results.ResultFile{Path: "runs/boston/sgp/s" + string(rune('0'+seed)) + "/result.json", Result: r})
	}
	return out
}

// TestTableKeepsDifferentConfigsApart: runs of one model, variant and data
// set whose configs differ in a key other than the seeds (a new lr) are
// not pooled into one cell: mgp table pools the config most runs share and
// lists the others in a "kept apart" line naming the key and both values;
// runs differing only in seeds and log cadence are pooled.
func TestTableKeepsDifferentConfigsApart(t *testing.T) {
	sum := Summarise(configRuns())
	if len(sum.Rows) != 1 || sum.Rows[0].N != 3 {
		t.Fatalf("rows %s (N %d): want the three lr 0.01 runs pooled, alone", rowNames(sum.Rows), sum.Rows[0].N)
	}
	notes := sum.Notes()
	want := "kept apart: sgp on boston (2000 its, 200 samples, random split): runs made under different configs are never pooled; " +
		"pooled 3 runs of one config; not pooled: 2 runs under another config (train.lr 0.01 → 0.03): " +
		"runs/boston/sgp/s3/result.json, runs/boston/sgp/s4/result.json"
	if len(notes) != 1 || notes[0] != want {
		t.Fatalf("notes %q\nwant %q", notes, want)
	}
}

// TestRunCellsKeepDifferentConfigsApart: mgp runs --per-cell makes one
// cell per config, marks them and names the differing key.
func TestRunCellsKeepDifferentConfigsApart(t *testing.T) {
	cells := RunCells(RunRows(configRuns(), nil))
	if len(cells) != 2 || cells[0].N != 3 || cells[1].N != 2 {
		t.Fatalf("%d cells: runs of different configs pooled", len(cells))
	}
	md := MarkdownRunCells(cells, nil)
	if strings.Count(md, "kept apart]") != 2 {
		t.Fatalf("cells not marked:\n%s", md)
	}
	notes := RunCellNotes(cells)
	if len(notes) != 1 || !strings.Contains(notes[0], "(train.lr 0.01 → 0.03)") {
		t.Fatalf("notes %q", notes)
	}
}

// TestCompareRunsRefusesMixedConfigs: mgp runs --compare does not average
// a column's runs made under different configs; it says which and why.
func TestCompareRunsRefusesMixedConfigs(t *testing.T) {
	_, err := CompareRuns(RunRows(configRuns(), nil), []CompareColumn{{Model: "sgp"}}, nil, nil)
	if err == nil || !strings.Contains(err.Error(), "different configs") || !strings.Contains(err.Error(), "train.lr 0.01 → 0.03") {
		t.Fatalf("err = %v", err)
	}
}
