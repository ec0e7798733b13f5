package autodiff_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"
	"time"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"github.com/mgpteam/mgp/pkg/autodiff/adtest"
	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/lapack/lapack64"
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

func BenchmarkSEARD512x100D8(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 1))
	X, Z := adtest.Rand(rng, 512, 8), adtest.Rand(rng, 100, 8)
	ls, v := ad.Fill(1, 8, 1.3), ad.Fill(1, 1, 0.9)
	tp := ad.NewTape()
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		tp.Reset()
		x, z, l, s := tp.Leaf(X, true), tp.Leaf(Z, true), tp.Leaf(ls, true), tp.Leaf(v, true)
		tp.Backward(tp.Sum(tp.SEARD(x, z, l, s)))
		sink += z.Grad.At(0, 0)
	}
}

// sgpLike is the composed sparse-GP-like step of the foundation issue:
// K_ZZ and K_ZX, Cholesky, two triangular solves, a sum, and backward.
func sgpLike(tp *ad.Tape, X, Z, ls, v *mat.Dense) float64 {
	tp.Reset()
	x := tp.Leaf(X, false)
	z, l, s := tp.Leaf(Z, true), tp.Leaf(ls, true), tp.Leaf(v, true)
	Kzz := tp.AddDiag(tp.SEARD(z, z, l, s), 1e-6)
	L := tp.Cholesky(Kzz)
	Kzx := tp.SEARD(z, x, l, s)
	A := tp.TriSolve(L, Kzx, false)
	B := tp.TriSolve(L, A, true)
	loss := tp.Add(tp.SumSquares(A), tp.Sum(B))
	tp.Backward(loss)
	return z.Grad.At(0, 0)
}

// sgpLikeForward is the forward of sgpLike alone, returning the loss.
func sgpLikeForward(tp *ad.Tape, X, Z, ls, v *mat.Dense) float64 {
	tp.Reset()
	x, z, l, s := tp.Leaf(X, false), tp.Leaf(Z, false), tp.Leaf(ls, false), tp.Leaf(v, false)
	L := tp.Cholesky(tp.AddDiag(tp.SEARD(z, z, l, s), 1e-6))
	A := tp.TriSolve(L, tp.SEARD(z, x, l, s), false)
	return tp.Add(tp.SumSquares(A), tp.Sum(tp.TriSolve(L, A, true))).Scalar()
}

// TestSparseGPStepYardstick checks that the raw-gonum benchmark computes the
// same loss as the taped one, so that their times compare like with like.
func TestSparseGPStepYardstick(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	const B, M, D = 50, 20, 3
	X, Z := adtest.Rand(rng, B, D), adtest.Rand(rng, M, D)
	ls, v := adtest.Rand(rng, 1, D), ad.Fill(1, 1, 1.3)
	for j := 0; j < D; j++ {
		ls.Set(0, j, 1.5+ls.At(0, j))
	}
	tp := ad.NewTape()
	tp.NoGrad = true
	want := sgpLikeForward(tp, X, Z, ls, v)
	buf := &rawBufs{mat.NewDense(B, D, nil), mat.NewDense(M, D, nil), mat.NewDense(M, M, nil),
		mat.NewDense(M, B, nil), mat.NewDense(M, B, nil), make([]float64, max(B, M))}
	got := sgpLikeRaw(buf, X, Z, data(ls), 1.3)
	if math.Abs(got-want) > 1e-9*math.Abs(want) {
		t.Fatalf("raw forward %.12g, taped forward %.12g", got, want)
	}
}

// sgpLikeRaw does the forward of sgpLike with plain gonum calls (no tape, no
// backward), the yardstick for the tape's overhead on the forward pass.
type rawBufs struct {
	xs, zs, kzz, kzx, a *mat.Dense
	norms               []float64
}

func sgpLikeRaw(buf *rawBufs, X, Z *mat.Dense, ls []float64, v float64) float64 {
	N, D := X.Dims()
	M, _ := Z.Dims()
	for i := 0; i < N; i++ {
		for d := 0; d < D; d++ {
			buf.xs.Set(i, d, X.At(i, d)/ls[d])
		}
	}
	for i := 0; i < M; i++ {
		for d := 0; d < D; d++ {
			buf.zs.Set(i, d, Z.At(i, d)/ls[d])
		}
	}
	kern := func(dst, a, b *mat.Dense) {
		ra, _ := a.Dims()
		rb, _ := b.Dims()
		blas64.Gemm(blas.NoTrans, blas.Trans, -2, a.RawMatrix(), b.RawMatrix(), 0, dst.RawMatrix())
		ad_, bd, dd := a.RawMatrix().Data, b.RawMatrix().Data, dst.RawMatrix().Data
		nb := buf.norms[:rb]
		for j := range nb {
			nb[j] = 0
			for _, x := range bd[j*D : (j+1)*D] {
				nb[j] += x * x
			}
		}
		for i := 0; i < ra; i++ {
			na := 0.0
			for _, x := range ad_[i*D : (i+1)*D] {
				na += x * x
			}
			row := dd[i*rb : (i+1)*rb]
			for j := range row {
				row[j] = v * math.Exp(-0.5*math.Max(0, row[j]+na+nb[j]))
			}
		}
	}
	kern(buf.kzz, buf.zs, buf.zs)
	for i := 0; i < M; i++ {
		buf.kzz.Set(i, i, buf.kzz.At(i, i)+1e-6)
	}
	kern(buf.kzx, buf.zs, buf.xs)
	raw := buf.kzz.RawMatrix()
	tri, _ := lapack64.Potrf(blas64.Symmetric{Uplo: blas.Lower, N: M, Stride: raw.Stride, Data: raw.Data})
	buf.a.Copy(buf.kzx)
	blas64.Trsm(blas.Left, blas.NoTrans, 1, tri, buf.a.RawMatrix())
	s := 0.0
	for _, x := range buf.a.RawMatrix().Data {
		s += x * x
	}
	blas64.Trsm(blas.Left, blas.Trans, 1, tri, buf.a.RawMatrix())
	return s + mat.Sum(buf.a)
}

func BenchmarkSparseGPStep(b *testing.B) {
	rng := rand.New(rand.NewPCG(1, 1))
	const B, M, D = 512, 100, 8
	X, Z := adtest.Rand(rng, B, D), adtest.Rand(rng, M, D)
	ls, v := ad.Fill(1, D, 2), ad.Fill(1, 1, 1)
	b.Run("tape/forward+backward", func(b *testing.B) {
		tp := ad.NewTape()
		sgpLike(tp, X, Z, ls, v)
		b.ReportAllocs()
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			sink += sgpLike(tp, X, Z, ls, v)
		}
	})
	b.Run("tape/forward", func(b *testing.B) {
		tp := ad.NewTape()
		tp.NoGrad = true
		b.ReportAllocs()
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			sink += sgpLikeForward(tp, X, Z, ls, v)
		}
	})
	b.Run("raw-gonum/forward", func(b *testing.B) {
		buf := &rawBufs{mat.NewDense(B, D, nil), mat.NewDense(M, D, nil), mat.NewDense(M, M, nil),
			mat.NewDense(M, B, nil), mat.NewDense(M, B, nil), make([]float64, max(B, M))}
		b.ReportAllocs()
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			sink += sgpLikeRaw(buf, X, Z, data(ls), 1)
		}
	})
}

func data(m *mat.Dense) []float64 { return m.RawMatrix().Data }

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
