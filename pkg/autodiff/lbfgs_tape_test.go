package autodiff

import (
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// TestTapeObjective: the Objective of TapeObjective is -obj at the point
// it is given, with a gradient that matches central finite differences
// (a positive parameter, so through its transform too); where obj is not
// finite it returns +Inf and a zero gradient; and L-BFGS on it finds the
// maximum of a concave obj.
func TestTapeObjective(t *testing.T) {
	a := NewParam("a", Identity, mat.NewDense(1, 2, []float64{0.3, -0.2}))
	b := NewScalar("b", Positive, 0.7)
	set := NewParamSet(a, b)
	// obj = -Σ (a - (1, 2))² - (b - 3)²: maximum 0 at a = (1, 2), b = 3.
	target := mat.NewDense(1, 2, []float64{1, 2})
	obj := func(tp *Tape) *Var {
		d := tp.Sub(a.On(tp), tp.Const(target))
		return tp.Neg(tp.Add(tp.SumSquares(d), tp.Square(tp.AddConst(b.On(tp), -3))))
	}
	fn := TapeObjective(set, NewTape(), obj)
	x := set.Flatten(nil)
	g := make([]float64, len(x))
	f, err := fn(x, g)
	if err != nil {
		t.Fatal(err)
	}
	want := (0.7*0.7 + 2.2*2.2) + (0.7-3)*(0.7-3)
	if math.Abs(f-want) > 1e-12 {
		t.Errorf("value %v, want %v", f, want)
	}
	const h = 1e-6
	gh := make([]float64, len(x))
	for i := range x {
		xp, xm := append([]float64(nil), x...), append([]float64(nil), x...)
		xp[i] += h
		xm[i] -= h
		fp, _ := fn(xp, gh)
		fm, _ := fn(xm, gh)
		if fd := (fp - fm) / (2 * h); math.Abs(fd-g[i]) > 1e-6 {
			t.Errorf("gradient %d: %v, finite differences %v", i, g[i], fd)
		}
	}
	bad := TapeObjective(set, NewTape(), func(tp *Tape) *Var { return tp.Sum(tp.Log(tp.AddConst(a.On(tp), -10))) })
	if f, _ := bad(x, g); !math.IsInf(f, 1) || g[0] != 0 || g[1] != 0 || g[2] != 0 {
		t.Errorf("a non-finite objective gives %v and gradient %v, want +Inf and zeros", f, g)
	}
	opt := NewLBFGS(fn, x)
	for i := 0; i < 100 && opt.Converged() == ""; i++ {
		if err := opt.Step(); err != nil {
			t.Fatal(err)
		}
	}
	set.Unflatten(opt.X())
	if av, bv := a.Value(), b.Value().At(0, 0); math.Abs(av.At(0, 0)-1) > 1e-5 || math.Abs(av.At(0, 1)-2) > 1e-5 || math.Abs(bv-3) > 1e-5 {
		t.Errorf("L-BFGS ended at a = %v, b = %v; want (1, 2) and 3", mat.Formatted(av), bv)
	}
}
