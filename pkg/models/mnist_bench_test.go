package models

import (
	"fmt"
	"math/rand/v2"
	"testing"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"gonum.org/v1/gonum/mat"
)

// mnistBench is the shape of one mnist training batch (models.md §9.4):
// 64 one-hot labels in, 784 pixels in [0, 1] out;
// mnistBenchN is the training set size (63,000 images) that scales the
// bound's global KL terms.
const mnistBenchB, mnistBenchP, mnistBenchN = 64, 784, 63000

func mnistBenchData() (*mat.Dense, *mat.Dense, Spec) {
	rng := rand.New(rand.NewPCG(5, 5))
	X, Y := mat.NewDense(mnistBenchB, 10, nil), mat.NewDense(mnistBenchB, mnistBenchP, nil)
	for i := 0; i < mnistBenchB; i++ {
		X.Set(i, rng.IntN(10), 1)
		for d := 0; d < mnistBenchP; d++ {
			Y.Set(i, d, rng.Float64())
		}
	}
	return X, Y, Spec{X: X, Y: Y, Seed: 1, KMeans: func(X *mat.Dense, M int, seed uint64) *mat.Dense {
		r := rand.New(rand.NewPCG(seed, 9)) // one-hot rows with replacement
		n, c := X.Dims()
		Z := mat.NewDense(M, c, nil)
		for i := 0; i < M; i++ {
			Z.SetRow(i, X.RawRowView(r.IntN(n)))
		}
		return Z
	}}
}

// paramBytes reports the model's parameter count and their size in MB
// (float64) as metrics, after the timing (ResetTimer deletes metrics;
// benchStepN has stopped the timer, so Flatten's copy is not counted in
// B/op); Adam keeps two moments and the tape one gradient of the same size.
func paramBytes(b *testing.B, m Model) {
	n := len(m.Params().Flatten(nil))
	b.ReportMetric(float64(n), "params")
	b.ReportMetric(float64(8*n)/1e6, "paramMB")
}

// BenchmarkMNISTStep times one training step of the mnist models at the
// paper's sizes (models.md §9.4: batch 64, 784 outputs, S = 10, MLPs
// [512, 512, 512]; SLGP M = 100, d_h = 10 + d_w, with one noise variance
// and with one per pixel) for d_w = 2 and 16.
// scripts/bench/torch_mnist.py times the same steps in PyTorch.
func BenchmarkMNISTStep(b *testing.B) {
	X, Y, spec := mnistBenchData()
	for _, dw := range []int{2, 16} {
		for _, perPixel := range []bool{false, true} {
			name := "slgp"
			if perPixel {
				name = "slgp-pixel-noise"
			}
			b.Run(fmt.Sprintf("%s/dw%d", name, dw), func(b *testing.B) {
				cfg := DefaultSLGPConfig()
				cfg.DW, cfg.Hidden, cfg.NoisePerOutput = dw, []int{512, 512, 512}, perPixel
				m, err := NewSLGP(cfg, spec)
				if err != nil {
					b.Fatal(err)
				}
				benchStepN(b, m, X, Y, mnistBenchN)
				paramBytes(b, m)
			})
		}
		for _, dec := range []string{decoderHetero, decoderHomo} {
			b.Run(fmt.Sprintf("cvae-%s/dw%d", dec[:4], dw), func(b *testing.B) {
				cfg := defaultCVAEConfig()
				cfg.DW, cfg.Hidden, cfg.Decoder = dw, []int{512, 512, 512}, dec
				m, err := NewCVAE(cfg, spec)
				if err != nil {
					b.Fatal(err)
				}
				benchStepN(b, m, X, Y, mnistBenchN)
				paramBytes(b, m)
			})
		}
	}
}

// BenchmarkMNISTGramSum times the multi-output layer's C = Σ_d R_d R_dᵀ
// (P = 784, M = 100) forward and backward, the part of the SLGP step that
// grows with the outputs; /weighted times Σ_d w_d R_d R_dᵀ with a weight
// per output that gets a gradient too (the per-pixel noise's 1/σ_d²).
func BenchmarkMNISTGramSum(b *testing.B) {
	_, _, spec := mnistBenchData()
	cfg := DefaultSLGPConfig()
	cfg.DW, cfg.Hidden = 2, []int{8}
	m, err := NewSLGP(cfg, spec)
	if err != nil {
		b.Fatal(err)
	}
	w := ad.NewParam("w", ad.Positive, ad.Fill(1, mnistBenchP, 2))
	for _, weighted := range []bool{false, true} {
		name := "plain"
		if weighted {
			name = "weighted"
		}
		b.Run(name, func(b *testing.B) {
			tp := ad.NewTape()
			run := func() {
				tp.Reset()
				if !weighted {
					tp.Backward(tp.Sum(m.Layer.GramSumForBench(tp)))
					return
				}
				rs := make([]*ad.Var, len(m.Layer.Factors))
				for r, R := range m.Layer.Factors {
					rs[r] = R.On(tp)
				}
				tp.Backward(tp.Sum(tp.WeightedGramSum(true, w.On(tp), rs...)))
			}
			run()
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				run()
			}
		})
	}
}

// BenchmarkMNISTSample times generating 200 images for each of the 10
// labels (the per-class predictive of the Table 4 NLL) with SLGP d_w = 2.
func BenchmarkMNISTSample(b *testing.B) {
	_, _, spec := mnistBenchData()
	cfg := DefaultSLGPConfig()
	cfg.DW, cfg.Hidden = 2, []int{512, 512, 512}
	m, err := NewSLGP(cfg, spec)
	if err != nil {
		b.Fatal(err)
	}
	Xc := mat.NewDense(10, 10, nil)
	for c := 0; c < 10; c++ {
		Xc.Set(c, c, 1)
	}
	rng := rand.New(rand.NewPCG(6, 6))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		m.Sample(Xc, 200, rng)
	}
}
