package models

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"github.com/mgpteam/mgp/pkg/autodiff/adtest"
	"github.com/mgpteam/mgp/pkg/data"
	"gonum.org/v1/gonum/mat"
)

// smallMulti builds a small SLGP (or GPCDE) with dy outputs (models.md
// §9.4's multi-output layer), its parameters moved off their start; with
// perOutput (SLGP only) a noise variance per output.
func smallMulti(t *testing.T, encoder bool, bound string, dy, M, S int, rng *rand.Rand, perOutput bool) (latentModel, *mat.Dense, *mat.Dense) {
	t.Helper()
	X, Y := adtest.Rand(rng, 5, 2), adtest.Rand(rng, 5, dy)
	cfg := DefaultSLGPConfig()
	cfg.M, cfg.S, cfg.Hidden, cfg.Bound, cfg.Beta, cfg.Nu0Init = M, S, []int{4}, bound, 0.5, 0.3
	cfg.NoisePerOutput = perOutput
	spec := Spec{X: X, Y: Y, Seed: 3, KMeans: func(X *mat.Dense, M int, _ uint64) *mat.Dense { return adtest.Rand(rng, M, 2) }}
	m, err := newLatent(cfg, spec, encoder)
	if err != nil {
		t.Fatal(err)
	}
	randomize(m.Params(), rng, 0.2)
	return m, X, Y
}

// TestSummedDataTermAtOneOutput: at d_y = 1 the summed data term of the
// multi-output path (Inducing.MarginalsSum and sumVarExp, forced on) gives
// the per-output path's objective and gradient, for every bound and for
// GPCDE, to 1e-12 relative: the same numbers summed in another order (see
// TestMarginalsSumMatchesRowSums), a few ε times the terms' size apart.
func TestSummedDataTermAtOneOutput(t *testing.T) {
	rng := rand.New(rand.NewPCG(61, 62))
	for _, c := range []struct {
		enc   bool
		bound string
	}{{true, "vi"}, {true, "iwvi"}, {true, "hybrid"}, {false, "vi"}} {
		t.Run(fmt.Sprintf("encoder=%v/%s", c.enc, c.bound), func(t *testing.T) {
			m, X, Y := smallMulti(t, c.enc, c.bound, 1, 4, 3, rng, false)
			run := func(sum bool) (float64, []float64) {
				m.core().sumOutputs = sum
				tp := ad.NewTape()
				o := m.Objective(tp, Step{X: X, Y: Y, N: 20, Rng: rand.New(rand.NewPCG(5, 1))})
				tp.Backward(o)
				return o.Scalar(), m.Params().FlattenGrad(nil)
			}
			o0, g0 := run(false)
			o1, g1 := run(true)
			if math.Abs(o1-o0) > 1e-12*max(1, math.Abs(o0)) {
				t.Fatalf("objective %v summed, %v per output", o1, o0)
			}
			for k := range g0 {
				if math.Abs(g1[k]-g0[k]) > 1e-12*max(1, math.Abs(g0[k])) {
					t.Fatalf("gradient %d: %v summed, %v per output", k, g1[k], g0[k])
				}
			}
		})
	}
}

// TestMultiOutputObjectiveGradientFD: the multi-output SLGP (P = 6, M = 5,
// S = 2, one hidden layer of 4) and GPCDE have objective gradients that
// match central finite differences (objectiveCheck's 1e-6).
func TestMultiOutputObjectiveGradientFD(t *testing.T) {
	rng := rand.New(rand.NewPCG(63, 64))
	for _, c := range []struct {
		enc   bool
		bound string
	}{{true, "hybrid"}, {true, "vi"}, {false, "vi"}} {
		t.Run(fmt.Sprintf("encoder=%v/%s", c.enc, c.bound), func(t *testing.T) {
			m, X, Y := smallMulti(t, c.enc, c.bound, 6, 5, 2, rng, false)
			if m.core().Layer.P != 6 {
				t.Fatalf("layer has %d outputs, want 6", m.core().Layer.P)
			}
			objectiveCheck(t, m, X, Y, 20, 9)
		})
	}
}

// TestMultiOutputSLGPLearnsTwoImages trains the multi-output SLGP on a
// 2-class, 4x4-pixel toy (one-hot inputs; class 0 lights the left half,
// class 1 the top half: 0.9 on, 0.1 off, N(0, 0.05²) noise) and asks that
// the mean of 100 generated images per class lie within 0.15 (mean absolute
// pixel error) of its own class's pattern and over 0.3 from the other's.
// The patterns differ at 8 of 16 pixels by 0.8 (0.4 apart on this scale),
// so a model that ignores its input (the two patterns' average, 0.2 from
// each) or swaps the classes cannot pass.
func TestMultiOutputSLGPLearnsTwoImages(t *testing.T) {
	rng := rand.New(rand.NewPCG(71, 72))
	const n, P = 80, 16
	pattern := func(c, d int) float64 {
		r, col := d/4, d%4
		if (c == 0 && col < 2) || (c == 1 && r < 2) {
			return 0.9
		}
		return 0.1
	}
	X, Y := mat.NewDense(n, 2, nil), mat.NewDense(n, P, nil)
	for i := 0; i < n; i++ {
		c := i % 2
		X.Set(i, c, 1)
		for d := 0; d < P; d++ {
			Y.Set(i, d, pattern(c, d)+0.05*rng.NormFloat64())
		}
	}
	cfg := DefaultSLGPConfig()
	cfg.M, cfg.S, cfg.Hidden, cfg.NoiseInit = 10, 2, []int{16}, 0.1
	spec := Spec{X: X, Y: Y, Seed: 4, KMeans: oneHotRows(n)}
	m, err := NewSLGP(cfg, spec)
	if err != nil {
		t.Fatal(err)
	}
	fitNN(t, m, X, Y, 600, 0, 0)
	Xt := mat.NewDense(2, 2, []float64{1, 0, 0, 1})
	Ys, _ := m.Sample(Xt, 100, rand.New(rand.NewPCG(3, 3)))
	for c := 0; c < 2; c++ {
		own, other := 0.0, 0.0
		for d := 0; d < P; d++ {
			mean := 0.0
			for p := 0; p < 100; p++ {
				mean += Ys.At(p, c*P+d) / 100
			}
			own += math.Abs(mean-pattern(c, d)) / P
			other += math.Abs(mean-pattern(1-c, d)) / P
		}
		t.Logf("class %d: mean image %.3f from its pattern, %.3f from the other's; noise variance %.4f",
			c, own, other, m.Noise.Value().At(0, 0))
		if own > 0.15 || other < 0.3 {
			t.Errorf("class %d: mean generated image %.3f from its pattern (want <= 0.15), %.3f from the other's (want >= 0.3)", c, own, other)
		}
	}
}

// oneHotRows is a Spec.KMeans for the n one-hot rows of a toy: M rows
// sampled with replacement.
func oneHotRows(n int) func(X *mat.Dense, M int, seed uint64) *mat.Dense {
	return func(X *mat.Dense, M int, seed uint64) *mat.Dense {
		r := rand.New(rand.NewPCG(seed, 9))
		_, c := X.Dims()
		Z := mat.NewDense(M, c, nil)
		for i := 0; i < M; i++ {
			Z.SetRow(i, X.RawRowView(r.IntN(n)))
		}
		return Z
	}
}

// TestOneHotInducingInit: with one-hot inputs of 10 classes and M = 100
// (models.md §9.4, A-35) data.KMeans samples the one-hot rows with
// replacement, the direct design fills the w columns with N(0, 1) draws,
// so the 100 inducing inputs are distinct; d_h = 10 + d_w and φ is the
// identity.
func TestOneHotInducingInit(t *testing.T) {
	rng := rand.New(rand.NewPCG(81, 82))
	const n, dw = 300, 2
	X, Y := mat.NewDense(n, 10, nil), adtest.Rand(rng, n, 3)
	for i := 0; i < n; i++ {
		X.Set(i, rng.IntN(10), 1)
	}
	cfg := DefaultSLGPConfig()
	cfg.DW, cfg.Hidden = dw, []int{8}
	m, err := NewSLGP(cfg, Spec{X: X, Y: Y, Seed: 2, KMeans: data.KMeans})
	if err != nil {
		t.Fatal(err)
	}
	if m.dh != 10+dw || m.Enc.phi.Kind() != "identity" {
		t.Fatalf("d_h = %d, φ %s; want %d, identity", m.dh, m.Enc.phi.Kind(), 10+dw)
	}
	Z := m.Layer.Z.Value()
	seen := map[[2]float64]bool{}
	var ss float64
	for i := 0; i < cfg.M; i++ {
		sum := 0.0
		for j := 0; j < 10; j++ {
			v := Z.At(i, j)
			if v != 0 && v != 1 {
				t.Fatalf("Z[%d, %d] = %v: the x part is not one-hot", i, j, v)
			}
			sum += v
		}
		if sum != 1 {
			t.Fatalf("Z row %d: x part sums to %v", i, sum)
		}
		key := [2]float64{Z.At(i, 10), Z.At(i, 11)}
		if seen[key] {
			t.Fatalf("Z row %d repeats an earlier row", i)
		}
		seen[key] = true
		ss += key[0]*key[0] + key[1]*key[1]
	}
	if sd := math.Sqrt(ss / (2 * float64(cfg.M))); sd < 0.7 || sd > 1.3 {
		t.Errorf("w part has sd %.3f, want N(0, 1) draws", sd)
	}
}
