package models

import (
	"math"
	"math/rand/v2"
	"testing"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"gonum.org/v1/gonum/mat"
)

// TestPerOutputNoiseEqualVariances: an SLGP with a noise variance per output
// (model.noise_per_output), all of them set to the shared model's σ², has
// the shared model's objective and gradients to 1e-12 relative, the shared
// σ²'s gradient being the sum of the per-output ones: the weighted data
// term (WeightedGramSum, MarginalsWeightedSum, weightedVarExp) is the
// summed one when the weights are equal.
func TestPerOutputNoiseEqualVariances(t *testing.T) {
	const dy = 6
	build := func(perOutput bool) (latentModel, *mat.Dense, *mat.Dense) {
		return smallMulti(t, true, "hybrid", dy, 5, 2, rand.New(rand.NewPCG(65, 66)), perOutput)
	}
	shared, X, Y := build(false)
	per, _, _ := build(true)
	s2 := shared.core().Noise.Value().At(0, 0)
	if err := per.core().Noise.SetValue(ad.Fill(1, dy, s2)); err != nil {
		t.Fatal(err)
	}
	run := func(m latentModel) (float64, map[string][]float64) {
		tp := ad.NewTape()
		o := m.Objective(tp, Step{X: X, Y: Y, N: 20, Rng: rand.New(rand.NewPCG(5, 1))})
		tp.Backward(o)
		g := map[string][]float64{}
		for _, p := range m.Params().List {
			g[p.Name] = append([]float64(nil), p.Grad().RawMatrix().Data...)
		}
		return o.Scalar(), g
	}
	o0, g0 := run(shared)
	o1, g1 := run(per)
	if math.Abs(o1-o0) > 1e-12*max(1, math.Abs(o0)) {
		t.Fatalf("objective %v per output, %v shared", o1, o0)
	}
	var sum float64
	for _, v := range g1["noise_variance"] {
		sum += v
	}
	g1["noise_variance"] = []float64{sum}
	for name, want := range g0 {
		got := g1[name]
		if len(got) != len(want) {
			t.Fatalf("%s: %d gradients per output, %d shared", name, len(got), len(want))
		}
		for k := range want {
			if math.Abs(got[k]-want[k]) > 1e-12*max(1, math.Abs(want[k])) {
				t.Fatalf("%s[%d]: gradient %v per output, %v shared", name, k, got[k], want[k])
			}
		}
	}
}

// TestPerOutputNoiseGradientFD: with distinct per-output noise variances
// the multi-output SLGP's objective gradient matches central finite
// differences (objectiveCheck's 1e-6), for the hybrid and VI bounds.
func TestPerOutputNoiseGradientFD(t *testing.T) {
	rng := rand.New(rand.NewPCG(67, 68))
	for _, bound := range []string{"hybrid", "vi"} {
		t.Run(bound, func(t *testing.T) {
			m, X, Y := smallMulti(t, true, bound, 6, 5, 2, rng, true)
			if s2 := m.core().noises(); s2[0] == s2[1] {
				t.Fatalf("noise variances %v not moved apart", s2)
			}
			objectiveCheck(t, m, X, Y, 20, 11)
		})
	}
}

// TestPerOutputNoiseLearnsEachPixel trains the multi-output SLGP with
// noise_per_output on a 2-class, 4x4-pixel toy whose left half is nearly
// noiseless (sd 0.02) and whose right half is noisy (sd 0.3), and asks that
// the learnt variances of the left pixels be below a tenth of the right
// ones' (their true ratio is 1/225) and that the right ones be within a
// factor 2 of 0.09. One shared variance (ratio 1) cannot pass, nor can a
// weighting that mixes the outputs up.
func TestPerOutputNoiseLearnsEachPixel(t *testing.T) {
	rng := rand.New(rand.NewPCG(73, 74))
	const n, P = 120, 16
	X, Y := mat.NewDense(n, 2, nil), mat.NewDense(n, P, nil)
	for i := 0; i < n; i++ {
		c := i % 2
		X.Set(i, c, 1)
		for d := 0; d < P; d++ {
			mean, sd := 0.1, 0.02
			if (c == 0) == (d/4 < 2) {
				mean = 0.9
			}
			if d%4 >= 2 {
				sd = 0.3
			}
			Y.Set(i, d, mean+sd*rng.NormFloat64())
		}
	}
	cfg := DefaultSLGPConfig()
	cfg.M, cfg.S, cfg.Hidden, cfg.NoiseInit, cfg.NoisePerOutput = 10, 2, []int{16}, 0.1, true
	m, err := NewSLGP(cfg, Spec{X: X, Y: Y, Seed: 4, KMeans: oneHotRows(n)})
	if err != nil {
		t.Fatal(err)
	}
	fitNN(t, m, X, Y, 1500, 0, 0) // Adam at 0.005 moves log σ² by ~6 in ~1200 steps
	var left, right float64
	for d, v := range m.noises() {
		if d%4 < 2 {
			left += v / (P / 2)
		} else {
			right += v / (P / 2)
		}
	}
	t.Logf("mean learnt noise variance: left %.5f (true 0.0004), right %.4f (true 0.09)", left, right)
	if left > right/10 || right < 0.045 || right > 0.18 {
		t.Errorf("learnt noise variances: left %.5f, right %.4f; want left < right/10 and right within a factor 2 of 0.09", left, right)
	}
}
