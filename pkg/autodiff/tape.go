package autodiff

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"
)

// Var is a node of a Tape: a value matrix and, after Backward, its gradient.
// A Var is valid until the next Reset of its Tape.
type Var struct {
	// Val is the value. Do not modify it after the op that produced it.
	Val *mat.Dense
	// Grad is d loss / d Val after Backward; nil when the Var needs no
	// gradient.
	Grad *mat.Dense

	buf      *mat.Dense // arena-owned value buffer
	needGrad bool
	tape     *Tape
	gradGen  uint64 // the Backward pass in which Grad was last initialised
}

// Rows returns the number of rows of v's value.
func (v *Var) Rows() int { r, _ := v.Val.Dims(); return r }

// Cols returns the number of columns of v's value.
func (v *Var) Cols() int { _, c := v.Val.Dims(); return c }

// Scalar returns the value of a 1 x 1 Var.
func (v *Var) Scalar() float64 {
	r, c := v.Val.Dims()
	if r != 1 || c != 1 {
		panic(fmt.Sprintf("autodiff: Scalar of a %dx%d Var", r, c))
	}
	return v.Val.At(0, 0)
}

// backFunc propagates the output gradient of rec into its inputs.
type backFunc func(t *Tape, rec *record)

// record is one recorded operation. It captures nothing: all it needs is in
// its fields, so recording allocates nothing once the tape is warm.
type record struct {
	back    backFunc
	out     *Var
	a, b, c *Var
	d       *Var
	ins     []*Var // variadic inputs (concat)
	i0, i1  int
	f0, f1  float64
	flag    bool
	// writes marks ops whose backward initialises its inputs' gradients
	// itself through Tape.gradFor (overwriting on first touch); the inputs
	// of every other op are zeroed just before its backward runs.
	writes bool
	aux    *mat.Dense
	aux2   *mat.Dense
	idx    []int
	op     CustomOp // the op of a Custom record
}

// Tape records operations for reverse-mode differentiation and owns the
// buffers of every Var it creates. The zero Tape is not usable; call NewTape.
type Tape struct {
	vars []*Var
	nv   int
	recs []record
	nr   int
	tmp  []*mat.Dense
	nt   int

	// NoGrad, when true, makes every op skip recording (prediction mode).
	NoGrad bool

	err  error
	gen  uint64
	bgen uint64 // counts Backward passes
	jits []float64
	cins []*Var // Custom's inputs when it records nothing

	// params caches, on a NoGrad tape, each parameter's constrained value
	// for the generation pgen (Param.On), so that prediction writes
	// nothing into the parameters and tapes of several goroutines can
	// read one model at once.
	params map[*Param]*Var
	pgen   uint64
}

// NewTape returns an empty tape.
func NewTape() *Tape { return &Tape{} }

// Reset forgets all Vars and records so the tape can run the next step. The
// buffers are kept and handed out again by position. Err is cleared.
func (t *Tape) Reset() {
	t.nv, t.nr, t.nt = 0, 0, 0
	t.err = nil
	t.gen++
	t.jits = t.jits[:0]
}

// Generation counts Resets; a Var handed out at generation g is valid while
// Generation() == g.
func (t *Tape) Generation() uint64 { return t.gen }

// Err returns the first numerical failure since the last Reset, or nil.
func (t *Tape) Err() error { return t.err }

// Jitters lists the diagonal jitter each Cholesky op of this step needed on
// top of its input (0 when the plain factorisation succeeded).
func (t *Tape) Jitters() []float64 { return t.jits }

func (t *Tape) setErr(err error) {
	if t.err == nil {
		t.err = err
	}
}

// reuseDense returns a contiguous r x c matrix that reuses d's storage when
// it is large enough. Contents are unspecified.
func reuseDense(d *mat.Dense, r, c int) *mat.Dense {
	if d != nil {
		dr, dc := d.Dims()
		if dr == r && dc == c {
			return d
		}
		raw := d.RawMatrix()
		if cap(raw.Data) >= r*c {
			return mat.NewDense(r, c, raw.Data[:r*c])
		}
	}
	return mat.NewDense(r, c, nil)
}

// newVar hands out the next Var slot with an r x c value buffer.
func (t *Tape) newVar(r, c int) *Var {
	if r <= 0 || c <= 0 {
		panic(fmt.Sprintf("autodiff: empty %dx%d matrix", r, c))
	}
	if t.nv == len(t.vars) {
		t.vars = append(t.vars, &Var{tape: t})
	}
	v := t.vars[t.nv]
	t.nv++
	v.buf = reuseDense(v.buf, r, c)
	v.Val = v.buf
	v.needGrad = false
	return v
}

// scratch hands out the next scratch matrix (r x c, contents unspecified).
func (t *Tape) scratch(r, c int) *mat.Dense {
	if t.nt == len(t.tmp) {
		t.tmp = append(t.tmp, nil)
	}
	m := reuseDense(t.tmp[t.nt], r, c)
	t.tmp[t.nt] = m
	t.nt++
	return m
}

// scratchZero is scratch filled with zeros.
func (t *Tape) scratchZero(r, c int) *mat.Dense {
	m := t.scratch(r, c)
	m.Zero()
	return m
}

// record appends a record and returns it for filling, or nil when nothing
// needs recording. The output's needGrad flag is set accordingly.
func (t *Tape) record(back backFunc, out *Var, ins ...*Var) *record {
	if t.NoGrad {
		return nil
	}
	need := false
	for _, in := range ins {
		if in != nil && in.needGrad {
			need = true
			break
		}
	}
	if !need {
		return nil
	}
	out.needGrad = true
	if t.nr == len(t.recs) {
		t.recs = append(t.recs, record{})
	}
	rec := &t.recs[t.nr]
	t.nr++
	ins2 := rec.ins[:0]
	idx := rec.idx[:0]
	*rec = record{back: back, out: out, ins: ins2, idx: idx}
	switch len(ins) {
	case 4:
		rec.d = ins[3]
		fallthrough
	case 3:
		rec.c = ins[2]
		fallthrough
	case 2:
		rec.b = ins[1]
		fallthrough
	case 1:
		rec.a = ins[0]
	}
	return rec
}

// Const puts m on the tape as a Var that needs no gradient. m is copied into
// a tape buffer, so the caller may change m afterwards.
func (t *Tape) Const(m mat.Matrix) *Var {
	r, c := m.Dims()
	v := t.newVar(r, c)
	v.Val.Copy(m)
	return v
}

// RowsOf puts an r x c constant on the tape whose row i is a copy of row(i)
// (each of length c): a gather without an intermediate matrix.
func (t *Tape) RowsOf(r, c int, row func(i int) []float64) *Var {
	v := t.newVar(r, c)
	d := data(v.Val)
	for i := 0; i < r; i++ {
		copy(d[i*c:(i+1)*c], row(i)[:c])
	}
	return v
}

// Scalar puts the constant x on the tape as a 1 x 1 Var.
func (t *Tape) Scalar(x float64) *Var {
	v := t.newVar(1, 1)
	v.Val.Set(0, 0, x)
	return v
}

// Leaf puts m on the tape without copying it (the Var's value aliases m, so
// m must stay unchanged until Backward has run). When needGrad is true,
// Backward accumulates d loss/d m into the Var's Grad. m must be contiguous.
func (t *Tape) Leaf(m *mat.Dense, needGrad bool) *Var {
	raw := m.RawMatrix()
	if raw.Stride != raw.Cols {
		v := t.Const(m)
		v.needGrad = needGrad && !t.NoGrad
		return v
	}
	v := t.newVar(1, 1)
	v.Val = m
	v.needGrad = needGrad && !t.NoGrad
	return v
}

// StopGrad returns a Var with the value of a through which no gradient flows.
func (t *Tape) StopGrad(a *Var) *Var {
	r, c := a.Val.Dims()
	v := t.newVar(r, c)
	v.Val.Copy(a.Val)
	return v
}

// Backward computes d loss/d v for every Var v that needs a gradient.
// loss must be 1 x 1. Gradients from an earlier Backward on the same step
// are overwritten.
func (t *Tape) Backward(loss *Var) {
	t.BackwardWith(loss, nil)
}

// BackwardWith is Backward with an explicit upstream gradient seed of the
// shape of out (nil means all ones). It lets tests check Jacobian-vector
// products of non-scalar outputs.
//
// Gradients are initialised lazily: an op's inputs are zeroed just before
// its backward runs (while the buffers are about to be used), and ops that
// write whole gradients with BLAS (MatMul, Dense, TriSolve, TriMatMul)
// overwrite on first touch instead (beta = 0), so most large gradients are
// never zeroed at all. Ops whose output received no gradient are skipped;
// Vars no op reached get zero gradients at the end.
func (t *Tape) BackwardWith(out *Var, seed *mat.Dense) {
	if !out.needGrad {
		return
	}
	t.bgen++
	g, _ := t.gradFor(out)
	if seed == nil {
		d := g.RawMatrix().Data
		for i := range d {
			d[i] = 1
		}
	} else {
		g.Copy(seed)
	}
	for i := t.nr - 1; i >= 0; i-- {
		rec := &t.recs[i]
		if !rec.out.needGrad || rec.out.gradGen != t.bgen {
			continue
		}
		if !rec.writes {
			t.zeroGrad(rec.a)
			t.zeroGrad(rec.b)
			t.zeroGrad(rec.c)
			t.zeroGrad(rec.d)
			for _, v := range rec.ins {
				t.zeroGrad(v)
			}
		}
		rec.back(t, rec)
	}
	for i := 0; i < t.nv; i++ {
		t.zeroGrad(t.vars[i])
	}
}

// gradFor returns v's gradient buffer for this Backward pass and the beta
// with which to write into it: 0 on first touch (the caller must then
// overwrite every element), 1 once it holds a gradient.
func (t *Tape) gradFor(v *Var) (*mat.Dense, float64) {
	if v.gradGen == t.bgen {
		return v.Grad, 1
	}
	r, c := v.Val.Dims()
	v.Grad = reuseDense(v.Grad, r, c)
	v.gradGen = t.bgen
	return v.Grad, 0
}

// accGrad returns v's gradient storage ready for accumulation (+=): zeroed
// on first touch in this Backward pass. For ops marked writes.
func (t *Tape) accGrad(v *Var) []float64 {
	g, beta := t.gradFor(v)
	if beta == 0 {
		g.Zero()
	}
	return data(g)
}

// zeroGrad initialises v's gradient to zero unless this Backward pass has
// already done so (nil and no-gradient Vars are left alone).
func (t *Tape) zeroGrad(v *Var) {
	if v == nil || !v.needGrad || v.gradGen == t.bgen {
		return
	}
	g, _ := t.gradFor(v)
	g.Zero()
}

// data returns the contiguous storage of m.
func data(m *mat.Dense) []float64 { return m.RawMatrix().Data }

// fillNaN sets every element of m to NaN.
func fillNaN(m *mat.Dense) {
	d := data(m)
	for i := range d {
		d[i] = math.NaN()
	}
}

func shapePanic(op string, a, b *Var) {
	ar, ac := a.Val.Dims()
	br, bc := b.Val.Dims()
	panic(fmt.Sprintf("autodiff: %s: incompatible shapes %dx%d and %dx%d", op, ar, ac, br, bc))
}
