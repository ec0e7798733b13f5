package autodiff_test

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"github.com/mgpteam/mgp/pkg/autodiff/adtest"
	"gonum.org/v1/gonum/mat"
)

// rowQuad is a test op defined outside the engine: y_i = s Σ_j a_ij² w_j
// for A (n x m), w (1 x m) and s (1 x 1); the result is n x 1. It keeps the
// row sums Σ_j a_ij² w_j in an aux scratch matrix for Backward.
type rowQuad struct{}

func (rowQuad) Name() string { return "rowQuad" }

func (rowQuad) Shape(in []*ad.Var) (int, int, error) {
	if in[1].Rows() != 1 || in[1].Cols() != in[0].Cols() || in[2].Rows() != 1 || in[2].Cols() != 1 {
		return 0, 0, fmt.Errorf("A %dx%d, w %dx%d, s %dx%d", in[0].Rows(), in[0].Cols(),
			in[1].Rows(), in[1].Cols(), in[2].Rows(), in[2].Cols())
	}
	return in[0].Rows(), 1, nil
}

func (rowQuad) Forward(t *ad.Tape, out *mat.Dense, in []*ad.Var) (*mat.Dense, error) {
	A, w, s := in[0].Val, in[1].Val, in[2].Val.At(0, 0)
	n, m := A.Dims()
	q := t.Scratch(n, 1)
	for i := 0; i < n; i++ {
		v := 0.0
		for j := 0; j < m; j++ {
			v += A.At(i, j) * A.At(i, j) * w.At(0, j)
		}
		q.Set(i, 0, v)
		out.Set(i, 0, s*v)
	}
	if s < 0 {
		return q, errors.New("negative scale")
	}
	return q, nil
}

func (rowQuad) Backward(_ *ad.Tape, out *ad.Var, in []*ad.Var, q *mat.Dense) {
	A, w, s := in[0], in[1], in[2].Val.At(0, 0)
	n, m := A.Val.Dims()
	for i := 0; i < n; i++ {
		g := out.Grad.At(i, 0)
		if in[2].NeedsGrad() {
			in[2].Grad.Set(0, 0, in[2].Grad.At(0, 0)+g*q.At(i, 0))
		}
		for j := 0; j < m; j++ {
			a := A.Val.At(i, j)
			if A.NeedsGrad() {
				A.Grad.Set(i, j, A.Grad.At(i, j)+2*g*s*a*w.Val.At(0, j))
			}
			if w.NeedsGrad() {
				w.Grad.Set(0, j, w.Grad.At(0, j)+g*s*a*a)
			}
		}
	}
}

// TestCustomGradients checks a custom op's vector-Jacobian product with the
// package's finite-difference checker, alone, used twice (gradients
// accumulate) and inside a graph of built-in ops.
func TestCustomGradients(t *testing.T) {
	cases := map[string]adtest.Func{
		"alone": func(t *ad.Tape, v []*ad.Var) *ad.Var { return t.Custom(rowQuad{}, v[0], v[1], v[2]) },
		"twice": func(t *ad.Tape, v []*ad.Var) *ad.Var {
			y := t.Custom(rowQuad{}, v[0], v[1], v[2])
			return t.Mul(y, t.Custom(rowQuad{}, t.Exp(v[0]), v[1], v[2]))
		},
		"in a graph": func(t *ad.Tape, v []*ad.Var) *ad.Var {
			return t.Sum(t.Log(t.Custom(rowQuad{}, t.Tanh(v[0]), t.Exp(v[1]), v[2])))
		},
	}
	for name, f := range cases {
		for seed := uint64(1); seed <= 3; seed++ {
			rng := rand.New(rand.NewPCG(seed, 7))
			in := []*mat.Dense{adtest.Rand(rng, 4, 3), adtest.RandPos(rng, 1, 3, 0.5, 2), adtest.RandPos(rng, 1, 1, 0.5, 2)}
			if rep := adtest.Check(f, in, seed); rep.MaxRelErr > tol {
				t.Errorf("%s seed %d: %v", name, seed, rep)
			}
		}
	}
}

// TestCustomNoAllocsAndStickyErr checks that a warm step with a custom op
// allocates nothing, that the op records nothing without gradients, and that
// a Forward error becomes the sticky Err with a NaN output.
func TestCustomNoAllocsAndStickyErr(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 3))
	A, w := adtest.Rand(rng, 5, 3), adtest.RandPos(rng, 1, 3, 0.5, 2)
	s := mat.NewDense(1, 1, []float64{1.5})
	tp := ad.NewTape()
	step := func() {
		tp.Reset()
		a := tp.Leaf(A, true)
		tp.Backward(tp.Sum(tp.Custom(rowQuad{}, a, tp.Leaf(w, false), tp.Leaf(s, true))))
	}
	step()
	if allocs := testing.AllocsPerRun(10, step); allocs > 0 {
		t.Fatalf("warm step allocates %v times", allocs)
	}
	tp.Reset()
	if y := tp.Custom(rowQuad{}, tp.Const(A), tp.Const(w), tp.Const(s)); y.NeedsGrad() {
		t.Fatal("a custom op of constants records a gradient")
	}
	tp.Reset()
	y := tp.Custom(rowQuad{}, tp.Const(A), tp.Const(w), tp.Scalar(-1))
	if tp.Err() == nil || !math.IsNaN(y.Val.At(0, 0)) {
		t.Fatalf("Forward's error: Err %v, value %v", tp.Err(), y.Val.At(0, 0))
	}
}
