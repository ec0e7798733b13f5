package eval

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/stat/distuv"
)

// gaussCRPS is the closed-form CRPS of N(mu, sd²) at y (Gneiting &
// Raftery 2007): sd [z (2Φ(z) - 1) + 2φ(z) - 1/sqrt(pi)], z = (y - mu)/sd.
func gaussCRPS(mu, sd, y float64) float64 {
	z := (y - mu) / sd
	n := distuv.UnitNormal
	return sd * (z*(2*n.CDF(z)-1) + 2*n.Prob(z) - 1/math.Sqrt(math.Pi))
}

func normals(r *rand.Rand, n int, mu, sd float64) []float64 {
	x := make([]float64, n)
	for i := range x {
		x[i] = mu + sd*r.NormFloat64()
	}
	return x
}

// TestCRPSMatchesDirectLoop checks the O(S log S) sorted form against the
// O(S²) definition on a few sample sets.
func TestCRPSMatchesDirectLoop(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for trial := range 5 {
		s := normals(r, 37+trial*50, 0.3, 1.7)
		y := r.NormFloat64() * 2
		var abs, pair float64
		for _, x := range s {
			abs += math.Abs(x - y)
			for _, x2 := range s {
				pair += math.Abs(x - x2)
			}
		}
		n := float64(len(s))
		want := abs/n - pair/(2*n*n)
		if got := CRPS(s, y); math.Abs(got-want) > 1e-12*math.Max(1, math.Abs(want)) {
			t.Errorf("trial %d: CRPS %v, direct loop %v", trial, got, want)
		}
	}
	if got := CRPS([]float64{2}, 5); got != 3 {
		t.Errorf("one sample: CRPS %v, want |2-5| = 3", got)
	}
}

// TestCRPSGaussianClosedForm: on S = 20000 draws of N(mu, sd²) the sample
// CRPS is the analytic one within sampling error. The estimator's sd is
// about 0.6 sd/sqrt(S) = 0.004 sd and its bias sd/(sqrt(pi) S) is
// negligible; the tolerance, 0.02 sd, is five standard errors.
func TestCRPSGaussianClosedForm(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	mu, sd := 1.5, 2.0
	s := normals(r, 20000, mu, sd)
	for _, y := range []float64{1.5, 0, 4, -3, 9} {
		got, want := CRPS(s, y), gaussCRPS(mu, sd, y)
		if math.Abs(got-want) > 0.02*sd {
			t.Errorf("y = %v: sample CRPS %.5f, closed form %.5f", y, got, want)
		}
	}
}

// TestCentralIntervalExact: the central interval of a large Gaussian
// sample is the exact one, mu ± z_{(1+a)/2} sd, within 0.03 sd (the
// sampling sd of a tail quantile at S = 20000 is about 0.01 sd).
func TestCentralIntervalExact(t *testing.T) {
	r := rand.New(rand.NewPCG(5, 6))
	mu, sd := -1.0, 0.5
	sorted, _ := sortedCopy(nil, normals(r, 20000, mu, sd))
	for _, a := range CentralLevels {
		z := distuv.UnitNormal.Quantile((1 + a) / 2)
		lo, hi := CentralIntervalSorted(sorted, a)
		if math.Abs(lo-(mu-z*sd)) > 0.03*sd || math.Abs(hi-(mu+z*sd)) > 0.03*sd {
			t.Errorf("level %v: interval [%.4f, %.4f], exact [%.4f, %.4f]", a, lo, hi, mu-z*sd, mu+z*sd)
		}
	}
}

// calibrationOf scores n points y_i ~ N(0, 1) with S samples of
// N(0, predSD²) each through the accumulator, in two blocks.
func calibrationOf(t *testing.T, seed uint64, n, s int, predSD float64) Calibration {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 7))
	acc := NewCalibrationAccumulator(1)
	for _, rows := range []int{n / 2, n - n/2} {
		samples := mat.NewDense(s, rows, nil)
		Y := mat.NewDense(rows, 1, nil)
		for i := range rows {
			Y.Set(i, 0, r.NormFloat64())
			for p := range s {
				samples.Set(p, i, predSD*r.NormFloat64())
			}
		}
		if err := acc.Add(samples, Y); err != nil {
			t.Fatal(err)
		}
	}
	return acc.Result([]float64{2})
}

// TestCalibratedPredictor: samples from the true distribution cover y at
// the nominal rates and give uniform PIT values. n = 4000 points of S =
// 200: a coverage's binomial sd is at most 0.008 and the sample quantiles
// shrink the intervals by well under 0.01, so 0.025 is the tolerance; the
// KS distance's 95 % point is 1.36/sqrt(n) = 0.022, plus 0.5/S for the
// PIT's 1/S grid, so 0.03.
func TestCalibratedPredictor(t *testing.T) {
	c := calibrationOf(t, 11, 4000, 200, 1)
	for k, a := range CentralLevels {
		if math.Abs(c.Coverage[k]-a) > 0.025 {
			t.Errorf("coverage of the %v interval %.4f, want %v ± 0.025", a, c.Coverage[k], a)
		}
	}
	if c.PITKS > 0.03 {
		t.Errorf("PIT KS distance %.4f for a calibrated predictor, want <= 0.03", c.PITKS)
	}
	// Mean CRPS of N(0,1) against y ~ N(0,1) is E|X-Y| - E|X-X'|/2 =
	// 2/sqrt(pi) - 1/sqrt(pi) = 1/sqrt(pi), plus the estimator's bias
	// 1/(S sqrt(pi)), times sigma_y = 2; its sampling sd over 4000 points
	// is about 0.017, so 0.06 is 3.5 of them.
	if want := 2 * (1 + 1.0/200) / math.Sqrt(math.Pi); math.Abs(c.CRPS-want) > 0.06 {
		t.Errorf("mean CRPS %.4f on the original scale, want %.4f ± 0.06", c.CRPS, want)
	}
	if len(c.PIT) != 4000 || len(c.PITHist) != PITBins {
		t.Fatalf("%d PIT values, %d bins", len(c.PIT), len(c.PITHist))
	}
	var sum int
	for _, h := range c.PITHist {
		sum += h
	}
	if sum != 4000 {
		t.Errorf("PIT histogram holds %d values, want 4000", sum)
	}
}

// TestOverconfidentPredictor: samples three times too narrow cover far
// too little and their PIT piles up at 0 and 1.
func TestOverconfidentPredictor(t *testing.T) {
	c := calibrationOf(t, 12, 2000, 200, 1.0/3)
	if c.Coverage[1] > 0.5 {
		t.Errorf("coverage of the 90 %% interval %.3f for sd 1/3 of the truth, want well below (~0.38)", c.Coverage[1])
	}
	if c.PITKS < 0.2 {
		t.Errorf("PIT KS distance %.3f for an overconfident predictor, want >= 0.2", c.PITKS)
	}
	if c.PITHist[0] < 5*c.PITHist[PITBins/2] {
		t.Errorf("PIT histogram %v: the first bin should hold far more than the middle one", c.PITHist)
	}
}

// TestPITAndKSEdges covers ties, NaN and the KS distance of known sets.
func TestPITAndKSEdges(t *testing.T) {
	if got := PITSorted([]float64{1, 2, 2, 3}, 2); got != 0.5 {
		t.Errorf("PIT with ties %v, want 0.5", got)
	}
	if got := PITSorted([]float64{1, 2}, 0); got != 0 {
		t.Errorf("PIT below every sample %v, want 0", got)
	}
	if got := KSUniform([]float64{0.5}); got != 0.5 {
		t.Errorf("KS of {0.5} = %v, want 0.5", got)
	}
	if got := KSUniform([]float64{0.125, 0.375, 0.625, 0.875}); math.Abs(got-0.125) > 1e-15 {
		t.Errorf("KS of the midpoints of 4 bins = %v, want 0.125", got)
	}
	if !math.IsNaN(CRPS([]float64{1, math.NaN()}, 0)) || !math.IsNaN(KSUniform(nil)) {
		t.Error("NaN sample or no values: want NaN")
	}
	if got := CoverageFromPIT([]float64{0.1, 0.5, 0.9, 0.96}, 0.9); got != 0.75 {
		t.Errorf("CoverageFromPIT %v, want 0.75", got)
	}
}
