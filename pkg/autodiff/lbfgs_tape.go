package autodiff

import "math"

// TapeObjective returns the Objective that L-BFGS minimises to maximise
// obj over the parameters of set: at x it sets the parameters (Unflatten),
// records obj on t (reset first) and returns -obj with its gradient. A
// non-finite value, or an error on the tape (a Cholesky that fails far
// from the current point, say), gives +Inf and a zero gradient, so that
// the line search backs away from the point. obj must be a pure function
// of the parameters.
func TapeObjective(set *ParamSet, t *Tape, obj func(t *Tape) *Var) Objective {
	return func(x, g []float64) (float64, error) {
		set.Unflatten(x)
		t.Reset()
		o := obj(t)
		if t.Err() != nil {
			clear(g)
			return math.Inf(1), nil
		}
		f := -o.Scalar()
		if math.IsNaN(f) || math.IsInf(f, 0) {
			clear(g)
			return math.Inf(1), nil
		}
		t.Backward(t.Neg(o))
		set.FlattenGrad(g)
		return f, nil
	}
}
