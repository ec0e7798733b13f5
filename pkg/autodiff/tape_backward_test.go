package autodiff_test

import (
	"math/rand/v2"
	"testing"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"github.com/mgpteam/mgp/pkg/autodiff/adtest"
	"gonum.org/v1/gonum/mat"
)

// TestBackwardInitialisesLazily: gradients are initialised per Backward
// pass, never carried over: a second Backward gives the same gradients, a
// Var no op reached gets zeros (also after it held a gradient on an earlier
// step of the same tape), and a Var that is the first-touch (overwriting)
// target of one op and the accumulating target of others gets their sum.
func TestBackwardInitialisesLazily(t *testing.T) {
	rng := rand.New(rand.NewPCG(8, 9))
	A, B, W, bias := adtest.Rand(rng, 6, 4), adtest.Rand(rng, 4, 3), adtest.Rand(rng, 4, 5), adtest.Rand(rng, 1, 5)
	tp := ad.NewTape()
	step := func(useB bool) (a, b, loss *ad.Var) {
		tp.Reset()
		a, b = tp.Leaf(A, true), tp.Leaf(B, true)
		w, c := tp.Leaf(W, true), tp.Leaf(bias, true)
		// a is read by a GEMM (first touch overwrites), by Dense (GEMM,
		// accumulating) and element-wise (accumulating).
		l := tp.Add(tp.Sum(tp.Dense(a, w, c, ad.ActReLU, 0)), tp.SumSquares(a))
		if useB {
			l = tp.Add(l, tp.Sum(tp.MatMul(a, b, false, false)))
		}
		tp.Backward(l)
		return a, b, l
	}
	a, b, loss := step(true)
	ga1, gb1 := mat.DenseCopyOf(a.Grad), mat.DenseCopyOf(b.Grad)
	tp.Backward(loss)
	if !mat.Equal(ga1, a.Grad) || !mat.Equal(gb1, b.Grad) {
		t.Fatal("a second Backward changed the gradients")
	}
	// Reference for a's gradient: the three terms computed separately.
	want := mat.NewDense(6, 4, nil)
	for _, part := range []func(tp *ad.Tape, a *ad.Var) *ad.Var{
		func(tp *ad.Tape, a *ad.Var) *ad.Var {
			return tp.Sum(tp.Dense(a, tp.Const(W), tp.Const(bias), ad.ActReLU, 0))
		},
		func(tp *ad.Tape, a *ad.Var) *ad.Var { return tp.SumSquares(a) },
		func(tp *ad.Tape, a *ad.Var) *ad.Var { return tp.Sum(tp.MatMul(a, tp.Const(B), false, false)) },
	} {
		t2 := ad.NewTape()
		x := t2.Leaf(A, true)
		t2.Backward(part(t2, x))
		want.Add(want, x.Grad)
	}
	if !mat.EqualApprox(want, ga1, 1e-12) {
		t.Fatal("gradient of a shared input differs from the sum of its parts")
	}
	_, b, _ = step(false) // b is on the tape but no op reads it now
	if !mat.Equal(b.Grad, mat.NewDense(4, 3, nil)) {
		t.Fatal("an unreached Var kept the gradient of an earlier step")
	}
}
