package autodiff

import (
	"fmt"

	"gonum.org/v1/gonum/mat"
)

// CustomOp is an op defined outside the engine by its value and its
// vector-Jacobian product (see "Custom ops" in the package doc). It must not
// keep per-call state: one CustomOp value may appear several times on a tape
// (K(Z, Z) and K(Z, X) in one step), so whatever Backward needs from Forward
// travels in the aux matrix Forward returns.
type CustomOp interface {
	// Name names the op in shape panics.
	Name() string
	// Shape returns the output's shape for the inputs' values, or an error
	// when the shapes do not fit (Custom panics with it: a programmer error).
	Shape(in []*Var) (rows, cols int, err error)
	// Forward writes the value into out (rows x cols, contents unspecified)
	// from the inputs' values and may return an aux matrix (Tape.Scratch) for
	// Backward. A non-nil error is a numerical failure: it becomes the
	// tape's sticky Err and out is filled with NaN.
	Forward(t *Tape, out *mat.Dense, in []*Var) (aux *mat.Dense, err error)
	// Backward adds (never overwrites) the vector-Jacobian product of the
	// output gradient out.Grad into in[i].Grad for every input whose
	// NeedsGrad is true; out.Val and aux are as Forward left them.
	Backward(t *Tape, out *Var, in []*Var, aux *mat.Dense)
}

// Custom applies op to the inputs and records it for Backward when any input
// needs a gradient. Its inputs are passed on in order; recording allocates
// nothing once the tape is warm.
func (t *Tape) Custom(op CustomOp, inputs ...*Var) *Var {
	// The inputs go to op through the tape's own slice, so the variadic
	// slice does not escape; Forward must therefore not call Custom.
	t.cins = append(t.cins[:0], inputs...)
	r, c, err := op.Shape(t.cins)
	if err != nil {
		panic(fmt.Sprintf("autodiff: %s: %v", op.Name(), err))
	}
	out := t.newVar(r, c)
	aux, err := op.Forward(t, out.Val, t.cins)
	if err != nil {
		t.setErr(fmt.Errorf("autodiff: %s: %w", op.Name(), err))
		fillNaN(out.Val)
	}
	if rec := t.record(customBack, out, inputs...); rec != nil {
		rec.ins = append(rec.ins, inputs...)
		rec.op, rec.aux = op, aux
	}
	return out
}

func customBack(t *Tape, rec *record) {
	rec.op.Backward(t, rec.out, rec.ins, rec.aux)
}

// NeedsGrad reports whether Backward computes v's gradient, that is whether
// a CustomOp's Backward must add into v.Grad.
func (v *Var) NeedsGrad() bool { return v.needGrad }

// Scratch hands a CustomOp an r x c matrix (contents unspecified) that the
// tape reuses by position on the next step, like its own ops' buffers: valid
// until the next Reset.
func (t *Tape) Scratch(r, c int) *mat.Dense { return t.scratch(r, c) }
