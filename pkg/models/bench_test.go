package models

import (
	"math/rand/v2"
	"testing"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"github.com/mgpteam/mgp/pkg/autodiff/adtest"
	"github.com/mgpteam/mgp/pkg/eval"
	"gonum.org/v1/gonum/mat"
)

// Benchmarks at the paper's UCI sizes: B = 512, M = 100, d_x = 8.
const benchB, benchM, benchD = 512, 100, 8

func benchData() (*mat.Dense, *mat.Dense, Spec) {
	rng := rand.New(rand.NewPCG(1, 1))
	X, Y := adtest.Rand(rng, benchB, benchD), adtest.Rand(rng, benchB, 1)
	return X, Y, Spec{X: X, Y: Y, Seed: 1, KMeans: func(X *mat.Dense, M int, _ uint64) *mat.Dense {
		_, c := X.Dims()
		return adtest.Rand(rng, M, c)
	}}
}

// benchStep times one training step: objective, backward, Adam update.
func benchStep(b *testing.B, m Model, X, Y *mat.Dense) { benchStepN(b, m, X, Y, 10000) }

// benchStepN is benchStep for a training set of n rows (the minibatch
// scale n/b of the bound).
func benchStepN(b *testing.B, m Model, X, Y *mat.Dense, n int) {
	b.Logf("BLAS backend: %s", ad.Backend())
	tp := ad.NewTape()
	opt := ad.NewAdam(m.Params(), 0.005)
	rng := rand.New(rand.NewPCG(2, 2))
	step := func() {
		tp.Reset()
		o := m.Objective(tp, Step{X: X, Y: Y, N: n, Rng: rng})
		tp.Backward(tp.Neg(o))
		opt.Step()
	}
	step()
	b.ReportAllocs()
	cpu0 := processCPU()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		step()
	}
	b.StopTimer()
	if cpu1 := processCPU(); cpu0 >= 0 && cpu1 >= 0 {
		// CPU time of the timed steps, all threads: a loaded machine
		// inflates it far less than the wall time (with more than one
		// BLAS thread it counts their spinning too).
		b.ReportMetric(float64(cpu1-cpu0)/float64(b.N), "cpu-ns/op")
	}
}

func BenchmarkSGPStep(b *testing.B) {
	X, Y, spec := benchData()
	cfg := defaultSGPConfig()
	m, _ := NewSGP(cfg, spec)
	benchStep(b, m, X, Y)
}

func BenchmarkSHGPStep(b *testing.B) {
	X, Y, spec := benchData()
	m, _ := NewSHGP(defaultHeteroConfig(), spec)
	benchStep(b, m, X, Y)
}

func BenchmarkSVHGPStep(b *testing.B) {
	X, Y, spec := benchData()
	m, _ := NewSVHGP(defaultHeteroConfig(), spec)
	benchStep(b, m, X, Y)
}

func BenchmarkGPCDEStep(b *testing.B) {
	X, Y, spec := benchData()
	m, _ := NewGPCDE(DefaultGPCDEConfig(), spec)
	benchStep(b, m, X, Y)
}

// BenchmarkSLGPStep times the full step (S = 10, MLPs [100, 100, 100]) and
// its two halves: the three MLPs alone (forward + backward at the step's
// row counts and row blocks) and the GP layer alone at S·B = 5120 rows.
func BenchmarkSLGPStep(b *testing.B) {
	X, Y, spec := benchData()
	cfg := DefaultSLGPConfig()
	m, _ := NewSLGP(cfg, spec)
	b.Run("full", func(b *testing.B) { benchStep(b, m, X, Y) })
	S := cfg.S
	rng := rand.New(rand.NewPCG(3, 3))
	b.Run("mlps", func(b *testing.B) {
		tp := ad.NewTape()
		XY := mat.NewDense(benchB, benchD+1, nil)
		XY.Augment(X, Y)
		encIn := adtest.Rand(rng, S*benchB, benchD+1)
		run := func() {
			tp.Reset()
			l := tp.Sum(m.W.Post.Forward(tp, tp.Const(XY)))
			l = tp.Add(l, tp.Sum(m.W.Prior.Forward(tp, tp.Const(X))))
			l = tp.Add(l, tp.Sum(m.Enc.MLP.ForwardRows(tp, tp.Const(encIn), m.Enc.rows)))
			tp.Backward(l)
		}
		run()
		b.ReportAllocs()
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			run()
		}
	})
	b.Run("gp", func(b *testing.B) {
		tp := ad.NewTape()
		H := adtest.Rand(rng, S*benchB, benchD+1)
		run := func() {
			tp.Reset()
			pr := m.Layer.Prior(tp)
			mu, nu := m.Layer.Marginals(tp, pr, tp.Const(H))
			tp.Backward(tp.Add(tp.Add(tp.Sum(mu), tp.Sum(nu)), m.Layer.KL(tp, pr)))
		}
		run()
		b.ReportAllocs()
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			run()
		}
	})
}

// BenchmarkEvalSGP times the evaluation protocol for 1000 test points x 200
// predictive samples: sampling plus the KDE NLL.
func BenchmarkEvalSGP(b *testing.B) {
	_, _, spec := benchData()
	m, _ := NewSGP(defaultSGPConfig(), spec)
	rng := rand.New(rand.NewPCG(4, 4))
	Xt, Yt := adtest.Rand(rng, 1000, benchD), adtest.Rand(rng, 1000, 1)
	y := mat.Col(nil, 0, Yt)
	ld := make([]float64, 1000)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		ys, _ := m.Sample(Xt, 200, rng)
		nll, _ := eval.KDENLL(ys, y, ld)
		sinkF += nll
	}
}

var sinkF float64

// BenchmarkEvalSLGP times SLGP's predictive sampling for 1000 test points x
// 200 samples (200,000 rows through the prior network, the encoder and the
// GP layer), the part of the evaluation protocol that dominates at UCI
// sizes.
func BenchmarkEvalSLGP(b *testing.B) {
	_, _, spec := benchData()
	m, _ := NewSLGP(DefaultSLGPConfig(), spec)
	rng := rand.New(rand.NewPCG(4, 4))
	Xt := adtest.Rand(rng, 1000, benchD)
	m.Sample(Xt, 200, rng)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		ys, _ := m.Sample(Xt, 200, rng)
		sinkF += ys.At(0, 0)
	}
}
