package autodiff_test

import (
	"math"
	"testing"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"gonum.org/v1/gonum/mat"
)

func TestAdamQuadratic(t *testing.T) {
	// f(x) = Σ c_i (x_i - t_i)², convex; minimum at t.
	target := mat.NewDense(1, 3, []float64{1, -2, 0.5})
	coef := mat.NewDense(1, 3, []float64{1, 10, 0.1})
	p := ad.NewParam("x", ad.Identity, mat.NewDense(1, 3, []float64{5, 5, 5}))
	opt := ad.NewAdam(ad.NewParamSet(p), 0.05)
	tp := ad.NewTape()
	for i := 0; i < 5000; i++ {
		tp.Reset()
		d := tp.Sub(p.On(tp), tp.Const(target))
		tp.Backward(tp.Sum(tp.Mul(tp.Square(d), tp.Const(coef))))
		opt.Step()
	}
	for j := 0; j < 3; j++ {
		// lr 0.05 leaves Adam oscillating at most a few lr around the optimum;
		// 5000 steps are far more than the ~200 a contraction needs.
		if e := math.Abs(p.Raw.At(0, j) - target.At(0, j)); e > 1e-3 {
			t.Fatalf("x[%d] = %v, want %v (±1e-3)", j, p.Raw.At(0, j), target.At(0, j))
		}
	}
}

func TestAdamRosenbrock(t *testing.T) {
	// f(a, b) = (1-a)² + 100(b-a²)², minimum at (1, 1).
	p := ad.NewParam("ab", ad.Identity, mat.NewDense(1, 2, []float64{-1.2, 1}))
	opt := ad.NewAdam(ad.NewParamSet(p), 0.01)
	tp := ad.NewTape()
	for i := 0; i < 20000; i++ {
		tp.Reset()
		v := p.On(tp)
		a, b := tp.SliceCols(v, 0, 1), tp.SliceCols(v, 1, 2)
		f := tp.Add(tp.Square(tp.AddConst(tp.Neg(a), 1)), tp.Scale(100, tp.Square(tp.Sub(b, tp.Square(a)))))
		tp.Backward(f)
		opt.Step()
	}
	a, b := p.Raw.At(0, 0), p.Raw.At(0, 1)
	if math.Abs(a-1) > 1e-2 || math.Abs(b-1) > 2e-2 {
		t.Fatalf("Rosenbrock minimum (%v, %v), want (1, 1) within (1e-2, 2e-2)", a, b)
	}
}

func TestAdamFirstStepIsLR(t *testing.T) {
	// TF1 Adam: the first step moves each coordinate by lr·g/(|g| + ε√(1-β₂)/...) ≈ lr.
	p := ad.NewParam("x", ad.Identity, mat.NewDense(1, 1, []float64{0}))
	opt := ad.NewAdam(ad.NewParamSet(p), 0.005)
	tp := ad.NewTape()
	tp.Backward(tp.Scale(3, p.On(tp)))
	opt.Step()
	if got := p.Raw.At(0, 0); math.Abs(got+0.005) > 1e-9 {
		t.Fatalf("first step %v, want -0.005", got)
	}
}

func TestParamTransforms(t *testing.T) {
	v := mat.NewDense(2, 2, []float64{0.3, 9, -0.2, 0.7})
	for _, tr := range []ad.Transform{ad.Identity, ad.LowerTri} {
		p := ad.NewParam("p", tr, v)
		got := p.Value()
		want := mat.DenseCopyOf(v)
		if tr == ad.LowerTri {
			want.Set(0, 1, 0)
		}
		if !mat.EqualApprox(got, want, 1e-14) {
			t.Fatalf("%v: value %v", tr, mat.Formatted(got))
		}
	}
	pos := mat.NewDense(1, 3, []float64{1e-3, 1, 50})
	for _, tr := range []ad.Transform{ad.Positive, ad.PositiveExp} {
		p := ad.NewParam("p", tr, pos)
		if !mat.EqualApprox(p.Value(), pos, 1e-12) {
			t.Fatalf("%v round trip: %v", tr, mat.Formatted(p.Value()))
		}
		tp := ad.NewTape()
		on := p.On(tp)
		if !mat.EqualApprox(on.Val, pos, 1e-12) {
			t.Fatalf("%v on tape: %v", tr, mat.Formatted(on.Val))
		}
	}
	// Log1pe init of models.md §0.2: rho for theta = 1 is log(e^(1-1e-6) - 1).
	p := ad.NewScalar("s", ad.Positive, 1)
	if want := math.Log(math.Exp(1-1e-6) - 1); math.Abs(p.Raw.At(0, 0)-want) > 1e-12 {
		t.Fatalf("rho %v want %v", p.Raw.At(0, 0), want)
	}
	if err := p.SetValue(mat.NewDense(1, 1, []float64{-1})); err == nil {
		t.Fatal("negative value for a positive param accepted")
	}
	// Positive-diagonal triangular factor keeps its diagonal.
	q := ad.NewParam("R", ad.LowerTriPosDiag, mat.NewDense(2, 2, []float64{0.5, 0, 0.3, 2}))
	if !mat.EqualApprox(q.Value(), mat.NewDense(2, 2, []float64{0.5, 0, 0.3, 2}), 1e-12) {
		t.Fatalf("posdiag value %v", mat.Formatted(q.Value()))
	}
}

func TestParamSetRoundTrip(t *testing.T) {
	a := ad.NewScalar("a", ad.Positive, 2)
	b := ad.NewParam("b", ad.Identity, mat.NewDense(2, 2, []float64{1, 2, 3, 4}))
	s := ad.NewParamSet(a, b)
	snap := s.Snapshot()
	x := s.Flatten(nil)
	b.Raw.Set(0, 0, 100)
	s.Unflatten(x)
	if b.Raw.At(0, 0) != 1 {
		t.Fatal("unflatten did not restore")
	}
	b.Raw.Set(0, 0, 100)
	if err := s.Restore(snap); err != nil || b.Raw.At(0, 0) != 1 {
		t.Fatalf("restore: %v", err)
	}
	delete(snap, "a")
	if err := s.Restore(snap); err == nil {
		t.Fatal("missing param accepted")
	}
}

func TestCheckGradsNamesElement(t *testing.T) {
	p := ad.NewParam("w", ad.Identity, mat.NewDense(2, 2, []float64{1, 0, 4, 1}))
	opt := ad.NewAdam(ad.NewParamSet(p), 0.01)
	tp := ad.NewTape()
	tp.Backward(tp.Sum(tp.Sqrt(tp.Sub(p.On(tp), tp.Const(mat.NewDense(2, 2, []float64{0, 0, 0, 0}))))))
	err := opt.CheckGrads()
	ge, ok := err.(*ad.GradError)
	if !ok || ge.Param != "w" || ge.Row != 0 || ge.Col != 1 {
		t.Fatalf("err = %v", err)
	}
}
