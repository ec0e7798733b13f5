package paper

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mgpteam/mgp/pkg/rundir"

	"github.com/mgpteam/mgp/pkg/paper/values"
	"github.com/mgpteam/mgp/pkg/report"
)

// update rewrites the golden files of the headline tests from this build:
// go test ./pkg/report -run headlineTable -update
var update = flag.Bool("update", false, "rewrite testdata/headline/*.golden from this build")

// fixtureHeadline builds the headline of the fixture tree
// testdata/headline/runs: SGP (n = 3 on both sets), SHGP (n = 3 on boston,
// 2 on energy, where its mean is the lowest), SLGP recommended (n = 3) and
// SLGP paper-selected (one run on energy, lower still), and the rows of the
// tree plus testdata/headline/quick for the detail file.
func fixtureHeadline(t *testing.T) (headlineTable, []report.Row, headlineMeta) {
	t.Helper()
	own, err := rundir.LoadResultFiles("testdata/headline/runs")
	if err != nil {
		t.Fatal(err)
	}
	quick, err := rundir.LoadResultFiles("testdata/headline/quick")
	if err != nil {
		t.Fatal(err)
	}
	specs := []headlineSpec{
		{Model: "sgp", Variant: "paper"},
		{Model: "shgp", Variant: "paper"},
		{Model: "slgp", Variant: "paper-selected", Label: "SLGP (paper's setting)", Note: "Selected on held-out data."},
		{Model: "slgp", Variant: "recommended", Label: "SLGP (recommended)"},
	}
	h := buildHeadline(report.Summarise(own), specs, values.Table3())
	all := report.Summarise(report.WithLastIterations(append(own, quick...))).Rows
	meta := headlineMeta{
		Title: "Fixture table", Command: "mgp table --sweep fixture.yaml", Version: "v0-test", Date: "2026-01-02",
		Sources: []string{"testdata/headline/runs", "testdata/headline/quick"},
		Notes:   []string{"**A note** with [a link](../x.md)."}, DetailLink: "detail.md",
	}
	return h, all, meta
}

// golden compares got with testdata/headline/name, or rewrites it with -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", "headline", name)
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run with -update to create it)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs from the golden file (-update rewrites it):\n--- got\n%s\n--- want\n%s", name, got, want)
	}
}

// TestHeadlineGolden checks the Markdown, CSV and detail renderings of the
// fixture tree against golden files.
func TestHeadlineGolden(t *testing.T) {
	h, all, meta := fixtureHeadline(t)
	golden(t, "table.md.golden", h.Markdown(meta))
	csvText, err := h.CSV()
	if err != nil {
		t.Fatal(err)
	}
	golden(t, "table.csv.golden", csvText)
	golden(t, "detail.md.golden", h.DetailMarkdown(meta, all, values.Table3()))
}

// TestHeadlineMarks checks that only cells with n ≥ MinMarkRuns are marked:
// on energy SHGP (n = 2) and SLGP paper-selected (n = 1) have the lowest
// means but no mark; SLGP recommended and SGP (n = 3) get best and second.
func TestHeadlineMarks(t *testing.T) {
	h, _, meta := fixtureHeadline(t)
	mark := func(row int, dataset string) headlineCell {
		for j, d := range h.Datasets {
			if d == dataset {
				return h.Rows[row].Cells[j]
			}
		}
		t.Fatalf("no column %s", dataset)
		return headlineCell{}
	}
	for _, tc := range []struct {
		row           int
		dataset       string
		n, wantMark   int
		wantInMDTable string
	}{
		{1, "energy", 2, 0, "| 0.9500 ± 0.0500 (2)<br>"},
		{2, "energy", 1, 0, "| 0.8000 (1)<br>"},
		{3, "energy", 3, 1, "**1.1500 ± 0.0408 (3)**"},
		{0, "energy", 3, 2, "*1.3500 ± 0.0408 (3)*"},
		{1, "boston", 3, 1, "**2.2500 ± 0.0408 (3)**"},
		{2, "boston", 0, 0, "| –<br>paper 2.2075"},
	} {
		c := mark(tc.row, tc.dataset)
		if c.N != tc.n || c.Mark != tc.wantMark {
			t.Errorf("%s on %s: n %d mark %d, want n %d mark %d", h.Rows[tc.row].Label, tc.dataset, c.N, c.Mark, tc.n, tc.wantMark)
		}
		if md := h.Markdown(meta); !strings.Contains(md, tc.wantInMDTable) {
			t.Errorf("%s on %s: the table lacks %q", h.Rows[tc.row].Label, tc.dataset, tc.wantInMDTable)
		}
	}
	// A column with a single eligible cell is not marked.
	one := buildHeadline(report.Summary{Rows: []report.Row{{Model: "sgp", Variant: "p", Dataset: "boston", N: 3, Mean: 2, Std: 0.1}}},
		[]headlineSpec{{Model: "sgp", Variant: "p"}}, nil)
	if one.Rows[0].Cells[0].Mark != 0 {
		t.Error("a column's only eligible cell was marked")
	}
}

// TestHeadlineHeader checks that the header names the command, version
// and date, and the trees read.
func TestHeadlineHeader(t *testing.T) {
	h, all, meta := fixtureHeadline(t)
	for name, text := range map[string]string{"table": h.Markdown(meta), "detail": h.DetailMarkdown(meta, all, nil)} {
		first := strings.SplitN(text, "\n\n", 3)
		if len(first) < 3 || !strings.HasPrefix(first[0], "# Fixture table") {
			t.Fatalf("%s: no title: %q", name, text)
		}
		for _, want := range []string{"`mgp table --sweep fixture.yaml`", "mgp v0-test", "2026-01-02", "`testdata/headline/runs`, `testdata/headline/quick`"} {
			if !strings.Contains(first[1], want) {
				t.Errorf("%s header %q lacks %q", name, first[1], want)
			}
		}
	}
}
