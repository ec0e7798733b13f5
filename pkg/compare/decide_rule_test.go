package compare

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// decide runs Decide on sgp and shgp and fails the test on an error.
func decide(t *testing.T, sgp, shgp []float64) Decision {
	t.Helper()
	d, err := Decide([]string{"shgp", "sgp"}, map[string][]float64{"sgp": sgp, "shgp": shgp})
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// row returns model's row of the ranking.
func row(t *testing.T, d Decision, model string) Ranked {
	t.Helper()
	for _, r := range d.Ranking {
		if r.Model == model {
			return r
		}
	}
	t.Fatalf("no %s in the ranking", model)
	return Ranked{}
}

// TestDecideHeavyTailedWin is the case of issue 44: SHGP (-0.16 ± 0.21)
// is lower than SGP (2.07 ± 3.88, one split at 9.0) on 5 of 5 splits, by
// 2.23 nats on average, but the outlier makes the paired sd 3.82, so the
// mean test alone (2 se = 3.42) would keep SGP. The sign test (p = 1/32)
// does not care how far the outlier lies: SHGP is chosen.
func TestDecideHeavyTailedWin(t *testing.T) {
	d := decide(t, []float64{0.30, 9.0, 0.60, 0.35, 0.10}, []float64{-0.46, -0.05, -0.20, 0.11, -0.20})
	r := row(t, d, "sgp")
	if !r.WithinNoise || math.Abs(float64(r.DiffMean)-2.23) > 1e-12 || math.Abs(float64(r.DiffSD)-3.82) > 0.005 {
		t.Fatalf("sgp's row %+v: want 2.23 ± 3.82, within 2 standard errors", r)
	}
	if r.BestWins != 5 || r.BestLosses != 0 || r.Ties != 0 || float64(r.SignP) != 1.0/32 || !r.Clear {
		t.Fatalf("sgp's row %+v: want 5 wins of 5, sign p 1/32, clear", r)
	}
	if d.Best != "shgp" || d.Chosen != "shgp" {
		t.Fatalf("best %s, chosen %s (%s); want shgp", d.Best, d.Chosen, d.Reason)
	}
	for _, want := range []string{"over sgp, shgp is lower on 5 of 5 splits (one-sided sign test p = 0.031), by 2.230 ± 3.821 nats on average"} {
		if !strings.Contains(d.Reason, want) {
			t.Errorf("reason %q lacks %q", d.Reason, want)
		}
	}
}

// TestDecideWithinNoiseKeepsSimpler: SHGP lower on 3 of 5 splits, higher
// on 2, by 0.034 ± 0.09 nats: neither test passes (sign p = 1/2, 2 se =
// 0.08) and the gain is below the margin, so SGP is chosen.
func TestDecideWithinNoiseKeepsSimpler(t *testing.T) {
	d := decide(t, []float64{1.0, 1.1, 0.9, 1.2, 1.0}, []float64{0.9, 1.15, 0.95, 1.05, 0.98})
	r := row(t, d, "sgp")
	if d.Best != "shgp" || d.Chosen != "sgp" || r.Clear || r.BestWins != 3 || float64(r.SignP) != 0.5 {
		t.Fatalf("best %s, chosen %s, sgp's row %+v (%s); want best shgp, chosen sgp, 3 wins, p 1/2", d.Best, d.Chosen, r, d.Reason)
	}
	for _, want := range []string{"within the split-to-split noise", "below the 0.05-nat margin", "sign test p = 0.500"} {
		if !strings.Contains(d.Reason, want) {
			t.Errorf("reason %q lacks %q", d.Reason, want)
		}
	}
}

// TestDecideSmallMajorityDoesNotWin: a model better on 3 of 5 splits by
// small margins does not win. With gains 0.04 and losses 0.001 the mean
// test passes (0.0236 > 2 se = 0.019; the old rule chose SHGP) but the gain
// is below the 0.05-nat margin; with gains 0.5 and losses 0.1 the gain is
// large but neither test passes (sign p = 1/2, mean 0.26 within 2 se =
// 0.29).
func TestDecideSmallMajorityDoesNotWin(t *testing.T) {
	d := decide(t, []float64{1, 1, 1, 1, 1}, []float64{0.96, 0.96, 0.96, 1.001, 1.001})
	if r := row(t, d, "sgp"); d.Chosen != "sgp" || r.WithinNoise || r.Clear || !strings.Contains(d.Reason, "below the 0.05-nat margin") ||
		strings.Contains(d.Reason, "noise") {
		t.Errorf("small consistent gains: chosen %s, sgp's row %+v (%s); want sgp for the margin alone", d.Chosen, r, d.Reason)
	}
	d = decide(t, []float64{1, 1, 1, 1, 1}, []float64{0.5, 0.5, 0.5, 1.1, 1.1})
	if r := row(t, d, "sgp"); d.Chosen != "sgp" || !r.WithinNoise || r.Clear || !strings.Contains(d.Reason, "within the split-to-split noise") {
		t.Errorf("3 of 5 by large margins: chosen %s, sgp's row %+v (%s); want sgp for the noise", d.Chosen, r, d.Reason)
	}
}

// TestDecideMarginAndTies: 5 wins of 5 by 0.01 nats are consistent but not
// worth having; a tied split counts to neither side, so 4 wins and a tie
// give sign p = 1/16 and need the mean test.
func TestDecideMarginAndTies(t *testing.T) {
	d := decide(t, []float64{1, 1, 1, 1, 1}, []float64{0.99, 0.99, 0.99, 0.99, 0.99})
	if r := row(t, d, "sgp"); d.Chosen != "sgp" || float64(r.SignP) != 1.0/32 || !strings.Contains(d.Reason, "below the 0.05-nat margin") {
		t.Errorf("5 of 5 by 0.01: chosen %s, sgp's row %+v (%s); want sgp", d.Chosen, r, d.Reason)
	}
	d = decide(t, []float64{1, 1, 1, 1, 1}, []float64{0.7, 0.7, 0.7, 0.7, 1})
	if r := row(t, d, "sgp"); d.Chosen != "shgp" || r.Ties != 1 || r.BestWins != 4 || float64(r.SignP) != 1.0/16 || r.WithinNoise ||
		!strings.Contains(d.Reason, "lower on 4 of 5 splits, 1 tied (one-sided sign test p = 0.062)") {
		t.Errorf("4 wins, a tie, consistent: chosen %s, sgp's row %+v (%s); want shgp by the mean test", d.Chosen, r, d.Reason)
	}
	d = decide(t, []float64{1, 3, 1, 1, 1}, []float64{0.7, 1, 0.7, 0.7, 1})
	if r := row(t, d, "sgp"); d.Chosen != "sgp" || r.Ties != 1 || !r.WithinNoise {
		t.Errorf("4 wins, a tie, one far: chosen %s, sgp's row %+v (%s); want sgp", d.Chosen, r, d.Reason)
	}
}

// TestDecideFewSplits: with K = 1 or 2 no paired test is possible and the
// simplest model with a finite NLL is chosen, saying so; the simplest
// best is still chosen as it is.
func TestDecideFewSplits(t *testing.T) {
	for _, k := range []int{1, 2} {
		sgp, shgp := make([]float64, k), make([]float64, k)
		for i := range sgp {
			sgp[i], shgp[i] = 5, 0
		}
		d := decide(t, sgp, shgp)
		if d.Best != "shgp" || d.Chosen != "sgp" || !strings.Contains(d.Reason, "no paired test is possible") {
			t.Errorf("K = %d: best %s, chosen %s (%s); want best shgp, chosen sgp", k, d.Best, d.Chosen, d.Reason)
		}
		if d = decide(t, shgp, sgp); d.Chosen != "sgp" || !strings.Contains(d.Reason, "simplest candidate") {
			t.Errorf("K = %d, sgp best: chosen %s (%s)", k, d.Chosen, d.Reason)
		}
	}
}

// TestSignTestP checks the exact p-values against hand-counted binomial
// tails.
func TestSignTestP(t *testing.T) {
	for _, c := range []struct {
		wins, n int
		want    float64
	}{{5, 5, 1.0 / 32}, {4, 5, 6.0 / 32}, {3, 5, 16.0 / 32}, {0, 5, 1}, {0, 0, 1}, {1, 1, 0.5}, {4, 4, 1.0 / 16},
		{9, 10, 11.0 / 1024}, {8, 10, 56.0 / 1024}, {15, 20, 21700.0 / 1048576}, {60, 60, math.Ldexp(1, -60)}} {
		if got := signTestP(c.wins, c.n); got != c.want {
			t.Errorf("signTestP(%d, %d) = %g, want %g", c.wins, c.n, got, c.want)
		}
	}
}

// TestDecideKeepsCommittedChoices: the rule picks, on the per-split NLLs of
// every committed mgp compare report, the model the report recommends.
func TestDecideKeepsCommittedChoices(t *testing.T) {
	files, _ := filepath.Glob("../../results/compare/*/report.json")
	if len(files) == 0 {
		t.Skip("no committed compare reports")
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var rep Report
		if err := json.Unmarshal(b, &rep); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		var models []string
		nll := map[string][]float64{}
		for _, m := range rep.Models {
			models = append(models, m.Model)
			for _, s := range m.Splits {
				nll[m.Model] = append(nll[m.Model], float64(s.NLL))
			}
		}
		// The candidates in the order compare made them: a model's kernels
		// in --kernels order (the simpler first).
		slices.SortStableFunc(models, func(a, b string) int {
			_, ka := SplitCandidate(a)
			_, kb := SplitCandidate(b)
			return slices.Index(rep.Kernels, ka) - slices.Index(rep.Kernels, kb)
		})
		d, err := Decide(models, nll)
		if err != nil || d.Chosen != rep.Decision.Chosen {
			t.Errorf("%s: chose %s (%s, %v), the report %s", f, d.Chosen, d.Reason, err, rep.Decision.Chosen)
		}
	}
}
