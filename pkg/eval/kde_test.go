package eval

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// normalPDF is N(y | 0, v).
func normalPDF(y, v float64) float64 {
	return math.Exp(-y*y/(2*v)) / math.Sqrt(2*math.Pi*v)
}

func TestSilvermanFactor200(t *testing.T) {
	// models.md §11 item 7: 0.36710 at n = 200, d = 1.
	f := SilvermanFactor(200)
	if math.Abs(f-0.36710) > 5e-6 {
		t.Fatalf("SilvermanFactor(200) = %.6f, want 0.36710", f)
	}
	if got := math.Round(f*1e4) / 1e4; got != 0.3671 {
		t.Fatalf("SilvermanFactor(200) rounds to %.4f, want 0.3671", got)
	}
	if got, want := SilvermanFactor(1000), math.Pow(750, -0.2); got != want {
		t.Fatalf("SilvermanFactor(1000) = %v, want %v", got, want)
	}
}

func TestKDEMatchesDirectFormula(t *testing.T) {
	// Where nothing underflows, the max-shifted LSE must equal the plain
	// log of the average Gaussian kernel.
	r := rand.New(rand.NewPCG(3, 4))
	s := make([]float64, 57)
	for i := range s {
		s[i] = 2*r.NormFloat64() + 0.5
	}
	h := SilvermanBandwidth(s)
	for _, y := range []float64{-3, -0.2, 0.5, 1.7, 4} {
		var sum float64
		for _, v := range s {
			sum += normalPDF(y-v, h*h)
		}
		want := math.Log(sum / float64(len(s)))
		if got := KDELogDensity(s, y, h); math.Abs(got-want) > 1e-12*math.Abs(want)+1e-13 {
			t.Errorf("y=%v: KDELogDensity %.16g, direct %.16g", y, got, want)
		}
	}
}

func TestKDEStandardNormalItem6(t *testing.T) {
	// models.md §11 item 6: for P = 200 samples from N(0, 1) the KDE NLL at
	// y = 0 is close to 0.5 log(2 pi (1 + h^2)) with h ≈ 0.367, because the
	// KDE's expectation is N(0, 1) convolved with N(0, h^2).
	//
	// One set of 200 samples gives log p_hat(0) with a relative sd of about
	// 0.075 (Var p_hat = (E K^2 - (E K)^2)/P with K the kernel at h = 0.367),
	// so we average R = 400 independent sets: standard error ≈ 0.0038, plus a
	// Jensen bias of +Var/(2 p^2) ≈ +0.003 and a smaller one from the
	// estimated sd in h. The tolerance 0.02 is that bias plus over four
	// standard errors; a wrong factor, a missing log P or a missing
	// normaliser moves the NLL by 0.1 or (much) more.
	const P, R = 200, 400
	r := rand.New(rand.NewPCG(11, 12))
	m := mat.NewDense(P, R, nil)
	raw := m.RawMatrix().Data
	for i := range raw {
		raw[i] = r.NormFloat64()
	}
	nll, _ := KDENLL(m, make([]float64, R), nil)
	h := SilvermanFactor(P)
	want := 0.5 * math.Log(2*math.Pi*(1+h*h))
	if math.Abs(nll-want) > 0.02 {
		t.Fatalf("mean KDE NLL at 0 = %.4f, want %.4f ± 0.02", nll, want)
	}
	// The bandwidths themselves average to about 0.367 (sd of a 200-sample
	// sd is about 1/sqrt(400) = 5%; averaged over R sets, well under 1%).
	var hs float64
	for j := 0; j < R; j++ {
		hs += SilvermanBandwidth(mat.Col(nil, j, m))
	}
	if hs /= R; math.Abs(hs-0.367) > 0.005 {
		t.Fatalf("mean bandwidth %.4f, want ≈ 0.367", hs)
	}
}

func TestKDELargeSampleMatchesGaussian(t *testing.T) {
	// 20000 samples from N(0, 1): log p_hat(y) must be close to the exact
	// log N(y | 0, 1) for y in [-2.5, 2.5]. The tolerance at each y is
	// computed, not guessed:
	//  * bias: E p_hat(y) = N(y | 0, 1 + h^2), so the expected gap is
	//    0.5 log(1+h^2) - y^2 h^2 / (2(1+h^2)) (|gap| <= 0.055 here, h ≈ 0.146);
	//  * noise: sd(p_hat)/p with Var p_hat = (E K^2 - (E K)^2)/n, where
	//    E K^2 = N(y | 0, 1 + h^2/2) / (2 h sqrt(pi)); four of these sds
	//    (about 0.28 in the tails at |y| = 2.5, 0.06 at 0).
	// A KDE bug (wrong h, missing -log P or normaliser) is off by far more.
	const n = 20000
	r := rand.New(rand.NewPCG(5, 6))
	s := make([]float64, n)
	for i := range s {
		s[i] = r.NormFloat64()
	}
	h := SilvermanBandwidth(s)
	if math.Abs(h-SilvermanFactor(n)) > 0.01*SilvermanFactor(n) {
		t.Fatalf("bandwidth %.5f, want ≈ %.5f", h, SilvermanFactor(n))
	}
	h2 := h * h
	var sumAbs float64
	const steps = 41
	for k := 0; k < steps; k++ {
		y := -2.5 + 5*float64(k)/(steps-1)
		got := -KDELogDensity(s, y, h)
		exact := 0.5*math.Log(2*math.Pi) + 0.5*y*y
		bias := 0.5*math.Log(1+h2) - y*y*h2/(2*(1+h2))
		ek := normalPDF(y, 1+h2)
		ek2 := normalPDF(y, 1+h2/2) / (2 * h * math.Sqrt(math.Pi))
		relSD := math.Sqrt((ek2-ek*ek)/n) / ek
		tol := math.Abs(bias) + 4*relSD
		if math.Abs(got-exact) > tol {
			t.Errorf("y=%.3f: KDE NLL %.4f, exact %.4f, |diff| %.4f > tol %.4f", y, got, exact, math.Abs(got-exact), tol)
		}
		sumAbs += math.Abs(got - exact)
	}
	// On average over the grid the gap is small: bias <= 0.055 and noise
	// mostly below 0.03.
	if mean := sumAbs / steps; mean > 0.06 {
		t.Errorf("mean |KDE NLL - exact NLL| = %.4f over the grid, want < 0.06", mean)
	}
	// And the exact helper agrees with the closed form used above.
	if got, want := GaussianNLL([]float64{1.5}, []float64{0}, []float64{1}), 0.5*math.Log(2*math.Pi)+1.125; math.Abs(got-want) > 1e-15 {
		t.Errorf("GaussianNLL = %v, want %v", got, want)
	}
}

func TestBandwidthGuardAndDegenerate(t *testing.T) {
	same := []float64{0.3, 0.3, 0.3, 0.3}
	if h := SilvermanBandwidth(same); h != MinBandwidth {
		t.Fatalf("bandwidth of identical samples = %g, want %g", h, MinBandwidth)
	}
	// All mass at 0.3: log density at 0.3 is -log(h sqrt(2 pi)).
	want := -math.Log(MinBandwidth) - 0.5*math.Log(2*math.Pi)
	if got := KDELogDensity(same, 0.3, SilvermanBandwidth(same)); math.Abs(got-want) > 1e-12*want {
		t.Fatalf("log density %v, want %v", got, want)
	}
	// A zero bandwidth passed directly is guarded as well.
	if got := KDELogDensity(same, 0.3, 0); math.Abs(got-want) > 1e-12*want {
		t.Fatalf("log density with h=0: %v, want %v", got, want)
	}
	if h := SilvermanBandwidth([]float64{1}); !math.IsNaN(h) {
		t.Fatalf("bandwidth of one sample = %v, want NaN", h)
	}
	if v := KDELogDensity([]float64{0, 1}, math.NaN(), 1); !math.IsNaN(v) {
		t.Fatalf("NaN y gave %v", v)
	}
	if v := KDELogDensity([]float64{0, math.NaN()}, 0, 1); !math.IsNaN(v) {
		t.Fatalf("NaN sample gave %v", v)
	}
	if v := KDELogDensity([]float64{0, 1}, math.Inf(1), 1); !math.IsInf(v, -1) {
		t.Fatalf("infinite y gave %v, want -Inf", v)
	}
}

func TestSilvermanBandwidthRobust(t *testing.T) {
	n10 := math.Pow(10, -0.2)
	// 1..10: sd = sqrt(55/6) ≈ 3.03 < IQR/1.34 = 4.5/1.34 ≈ 3.36.
	lin := []float64{4, 1, 2, 3, 5, 6, 7, 8, 9, 10}
	if got, want := SilvermanBandwidthRobust(lin), 0.9*math.Sqrt(55.0/6)*n10; math.Abs(got-want) > 1e-14 {
		t.Errorf("1..10: %v, want %v", got, want)
	}
	// Heavy tails: the IQR (quantiles 2.25 and 6.75, numpy's linear rule)
	// wins over the large sd.
	tails := []float64{-100, 1, 2, 3, 4, 5, 6, 7, 8, 100}
	if got, want := SilvermanBandwidthRobust(tails), 0.9*(4.5/1.34)*n10; math.Abs(got-want) > 1e-14 {
		t.Errorf("tails: %v, want %v", got, want)
	}
	// Zero IQR falls back to the sd.
	ties := []float64{0, 0, 0, 0, 0, 0, 0, 0, 1, 5}
	if got, want := SilvermanBandwidthRobust(ties), 0.9*sampleSD(ties)*n10; math.Abs(got-want) > 1e-14 {
		t.Errorf("ties: %v, want %v", got, want)
	}
	if got := SilvermanBandwidthRobust([]float64{2, 2, 2}); got != MinBandwidth {
		t.Errorf("identical: %v, want %v", got, MinBandwidth)
	}
}

func TestKDENLLReusesAndPanics(t *testing.T) {
	m := mat.NewDense(3, 2, []float64{0, 1, 1, 2, 2, 4})
	y := []float64{1, 2}
	buf := make([]float64, 0, 5)
	_, out := KDENLL(m, y, buf)
	if len(out) != 2 || &out[0] != &buf[:1][0] {
		t.Fatalf("KDENLL did not reuse a slice with enough capacity")
	}
	short := make([]float64, 1)
	_, out = KDENLL(m, y, short)
	if len(out) != 2 || &out[0] == &short[0] {
		t.Fatalf("KDENLL wrote into a too-short slice")
	}
	for j := range y {
		want := KDELogDensity(mat.Col(nil, j, m), y[j], SilvermanBandwidth(mat.Col(nil, j, m)))
		if out[j] != want {
			t.Errorf("column %d: %v, want %v", j, out[j], want)
		}
	}
	defer func() {
		if recover() == nil {
			t.Fatal("KDENLL accepted a wrong-length y")
		}
	}()
	KDENLL(m, []float64{1}, nil)
}

func TestToOriginalScale(t *testing.T) {
	if got, want := ToOriginalScale(1.25, math.E*math.E), 3.25; math.Abs(got-want) > 1e-15 {
		t.Fatalf("ToOriginalScale = %v, want %v", got, want)
	}
}
