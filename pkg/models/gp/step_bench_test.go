package gp

import (
	"math"
	"math/rand/v2"
	"testing"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"github.com/mgpteam/mgp/pkg/autodiff/adtest"
	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/lapack/lapack64"
	"gonum.org/v1/gonum/mat"
)

// sgpLike is the composed sparse-GP-like step of the foundation issue:
// K_ZZ and K_ZX, Cholesky, two triangular solves, a sum, and backward.
func sgpLike(tp *ad.Tape, X, Z, ls, v *mat.Dense) float64 {
	tp.Reset()
	x := tp.Leaf(X, false)
	z, l, s := tp.Leaf(Z, true), tp.Leaf(ls, true), tp.Leaf(v, true)
	Kzz := tp.AddDiag(tp.Custom(seOp{}, z, z, l, s), 1e-6)
	L := tp.Cholesky(Kzz)
	Kzx := tp.Custom(seOp{}, z, x, l, s)
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
	L := tp.Cholesky(tp.AddDiag(tp.Custom(seOp{}, z, z, l, s), 1e-6))
	A := tp.TriSolve(L, tp.Custom(seOp{}, z, x, l, s), false)
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
	got := sgpLikeRaw(buf, X, Z, raw(ls), 1.3)
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
			benchSink += sgpLike(tp, X, Z, ls, v)
		}
	})
	b.Run("tape/forward", func(b *testing.B) {
		tp := ad.NewTape()
		tp.NoGrad = true
		b.ReportAllocs()
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			benchSink += sgpLikeForward(tp, X, Z, ls, v)
		}
	})
	b.Run("raw-gonum/forward", func(b *testing.B) {
		buf := &rawBufs{mat.NewDense(B, D, nil), mat.NewDense(M, D, nil), mat.NewDense(M, M, nil),
			mat.NewDense(M, B, nil), mat.NewDense(M, B, nil), make([]float64, max(B, M))}
		b.ReportAllocs()
		b.ResetTimer()
		for i := 0; i < b.N; i++ {
			benchSink += sgpLikeRaw(buf, X, Z, raw(ls), 1)
		}
	})
}
