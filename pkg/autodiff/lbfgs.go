package autodiff

import (
	"errors"
	"fmt"
	"math"
	"slices"
)

// Objective evaluates a function to be minimised at x, writes its gradient
// into g (len(g) == len(x)) and returns its value. It must be a pure
// function of x (the same bits for the same x), which is what makes a
// resumed L-BFGS run continue exactly. A non-finite value is allowed: the
// line search backs away from it. An error ends the optimisation.
type Objective func(x, g []float64) (float64, error)

// The stopping tests of LBFGS, as SciPy's L-BFGS-B defaults (factr 1e7,
// pgtol 1e-5): a step that lowers f by less than FTol relative to
// max(|f|, |f_new|, 1), or a gradient whose largest entry is below GTol.
const (
	DefaultLBFGSFTol = 1e7 * 2.220446049250313e-16
	DefaultLBFGSGTol = 1e-5
	// DefaultLBFGSMemory is the number of curvature pairs kept.
	DefaultLBFGSMemory = 10
)

// Wolfe constants of the line search (Nocedal & Wright, ch. 3).
const (
	wolfeC1    = 1e-4
	wolfeC2    = 0.9
	maxLSEvals = 30
)

// LBFGS is the limited-memory BFGS method with a strong-Wolfe line search
// (Nocedal & Wright, Algorithms 7.4, 3.5 and 3.6), taken one iteration at
// a time so that a training loop can check, checkpoint and stop between
// iterations. Its whole state is LBFGSState: given the same x, a restored
// LBFGS takes the same steps as one that was never stopped.
type LBFGS struct {
	// Memory is the number of curvature pairs (s, y) kept.
	Memory int
	// FTol and GTol are the stopping tests (DefaultLBFGSFTol, GTol).
	FTol, GTol float64

	fn     Objective
	x, g   []float64
	f      float64
	ready  bool // f and g hold the value and gradient at x
	s, y   [][]float64
	rho    []float64
	iter   int
	fevals int
	done   string

	// scratch
	d, xt, gt, alpha []float64
}

// NewLBFGS returns an L-BFGS minimiser of fn starting from x0 (copied).
func NewLBFGS(fn Objective, x0 []float64) *LBFGS {
	n := len(x0)
	return &LBFGS{
		Memory: DefaultLBFGSMemory, FTol: DefaultLBFGSFTol, GTol: DefaultLBFGSGTol,
		fn: fn, x: append([]float64(nil), x0...), g: make([]float64, n),
		d: make([]float64, n), xt: make([]float64, n), gt: make([]float64, n),
	}
}

// X returns the current point (not a copy: do not modify it).
func (o *LBFGS) X() []float64 { return o.x }

// F returns the objective at X (NaN before the first Step).
func (o *LBFGS) F() float64 {
	if !o.ready {
		return math.NaN()
	}
	return o.f
}

// Iter returns the number of completed iterations.
func (o *LBFGS) Iter() int { return o.iter }

// FEvals returns the number of objective evaluations so far.
func (o *LBFGS) FEvals() int { return o.fevals }

// Converged returns why the method stopped ("" while it can go on).
func (o *LBFGS) Converged() string { return o.done }

// ErrNotFinite is returned when the objective at the starting point is not
// finite: there is nothing to descend from.
var ErrNotFinite = errors.New("the objective is not finite at the starting point")

// eval evaluates fn at x into gx, counting the call.
func (o *LBFGS) eval(x, gx []float64) (float64, error) {
	o.fevals++
	return o.fn(x, gx)
}

// Step takes one iteration: a search direction from the curvature pairs,
// a line search along it and the new pair. After convergence (Converged
// not empty) it does nothing. The point X moves only to points whose
// objective is finite and lower.
func (o *LBFGS) Step() error {
	if o.done != "" {
		return nil
	}
	if !o.ready {
		// A restored method evaluates its point again without counting
		// it: the count stays that of an uninterrupted run.
		eval := o.eval
		if o.iter > 0 {
			eval = o.fn
		}
		f, err := eval(o.x, o.g)
		if err != nil {
			return err
		}
		if badPoint(f, o.g) {
			return ErrNotFinite
		}
		o.f, o.ready = f, true
	}
	if maxAbs(o.g) <= o.GTol {
		o.done = fmt.Sprintf("the gradient's largest entry is below %g", o.GTol)
		return nil
	}
	o.direction()
	dg := dot(o.d, o.g)
	if !(dg < 0) { // not a descent direction: forget the curvature, go downhill
		o.s, o.y, o.rho = o.s[:0], o.y[:0], o.rho[:0]
		for i, gi := range o.g {
			o.d[i] = -gi
		}
		dg = dot(o.d, o.g)
	}
	a0 := 1.0
	if len(o.s) == 0 { // first step (or after a reset): a unit-length move
		a0 = math.Min(1, 1/math.Sqrt(-dg))
	}
	a, fa, err := o.lineSearch(a0, dg)
	if err != nil {
		return err
	}
	if a == 0 {
		o.done = "the line search found no lower point along the descent direction"
		return nil
	}
	// xt, gt hold the accepted point; the new pair is (x_t - x, g_t - g).
	s := make([]float64, len(o.x))
	yv := make([]float64, len(o.x))
	for i := range o.x {
		s[i] = o.xt[i] - o.x[i]
		yv[i] = o.gt[i] - o.g[i]
	}
	fOld := o.f
	copy(o.x, o.xt)
	copy(o.g, o.gt)
	o.f = fa
	o.iter++
	if sy := dot(s, yv); sy > 1e-10*dot(yv, yv) {
		if len(o.s) == o.Memory {
			o.s, o.y, o.rho = o.s[1:], o.y[1:], o.rho[1:]
		}
		o.s, o.y, o.rho = append(o.s, s), append(o.y, yv), append(o.rho, 1/sy)
	}
	if fOld-fa <= o.FTol*math.Max(math.Max(math.Abs(fOld), math.Abs(fa)), 1) {
		o.done = fmt.Sprintf("the objective changed by less than %.3g relative in an iteration", o.FTol)
	}
	return nil
}

// direction sets d = -H g by the two-loop recursion with H₀ = (sᵀy/yᵀy) I.
func (o *LBFGS) direction() {
	k := len(o.s)
	for i, gi := range o.g {
		o.d[i] = -gi
	}
	if k == 0 {
		return
	}
	if cap(o.alpha) < k {
		o.alpha = make([]float64, k)
	}
	alpha := o.alpha[:k]
	for i := k - 1; i >= 0; i-- {
		alpha[i] = o.rho[i] * dot(o.s[i], o.d)
		axpy(-alpha[i], o.y[i], o.d)
	}
	gamma := 1 / (o.rho[k-1] * dot(o.y[k-1], o.y[k-1]))
	for i := range o.d {
		o.d[i] *= gamma
	}
	for i := 0; i < k; i++ {
		b := o.rho[i] * dot(o.y[i], o.d)
		axpy(alpha[i]-b, o.s[i], o.d)
	}
}

// try evaluates the objective at x + a·d into xt, gt and returns its value
// and directional derivative (+Inf, NaN when not finite).
func (o *LBFGS) try(a float64) (f, df float64, err error) {
	for i := range o.x {
		o.xt[i] = o.x[i] + a*o.d[i]
	}
	f, err = o.eval(o.xt, o.gt)
	if err != nil {
		return 0, 0, err
	}
	if badPoint(f, o.gt) {
		return math.Inf(1), math.NaN(), nil
	}
	return f, dot(o.gt, o.d), nil
}

// lineSearch finds a step a along d meeting the strong Wolfe conditions
// (Algorithm 3.5) and leaves its point and gradient in xt, gt. When it
// cannot, it settles for the lowest point with sufficient decrease it saw,
// and returns a = 0 when there was none.
func (o *LBFGS) lineSearch(a0, dg0 float64) (a, fa float64, err error) {
	f0 := o.f
	best := struct{ a, f float64 }{0, f0}
	keep := func(a, f float64) {
		if f <= f0+wolfeC1*a*dg0 && f < best.f {
			best.a, best.f = a, f
		}
	}
	aPrev, fPrev, dPrev := 0.0, f0, dg0
	a = a0
	evals := 0
	for evals < maxLSEvals {
		f, df, err := o.try(a)
		if err != nil {
			return 0, 0, err
		}
		evals++
		if math.IsInf(f, 1) { // overflow: step back towards the last good point
			a = aPrev + (a-aPrev)/4
			continue
		}
		keep(a, f)
		if f > f0+wolfeC1*a*dg0 || (evals > 1 && f >= fPrev) {
			return o.zoom(aPrev, fPrev, dPrev, a, f, df, f0, dg0, maxLSEvals-evals, &best, keep)
		}
		if math.Abs(df) <= -wolfeC2*dg0 {
			return a, f, nil
		}
		if df >= 0 {
			return o.zoom(a, f, df, aPrev, fPrev, dPrev, f0, dg0, maxLSEvals-evals, &best, keep)
		}
		aPrev, fPrev, dPrev = a, f, df
		a *= 2
	}
	return o.settle(best.a, best.f)
}

// zoom narrows [lo, hi] to a strong-Wolfe step (Algorithm 3.6), choosing
// trial steps by safeguarded cubic interpolation.
func (o *LBFGS) zoom(lo, fLo, dLo, hi, fHi, dHi, f0, dg0 float64, budget int,
	best *struct{ a, f float64 }, keep func(a, f float64)) (float64, float64, error) {
	for ; budget > 0; budget-- {
		a := cubicMin(lo, fLo, dLo, hi, fHi, dHi)
		if w := hi - lo; !(math.Abs(a-lo) >= 0.1*math.Abs(w) && math.Abs(hi-a) >= 0.1*math.Abs(w)) {
			a = lo + w/2
		}
		if a == lo || a == hi { // the interval cannot shrink further
			break
		}
		f, df, err := o.try(a)
		if err != nil {
			return 0, 0, err
		}
		if math.IsInf(f, 1) {
			hi, fHi, dHi = a, f, math.NaN()
			continue
		}
		keep(a, f)
		if f > f0+wolfeC1*a*dg0 || f >= fLo {
			hi, fHi, dHi = a, f, df
			continue
		}
		if math.Abs(df) <= -wolfeC2*dg0 {
			return a, f, nil
		}
		if df*(hi-lo) >= 0 {
			hi, fHi, dHi = lo, fLo, dLo
		}
		lo, fLo, dLo = a, f, df
	}
	return o.settle(best.a, best.f)
}

// settle re-evaluates the best sufficient-decrease step a (when there is
// one) into xt, gt, so that the accepted point's gradient is at hand.
func (o *LBFGS) settle(a, fa float64) (float64, float64, error) {
	if a == 0 {
		return 0, 0, nil
	}
	f, _, err := o.try(a)
	if err != nil {
		return 0, 0, err
	}
	if f != fa { // an objective that is not a pure function of x
		return 0, 0, fmt.Errorf("the objective gave %v and then %v at the same point: it must be deterministic for L-BFGS", fa, f)
	}
	return a, f, nil
}

// cubicMin returns the minimiser of the cubic interpolating f and f' at a
// and b, or NaN when it has none (Nocedal & Wright, eq. 3.59).
func cubicMin(a, fa, da, b, fb, db float64) float64 {
	if math.IsInf(fb, 0) || math.IsNaN(db) || math.IsInf(fa, 0) || math.IsNaN(da) {
		return math.NaN()
	}
	d1 := da + db - 3*(fa-fb)/(a-b)
	disc := d1*d1 - da*db
	if disc < 0 {
		return math.NaN()
	}
	d2 := math.Copysign(math.Sqrt(disc), b-a)
	return b - (b-a)*(db+d2-d1)/(db-da+2*d2)
}

// LBFGSState is what an exact continuation of LBFGS needs besides the
// point itself: the curvature pairs (oldest first) and the counters. The
// value and gradient at the point are computed again on Restore's first
// Step (the objective is a pure function of x).
type LBFGSState struct {
	Iter      int         `json:"iter"`
	FEvals    int         `json:"fevals"`
	S         [][]float64 `json:"s,omitempty"`
	Y         [][]float64 `json:"y,omitempty"`
	Converged string      `json:"converged,omitempty"`
}

// State returns a copy of the method's state.
func (o *LBFGS) State() LBFGSState {
	st := LBFGSState{Iter: o.iter, FEvals: o.fevals, Converged: o.done}
	for i := range o.s {
		st.S = append(st.S, append([]float64(nil), o.s[i]...))
		st.Y = append(st.Y, append([]float64(nil), o.y[i]...))
	}
	return st
}

// Restore continues from st at the point x (copied): the state of the
// method that was at x when st was taken.
func (o *LBFGS) Restore(st LBFGSState, x []float64) error {
	n := len(o.x)
	if len(x) != n {
		return fmt.Errorf("L-BFGS state: %d parameters, the optimiser has %d", len(x), n)
	}
	if len(st.S) != len(st.Y) || len(st.S) > o.Memory {
		return fmt.Errorf("L-BFGS state: %d s and %d y pairs, at most %d", len(st.S), len(st.Y), o.Memory)
	}
	o.s, o.y, o.rho = nil, nil, nil
	for i := range st.S {
		if len(st.S[i]) != n || len(st.Y[i]) != n {
			return fmt.Errorf("L-BFGS state: pair %d has %d and %d entries, want %d", i, len(st.S[i]), len(st.Y[i]), n)
		}
		sy := dot(st.S[i], st.Y[i])
		if !(sy > 0) {
			return fmt.Errorf("L-BFGS state: pair %d has sᵀy = %v, must be positive", i, sy)
		}
		o.s = append(o.s, append([]float64(nil), st.S[i]...))
		o.y = append(o.y, append([]float64(nil), st.Y[i]...))
		o.rho = append(o.rho, 1/sy)
	}
	copy(o.x, x)
	o.iter, o.fevals, o.done, o.ready = st.Iter, st.FEvals, st.Converged, false
	return nil
}

func dot(a, b []float64) float64 {
	s := 0.0
	for i, v := range a {
		s += v * b[i]
	}
	return s
}

func axpy(a float64, x, y []float64) {
	for i, v := range x {
		y[i] += a * v
	}
}

func maxAbs(v []float64) float64 {
	m := 0.0
	for _, x := range v {
		m = math.Max(m, math.Abs(x))
	}
	return m
}

// badPoint reports whether an evaluation of the objective gave NaN or
// ±Inf: its value f or an entry of its gradient g.
func badPoint(f float64, g []float64) bool {
	bad := func(x float64) bool { return math.IsNaN(x) || math.IsInf(x, 0) }
	return bad(f) || slices.ContainsFunc(g, bad)
}
