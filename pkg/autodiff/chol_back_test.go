package autodiff_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"github.com/mgpteam/mgp/pkg/autodiff/adtest"
	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/mat"
)

// cholBlock mirrors cholBackBlock in chol_back.go, the block size of the
// blocked reverse pass of Cholesky; the sizes below straddle it.
const cholBlock = 16

// refCholeskyBack is the former reverse pass of Cholesky, kept as the
// reference: ½(P + Pᵀ) with P = L⁻ᵀ Φ(Lᵀ tril(L̄)) L⁻¹ by one trmm and two
// trsm, Φ taking the lower triangle and halving the diagonal.
func refCholeskyBack(L, Lbar *mat.Dense) *mat.Dense {
	n, _ := L.Dims()
	P := mat.NewDense(n, n, nil)
	for i := 0; i < n; i++ {
		for j := 0; j <= i; j++ {
			P.Set(i, j, Lbar.At(i, j))
		}
	}
	raw := L.RawMatrix()
	Lt := blas64.Triangular{Uplo: blas.Lower, Diag: blas.NonUnit, N: n, Stride: raw.Stride, Data: raw.Data}
	blas64.Trmm(blas.Left, blas.Trans, 1, Lt, P.RawMatrix())
	for i := 0; i < n; i++ {
		P.Set(i, i, 0.5*P.At(i, i))
		for j := i + 1; j < n; j++ {
			P.Set(i, j, 0)
		}
	}
	blas64.Trsm(blas.Left, blas.Trans, 1, Lt, P.RawMatrix())
	blas64.Trsm(blas.Right, blas.NoTrans, 1, Lt, P.RawMatrix())
	G := mat.NewDense(n, n, nil)
	for i := 0; i < n; i++ {
		for j := 0; j < n; j++ {
			G.Set(i, j, 0.5*(P.At(i, j)+P.At(j, i)))
		}
	}
	return G
}

// TestCholeskyBlockedGradFD checks the gradient of Cholesky (through an SPD
// matrix a aᵀ + nI of a free a, with a random weighted sum of L as the loss,
// which is what adtest.Check differentiates) against central differences at
// sizes below, at and above the block size of the reverse pass and at 2.5
// blocks, so that every inter-block update is exercised.
func TestCholeskyBlockedGradFD(t *testing.T) {
	sizes := []int{1, 2, 5, cholBlock - 1, cholBlock, cholBlock + 1, cholBlock * 5 / 2}
	f := func(t *ad.Tape, v []*ad.Var) *ad.Var { return t.Cholesky(spd(t, v[0])) }
	for _, n := range sizes {
		t.Run(fmt.Sprintf("n=%d", n), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(n), 11))
			rep := adtest.Check(f, []*mat.Dense{adtest.Rand(rng, n, n)}, uint64(1000+n))
			if rep.MaxRelErr > tol {
				t.Fatalf("%v", rep)
			}
		})
	}
}

// TestCholeskyBackMatchesReference compares the blocked reverse pass with
// the former trmm + 2 trsm formula on random SPD matrices, with a random
// upstream gradient that is non-zero above the diagonal too (it must be
// ignored). The first pass seeds L directly; the second runs on the warm
// tape (scratch buffers holding the first pass's data) with a also feeding
// the output, so that a.Grad must accumulate: seed + the Cholesky adjoint.
func TestCholeskyBackMatchesReference(t *testing.T) {
	for _, n := range []int{3, 37, 100, 257} {
		t.Run(fmt.Sprintf("n=%d", n), func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(n), 21))
			A := spdMatrix(rng, n)
			seed := adtest.Rand(rng, n, n)
			tp := ad.NewTape()
			for pass := 0; pass < 2; pass++ {
				tp.Reset()
				a := tp.Leaf(A, true)
				L := tp.Cholesky(a)
				got := mat.NewDense(n, n, nil)
				if pass == 0 {
					tp.BackwardWith(L, seed)
					got.Copy(a.Grad)
				} else {
					tp.BackwardWith(tp.Add(L, a), seed)
					got.Sub(a.Grad, seed)
				}
				want := refCholeskyBack(L.Val, seed)
				var diff mat.Dense
				diff.Sub(got, want)
				scale := mat.Norm(want, math.Inf(1))
				e := mat.Norm(&diff, math.Inf(1)) / scale
				if !(e < 1e-10) {
					t.Fatalf("pass %d: relative difference %.3g from the reference", pass, e)
				}
				t.Logf("pass %d: relative difference from the reference %.3g", pass, e)
				for i := 0; i < n; i++ {
					for j := 0; j < i; j++ {
						if math.Abs(got.At(i, j)-got.At(j, i)) > 1e-13*scale {
							t.Fatalf("pass %d: gradient not symmetric at [%d,%d]", pass, i, j)
						}
					}
				}
			}
		})
	}
}

// TestCholeskyBackNoAllocs: once the tape is warm, a step of Cholesky,
// forward and reverse, allocates nothing (the reverse pass takes all its
// buffers from the tape's scratch).
func TestCholeskyBackNoAllocs(t *testing.T) {
	const n = 100
	rng := rand.New(rand.NewPCG(5, 31))
	A := spdMatrix(rng, n)
	tp := ad.NewTape()
	step := func() {
		tp.Reset()
		a := tp.Leaf(A, true)
		tp.Backward(tp.SumLogSqDiag(tp.Cholesky(a)))
	}
	step()
	if allocs := testing.AllocsPerRun(10, step); allocs > 0 {
		t.Fatalf("warm step allocates %v times", allocs)
	}
}
