package autodiff

import (
	"math"
	"testing"
)

// rosenbrock is the extended Rosenbrock function of len(x) variables.
func rosenbrock(x, g []float64) (float64, error) {
	f := 0.0
	clear(g)
	for i := 0; i+1 < len(x); i++ {
		a, b := 1-x[i], x[i+1]-x[i]*x[i]
		f += a*a + 100*b*b
		g[i] += -2*a - 400*b*x[i]
		g[i+1] += 200 * b
	}
	return f, nil
}

// runLBFGS steps o until it converges or max iterations pass.
func runLBFGS(t *testing.T, o *LBFGS, max int) {
	t.Helper()
	for o.Converged() == "" && o.Iter() < max {
		if err := o.Step(); err != nil {
			t.Fatal(err)
		}
	}
}

// TestLBFGSRosenbrock: L-BFGS finds the minimum of the extended Rosenbrock
// function at (1, ..., 1), in a number of evaluations
// typical of quasi-Newton methods.
func TestLBFGSRosenbrock(t *testing.T) {
	for _, n := range []int{2, 10} {
		x0 := make([]float64, n)
		for i := range x0 {
			x0[i] = -1.2
			if i%2 == 1 {
				x0[i] = 1
			}
		}
		o := NewLBFGS(rosenbrock, x0)
		o.GTol = 1e-8
		runLBFGS(t, o, 1000)
		if o.Converged() == "" {
			t.Fatalf("n=%d: not converged after %d iterations", n, o.Iter())
		}
		for i, v := range o.X() {
			if math.Abs(v-1) > 1e-5 {
				t.Errorf("n=%d: x[%d] = %v, want 1", n, i, v)
			}
		}
		// Nocedal & Wright (Table 6.x) report 30-50 evaluations for
		// quasi-Newton methods on the 2-D problem from (-1.2, 1).
		if max := 60 * n / 2; o.FEvals() > max {
			t.Errorf("n=%d: %d evaluations, want at most %d", n, o.FEvals(), max)
		}
	}
}

// TestLBFGSQuadratic: on a convex quadratic of condition number 1e4 the
// method converges to the solution of A x = b.
func TestLBFGSQuadratic(t *testing.T) {
	n := 50
	diag := make([]float64, n)
	for i := range diag {
		diag[i] = math.Pow(1e4, float64(i)/float64(n-1))
	}
	fn := func(x, g []float64) (float64, error) {
		f := 0.0
		for i, v := range x {
			r := v - float64(i%3)
			f += 0.5 * diag[i] * r * r
			g[i] = diag[i] * r
		}
		return f, nil
	}
	o := NewLBFGS(fn, make([]float64, n))
	o.GTol, o.FTol = 1e-9, 0
	runLBFGS(t, o, 2000)
	for i, v := range o.X() {
		if math.Abs(v-float64(i%3)) > 1e-6 {
			t.Fatalf("x[%d] = %v, want %d (%s after %d iterations)", i, v, i%3, o.Converged(), o.Iter())
		}
	}
}

// TestLBFGSResumeIsBitIdentical: a method restored from its State at
// iteration k continues with the same points, bit for bit, as one that
// never stopped.
func TestLBFGSResumeIsBitIdentical(t *testing.T) {
	x0 := []float64{-1.2, 1, -1.2, 1, 0.5}
	a := NewLBFGS(rosenbrock, x0)
	for range 15 {
		if err := a.Step(); err != nil {
			t.Fatal(err)
		}
	}
	st, x := a.State(), append([]float64(nil), a.X()...)
	b := NewLBFGS(rosenbrock, make([]float64, len(x0)))
	if err := b.Restore(st, x); err != nil {
		t.Fatal(err)
	}
	for range 20 {
		if err := a.Step(); err != nil {
			t.Fatal(err)
		}
		if err := b.Step(); err != nil {
			t.Fatal(err)
		}
	}
	for i := range x {
		if a.X()[i] != b.X()[i] {
			t.Fatalf("x[%d]: uninterrupted %v, resumed %v", i, a.X()[i], b.X()[i])
		}
	}
	if a.FEvals() != b.FEvals() || a.Iter() != b.Iter() {
		t.Errorf("counts: uninterrupted %d evals %d iterations, resumed %d, %d", a.FEvals(), a.Iter(), b.FEvals(), b.Iter())
	}
}

// TestLBFGSBacksAwayFromOverflow: a function that is +Inf beyond |x| > 2
// is still minimised (the line search shrinks the step), and x never
// moves to a non-finite point.
func TestLBFGSBacksAwayFromOverflow(t *testing.T) {
	fn := func(x, g []float64) (float64, error) {
		if math.Abs(x[0]) > 2 {
			g[0] = math.NaN()
			return math.Inf(1), nil
		}
		g[0] = 2 * (x[0] - 1.5) * 1e3
		return 1e3 * (x[0] - 1.5) * (x[0] - 1.5), nil
	}
	o := NewLBFGS(fn, []float64{-1.9})
	runLBFGS(t, o, 100)
	if math.Abs(o.X()[0]-1.5) > 1e-6 || math.IsInf(o.F(), 0) {
		t.Errorf("x = %v, f = %v (%s), want 1.5", o.X()[0], o.F(), o.Converged())
	}
}

// TestLBFGSNotFiniteStart: a starting point with a non-finite objective is
// refused with ErrNotFinite.
func TestLBFGSNotFiniteStart(t *testing.T) {
	fn := func(x, g []float64) (float64, error) { return math.NaN(), nil }
	if err := NewLBFGS(fn, []float64{0}).Step(); err != ErrNotFinite {
		t.Errorf("got %v, want ErrNotFinite", err)
	}
}

// TestLBFGSRestoreRefusesBadState: a state whose pairs do not fit is
// refused.
func TestLBFGSRestoreRefusesBadState(t *testing.T) {
	o := NewLBFGS(rosenbrock, []float64{0, 0})
	if err := o.Restore(LBFGSState{S: [][]float64{{1, 0}}, Y: [][]float64{{-1, 0}}}, []float64{0, 0}); err == nil {
		t.Error("a pair with negative curvature was accepted")
	}
	if err := o.Restore(LBFGSState{S: [][]float64{{1}}, Y: [][]float64{{1}}}, []float64{0, 0}); err == nil {
		t.Error("a pair of the wrong length was accepted")
	}
	if err := o.Restore(LBFGSState{}, []float64{0}); err == nil {
		t.Error("a point of the wrong length was accepted")
	}
}

// BenchmarkLBFGSStep times one iteration on a 1,000-variable Rosenbrock
// function (the method's own overhead: the objective is cheap).
func BenchmarkLBFGSStep(b *testing.B) {
	x0 := make([]float64, 1000)
	o := NewLBFGS(rosenbrock, x0)
	b.ReportAllocs()
	for b.Loop() {
		if o.Converged() != "" {
			o = NewLBFGS(rosenbrock, x0)
		}
		if err := o.Step(); err != nil {
			b.Fatal(err)
		}
	}
}
