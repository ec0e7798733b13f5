package paper

import (
	"math"
	"strings"
	"testing"

	"github.com/mgpteam/mgp/pkg/paper/values"
	"github.com/mgpteam/mgp/pkg/report"
)

// claimsFixture is a headline of two SLGP settings, SGP and GPCDE on two
// data sets; SLGP (rec) has splits 0-2 on "a", SGP splits 0-3.
func claimsFixture() headlineTable {
	cell := func(vals []float64, seeds []uint64, paper float64) headlineCell {
		var s float64
		for _, v := range vals {
			s += v
		}
		c := headlineCell{Row: report.Row{N: len(vals), Mean: s / float64(len(vals)), Values: vals, SplitSeeds: seeds}}
		if !math.IsNaN(paper) {
			c.Paper, c.HasPaper = values.Value{Mean: paper}, true
		}
		return c
	}
	s3 := []uint64{0, 1, 2}
	row := func(model, label string, cells ...headlineCell) headlineRow {
		return headlineRow{Spec: headlineSpec{Model: model}, Label: label, Cells: cells}
	}
	return headlineTable{Datasets: []string{"a", "b"}, Rows: []headlineRow{
		row("slgp", "SLGP (rec)", cell([]float64{1.0, 1.1, 1.2}, s3, 2.0), cell([]float64{5, 6, 7}, s3, 1.0)),
		row("slgp", "SLGP (paper)", cell([]float64{0.1, 0.2, 0.3}, s3, 2.0), cell([]float64{9, 9}, []uint64{0, 1}, 1.0)),
		row("sgp", "SGP", cell([]float64{2.0, 2.2, 2.1, 9.9}, []uint64{0, 1, 2, 3}, 2.5), cell([]float64{4, 5, 6}, s3, 3.0)),
		row("gpcde", "GPCDE", cell([]float64{1.05, 1.1, 1.3}, s3, 1.5), cell([]float64{6, 6, 6}, s3, 0.5)),
	}}
}

// TestClaimRanks checks that a row is ranked against the other models'
// eligible cells only (not against its own model's other settings), that
// a cell under MinMarkRuns is not ranked, and the paper's ranks.
func TestClaimRanks(t *testing.T) {
	h := claimsFixture()
	got := h.ClaimRanks(0)
	// a: SLGP (rec) 1.1 against SGP 4.05 and GPCDE 1.15: first, although
	// SLGP (paper)'s 0.2 is lower; paper 2.0 against 2.5 and 1.5: second.
	// b: 6 against SGP 5 and GPCDE 6: second (ties share); paper 1.0 against
	// 3.0 and 0.5: second.
	want := []claimRank{{"a", 1, 2}, {"b", 2, 2}}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("row 0, %s: %+v, want %+v", want[i].Dataset, got[i], want[i])
		}
	}
	if r := h.ClaimRanks(1)[1]; r.Rank != 0 || r.PaperRank != 2 {
		t.Errorf("a cell of 2 runs: %+v, want rank 0 (not ranked), paper rank 2", r)
	}
}

// TestClaimPairs checks the paired differences over shared splits (SGP's
// split 3 has no partner) and the two-standard-error calls.
func TestClaimPairs(t *testing.T) {
	h := claimsFixture()
	ps := h.ClaimPairs(0, 2) // SLGP (rec) against SGP
	a := ps[0]
	if a.Pairs != 3 || math.Abs(a.Paired-(-1.0)) > 1e-12 || !a.PairedLower() || a.PairedHigher() {
		t.Errorf("a: %+v, want 3 pairs, paired -1 (every split -1, -1.1, -0.9), lower", a)
	}
	if math.Abs(a.Diff-(1.1-4.05)) > 1e-12 || math.Abs(a.PaperDiff-(-0.5)) > 1e-12 {
		t.Errorf("a: diff %v, paper diff %v", a.Diff, a.PaperDiff)
	}
	b := ps[1] // 5-4, 6-5, 7-6: +1 on every split, standard error 0
	if !b.PairedHigher() || b.PairedLower() {
		t.Errorf("b: %+v, want higher by 2 s.e.", b)
	}
	g := h.ClaimPairs(0, 3)[0] // differences -0.05, 0, -0.1: mean -0.05, s.e. 0.029
	if g.PairedLower() || g.PairedHigher() {
		t.Errorf("against GPCDE on a: %+v, want neither call (within 2 s.e.)", g)
	}
	if one := (claimPair{Pairs: 1, Paired: -5, PairedErr: math.NaN()}); one.PairedLower() {
		t.Error("one pair cannot make a call")
	}
}

// TestClaimsMarkdown checks the report's tables on the fixture.
func TestClaimsMarkdown(t *testing.T) {
	md := claimsFixture().ClaimsMarkdown(headlineMeta{Title: "T", Command: "mgp table", Version: "v", Date: "d", Sources: []string{"runs"}}, "slgp")
	for _, want := range []string{
		"# T: the paper's claims about SLGP",
		"| SLGP (rec) | a | b | 2 of 2 | 2 (3, 3) | – | a, b | 2 of 2 |",
		"| SLGP (paper) | a | – | 1 of 1 | 1 (3) | – | a, b | 2 of 2 |",
		"## SLGP (rec) against each model",
		"| SGP | 2 of 2: a, b | 1 of 2: a | 1 of 2: a | 1 of 2: b | 3, 3 |",
		"| GPCDE | 0 of 2 | 1 of 2: a | 0 of 2 | 0 of 2 | 3, 3 |",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("report lacks %q:\n%s", want, md)
		}
	}
	one := claimsFixture()
	one.Rows[0].Cells = one.Rows[0].Cells[:1]
	one.Rows[0].Cells[0].N = 2
	one.Datasets = one.Datasets[:1]
	for k := range one.Rows[1:] {
		one.Rows[k+1].Cells = one.Rows[k+1].Cells[:1]
	}
	if got := one.ClaimsMarkdown(headlineMeta{}, "slgp"); !strings.Contains(got, "| SLGP (rec) | – | – | 0 of 0 | 0 | – | a | 1 of 1 |") {
		t.Errorf("no cell ranked:\n%s", got)
	}
	if strings.Contains(md, "| SLGP (paper) | 2") {
		t.Error("an SLGP row was compared with another SLGP row")
	}
	if got := (headlineTable{Datasets: []string{"a"}}).ClaimsMarkdown(headlineMeta{}, "slgp"); !strings.Contains(got, "No headline row is SLGP") {
		t.Errorf("no subject rows: %q", got)
	}
}
