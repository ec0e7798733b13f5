package autodiff_test

import (
	"fmt"
	"math/rand/v2"
	"testing"
	"time"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"github.com/mgpteam/mgp/pkg/autodiff/adtest"
	"gonum.org/v1/gonum/mat"
)

var sink float64

func spdMatrix(rng *rand.Rand, n int) *mat.Dense {
	B := adtest.Rand(rng, n, n)
	var A mat.Dense
	A.Mul(B, B.T())
	for i := 0; i < n; i++ {
		A.Set(i, i, A.At(i, i)+float64(n))
	}
	return &A
}

func BenchmarkMatMul512x100x100(b *testing.B) {
	b.Logf("BLAS backend: %s", ad.Backend())
	rng := rand.New(rand.NewPCG(1, 1))
	A, B := adtest.Rand(rng, 512, 100), adtest.Rand(rng, 100, 100)
	tp := ad.NewTape()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		tp.Reset()
		sink += tp.MatMul(tp.Leaf(A, false), tp.Leaf(B, false), false, false).Val.At(0, 0)
	}
}

func BenchmarkCholesky(b *testing.B) {
	for _, n := range []int{100, 500} {
		rng := rand.New(rand.NewPCG(1, 1))
		A := spdMatrix(rng, n)
		b.Run(fmt.Sprintf("n=%d/forward", n), func(b *testing.B) {
			tp := ad.NewTape()
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				tp.Reset()
				sink += tp.Cholesky(tp.Leaf(A, false)).Val.At(0, 0)
			}
		})
		b.Run(fmt.Sprintf("n=%d/forward+backward", n), func(b *testing.B) {
			tp := ad.NewTape()
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				tp.Reset()
				a := tp.Leaf(A, true)
				tp.Backward(tp.SumLogSqDiag(tp.Cholesky(a)))
				sink += a.Grad.At(0, 0)
			}
		})
		// split times the forward and the backward of the same iterations
		// separately, so their ratio is measured under the same load.
		b.Run(fmt.Sprintf("n=%d/split", n), func(b *testing.B) {
			tp := ad.NewTape()
			var fwd, bwd time.Duration
			b.ReportAllocs()
			b.ResetTimer()
			for i := 0; i < b.N; i++ {
				tp.Reset()
				a := tp.Leaf(A, true)
				t0 := time.Now()
				L := tp.Cholesky(a)
				t1 := time.Now()
				tp.Backward(tp.SumLogSqDiag(L))
				bwd += time.Since(t1)
				fwd += t1.Sub(t0)
				sink += a.Grad.At(0, 0)
			}
			b.ReportMetric(float64(fwd.Nanoseconds())/float64(b.N), "fwd-ns/op")
			b.ReportMetric(float64(bwd.Nanoseconds())/float64(b.N), "bwd-ns/op")
			b.ReportMetric(float64(bwd)/float64(fwd), "bwd/fwd")
		})
	}
}

// BenchmarkDenseReLU times one hidden layer of an MLP on a row block, the
// shape SLGP's encoder runs 20 times per layer per step: 256 x 100 inputs,
// 100 x 100 weights, ReLU, forward and backward (both GEMMs, the mask and
// the bias gradient).
func BenchmarkDenseReLU(b *testing.B) {
	rng := rand.New(rand.NewPCG(9, 9))
	X := adtest.Rand(rng, 256, 100)
	W := ad.NewParam("W", ad.Identity, adtest.Rand(rng, 100, 100))
	B := ad.NewParam("b", ad.Identity, adtest.Rand(rng, 1, 100))
	tp := ad.NewTape()
	run := func() {
		tp.Reset()
		x := tp.Leaf(X, true)
		tp.Backward(tp.Sum(tp.Dense(x, W.On(tp), B.On(tp), ad.ActReLU, 0)))
	}
	run()
	b.ReportAllocs()
	for b.Loop() {
		run()
	}
}

// BenchmarkQuadCols times QuadCols forward and backward (both gradients) at
// M = 100 inducing points and a 512-point batch, the whitened SVGP's
// variance correction; its element-wise products go through
// internal/simd's MulAdd and MulTo (compare with -tags purego).
func BenchmarkQuadCols(b *testing.B) {
	rng := rand.New(rand.NewPCG(7, 7))
	Q := ad.NewParam("Q", ad.Identity, spdMatrix(rng, 100))
	A := adtest.Rand(rng, 100, 512)
	tp := ad.NewTape()
	run := func() {
		tp.Reset()
		a := tp.Leaf(A, true)
		tp.Backward(tp.Sum(tp.QuadCols(Q.On(tp), a, true)))
	}
	run()
	b.ReportAllocs()
	for b.Loop() {
		run()
	}
}
