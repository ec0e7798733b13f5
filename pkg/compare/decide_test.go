package compare

import (
	"math"
	"strings"
	"testing"
)

// TestDecidePicksSimplerWithinNoise: SLGP is best on average but its
// paired win over SGP (mean 0.05, sd 0.2 over 5 splits: 2 se = 0.18) is
// within the noise, so SGP is chosen; SHGP's clear win (0.5 ± 0.05) is not.
func TestDecidePicksSimplerWithinNoise(t *testing.T) {
	nll := map[string][]float64{
		"sgp":  {1.0, 1.2, 0.8, 1.1, 0.9},
		"slgp": {0.75, 1.35, 0.75, 1.2, 0.7},
	}
	d, err := Decide([]string{"slgp", "sgp"}, nll)
	if err != nil {
		t.Fatal(err)
	}
	if d.Best != "slgp" || d.Chosen != "sgp" || !strings.Contains(d.Reason, "within the split-to-split noise") {
		t.Fatalf("best %s, chosen %s (%s); want best slgp, chosen sgp", d.Best, d.Chosen, d.Reason)
	}
	if r := d.Ranking[1]; r.Model != "sgp" || math.Abs(float64(r.DiffMean)-0.05) > 1e-12 || r.BestWins != 3 || !r.WithinNoise {
		t.Errorf("sgp's row %+v: want a paired difference 0.05, best wins 3 of 5, within noise", r)
	}
	// A clear, consistent win keeps the best.
	nll["shgp"] = []float64{0.5, 0.72, 0.28, 0.6, 0.45}
	nll["slgp"] = []float64{0.0, 0.2, -0.2, 0.1, -0.1}
	d, err = Decide([]string{"sgp", "shgp", "slgp"}, nll)
	if err != nil {
		t.Fatal(err)
	}
	if d.Best != "slgp" || d.Chosen != "slgp" {
		t.Fatalf("clear win: best %s chosen %s (%s)", d.Best, d.Chosen, d.Reason)
	}
	// Identical numbers: the simplest.
	d, _ = Decide([]string{"smgp", "sgp"}, map[string][]float64{"smgp": {1, 2}, "sgp": {1, 2}})
	if d.Chosen != "sgp" {
		t.Errorf("ties: chosen %s, want the simpler sgp", d.Chosen)
	}
}

// TestDecideNonFiniteAndBadInput: a diverged model ranks last and is never
// chosen; unpaired splits and no splits are refused.
func TestDecideNonFiniteAndBadInput(t *testing.T) {
	d, err := Decide([]string{"sgp", "shgp"}, map[string][]float64{"sgp": {1, math.Inf(1)}, "shgp": {2, 2.1}})
	if err != nil || d.Chosen != "shgp" || d.Ranking[1].Model != "sgp" {
		t.Errorf("diverged sgp: chosen %s, ranking %+v, err %v", d.Chosen, d.Ranking, err)
	}
	if _, err := Decide([]string{"sgp", "shgp"}, map[string][]float64{"sgp": {1, 2}, "shgp": {1}}); err == nil {
		t.Error("unpaired splits accepted")
	}
	if _, err := Decide([]string{"sgp"}, map[string][]float64{"sgp": {}}); err == nil {
		t.Error("no splits accepted")
	}
	if got := ComplexityOrder([]string{"mdn", "slgp", "hnn", "sgp"}); strings.Join(got, ",") != "sgp,slgp,mdn,hnn" {
		t.Errorf("complexity order %v", got)
	}
}
