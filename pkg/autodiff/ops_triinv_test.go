package autodiff_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"github.com/mgpteam/mgp/pkg/autodiff/adtest"
	"gonum.org/v1/gonum/mat"
)

// triInverseCases (run by TestGradients) are the finite-difference checks
// of TriInverse: L a free square matrix whose diagonal is shifted by 3 (the
// op reads only the lower triangle, so the check covers the zero gradient
// of the strict upper one), at sizes 1, 4 and 40 (off-diagonal entries
// scaled by 1/√n so that L⁻¹ stays of order 1), alone and as the whitened
// layer uses it, L⁻¹ times a matrix by TriMatMul.
func triInverseCases() []gcase {
	var cs []gcase
	for _, n := range []int{1, 4, 40} {
		well := func(t *ad.Tape, a *ad.Var) *ad.Var {
			return t.AddDiag(t.Scale(1/math.Sqrt(float64(n)), a), 3)
		}
		cs = append(cs,
			gcase{fmt.Sprintf("TriInverse/%d", n),
				func(t *ad.Tape, v []*ad.Var) *ad.Var { return t.TriInverse(well(t, v[0])) },
				randIn([2]int{n, n})},
			gcase{fmt.Sprintf("TriInverse/times/%d", n),
				func(t *ad.Tape, v []*ad.Var) *ad.Var { return t.TriMatMul(t.TriInverse(well(t, v[0])), v[1], false) },
				randIn([2]int{n, n}, [2]int{n, 3})})
	}
	return cs
}

// TestTriInverseMatchesTriSolve: L⁻¹B by TriInverse and TriMatMul equals
// the TRSM solve of TriSolve in value and in both gradients, to rounding
// (n = 120, L well conditioned); the inverse's strict upper triangle is
// exactly zero; a singular L gives NaN.
func TestTriInverseMatchesTriSolve(t *testing.T) {
	const n, k = 120, 50
	rng := rand.New(rand.NewPCG(9, 10))
	L0 := adtest.Rand(rng, n, n)
	L0.Scale(1/math.Sqrt(n), L0)
	for i := 0; i < n; i++ {
		L0.Set(i, i, 2+math.Abs(L0.At(i, i)))
	}
	B0, G := adtest.Rand(rng, n, k), adtest.Rand(rng, n, k)
	run := func(inverse bool) (val, gl, gb *mat.Dense) {
		tp := ad.NewTape()
		l, b := tp.Leaf(L0, true), tp.Leaf(B0, true)
		var out *ad.Var
		if inverse {
			out = tp.TriMatMul(tp.TriInverse(l), b, false)
		} else {
			out = tp.TriSolve(l, b, false)
		}
		tp.BackwardWith(out, G)
		return mat.DenseCopyOf(out.Val), mat.DenseCopyOf(l.Grad), mat.DenseCopyOf(b.Grad)
	}
	v1, l1, b1 := run(true)
	v2, l2, b2 := run(false)
	for _, c := range []struct {
		what string
		a, b *mat.Dense
	}{{"value", v1, v2}, {"L gradient", l1, l2}, {"B gradient", b1, b2}} {
		if !mat.EqualApprox(c.a, c.b, 1e-10) {
			t.Errorf("%s: TriInverse·B differs from TriSolve", c.what)
		}
	}
	tp := ad.NewTape()
	X := tp.TriInverse(tp.Const(L0)).Val
	for i := 0; i < n; i++ {
		for j := i + 1; j < n; j++ {
			if X.At(i, j) != 0 {
				t.Fatalf("X[%d,%d] = %v above the diagonal", i, j, X.At(i, j))
			}
		}
	}
	S := mat.DenseCopyOf(L0)
	S.Set(7, 7, 0)
	if v := tp.TriInverse(tp.Const(S)).Val.At(0, 0); !math.IsNaN(v) {
		t.Errorf("singular L: X[0,0] = %v, want NaN", v)
	}
}
