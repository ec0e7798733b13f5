package autodiff

import (
	"fmt"
	"math"
	"sort"

	"gonum.org/v1/gonum/mat"
)

// Transform maps a parameter's unconstrained matrix (what the optimiser
// steps) to its constrained value (what a model uses).
type Transform int

const (
	// Identity leaves the value unconstrained.
	Identity Transform = iota
	// Positive is GPflow's Log1pe: θ = softplus(ρ) + floor (models.md §0.2).
	Positive
	// PositiveExp is θ = exp(ρ) + floor.
	PositiveExp
	// LowerTri keeps the lower triangle of a square matrix, diagonal included
	// and free in sign (GPflow's LowerTriangular, models.md §0.2, A-9).
	LowerTri
	// LowerTriPosDiag is LowerTri with the diagonal mapped through
	// softplus(·) + floor, so it stays positive.
	LowerTriPosDiag
)

// DefaultFloor is the 1e-6 lower bound of positive parameters (models.md §0.2).
const DefaultFloor = 1e-6

// String names the transform as configs and checkpoints spell it.
func (tr Transform) String() string {
	switch tr {
	case Identity:
		return "identity"
	case Positive:
		return "softplus"
	case PositiveExp:
		return "exp"
	case LowerTri:
		return "lower"
	case LowerTriPosDiag:
		return "lower-posdiag"
	}
	return fmt.Sprintf("Transform(%d)", int(tr))
}

// Param is a named trainable matrix. Raw holds the unconstrained values the
// optimiser updates; Value gives the constrained matrix.
type Param struct {
	Name  string
	Raw   *mat.Dense
	T     Transform
	Floor float64
	// Frozen parameters get no gradient and are not stepped.
	Frozen bool

	leaf, val *Var
	tape      *Tape
	gen       uint64
}

// NewParam returns a parameter whose constrained value is init (copied).
// It panics when init cannot be represented (a non-positive value for a
// positive transform), a programmer error.
func NewParam(name string, tr Transform, init *mat.Dense) *Param {
	r, c := init.Dims()
	p := &Param{Name: name, Raw: mat.NewDense(r, c, nil), T: tr, Floor: DefaultFloor}
	if tr == LowerTri || tr == LowerTriPosDiag {
		if r != c {
			panic(fmt.Sprintf("autodiff: param %s: triangular transform of a %dx%d matrix", name, r, c))
		}
	}
	if err := p.SetValue(init); err != nil {
		panic(err)
	}
	return p
}

// NewScalar returns a 1 x 1 parameter with constrained value x.
func NewScalar(name string, tr Transform, x float64) *Param {
	return NewParam(name, tr, mat.NewDense(1, 1, []float64{x}))
}

// Fill returns an r x c matrix with every element x.
func Fill(r, c int, x float64) *mat.Dense {
	m := mat.NewDense(r, c, nil)
	d := m.RawMatrix().Data
	for i := range d {
		d[i] = x
	}
	return m
}

// Eye returns the n x n identity.
func Eye(n int) *mat.Dense {
	m := mat.NewDense(n, n, nil)
	for i := 0; i < n; i++ {
		m.Set(i, i, 1)
	}
	return m
}

// InvSoftplus returns ρ with softplus(ρ) = x, stably for large x.
func InvSoftplus(x float64) float64 {
	return x + math.Log(-math.Expm1(-x))
}

// SetValue sets the constrained value to v (same shape as Raw).
func (p *Param) SetValue(v *mat.Dense) error {
	r, c := p.Raw.Dims()
	vr, vc := v.Dims()
	if r != vr || c != vc {
		return fmt.Errorf("param %s: value is %dx%d, want %dx%d", p.Name, vr, vc, r, c)
	}
	for i := 0; i < r; i++ {
		for j := 0; j < c; j++ {
			x := v.At(i, j)
			var u float64
			switch {
			case p.T == Positive || (p.T == LowerTriPosDiag && i == j):
				if x <= p.Floor {
					return fmt.Errorf("param %s[%d,%d] = %g: must be above %g", p.Name, i, j, x, p.Floor)
				}
				u = InvSoftplus(x - p.Floor)
			case p.T == PositiveExp:
				if x <= p.Floor {
					return fmt.Errorf("param %s[%d,%d] = %g: must be above %g", p.Name, i, j, x, p.Floor)
				}
				u = math.Log(x - p.Floor)
			case (p.T == LowerTri || p.T == LowerTriPosDiag) && j > i:
				u = 0
			default:
				u = x
			}
			p.Raw.Set(i, j, u)
		}
	}
	return nil
}

// Value returns the constrained value, computed off the tape.
func (p *Param) Value() *mat.Dense {
	r, c := p.Raw.Dims()
	out := mat.NewDense(r, c, nil)
	for i := 0; i < r; i++ {
		for j := 0; j < c; j++ {
			u := p.Raw.At(i, j)
			var x float64
			switch {
			case p.T == Positive || (p.T == LowerTriPosDiag && i == j):
				x = Softplus(u) + p.Floor
			case p.T == PositiveExp:
				x = math.Exp(u) + p.Floor
			case (p.T == LowerTri || p.T == LowerTriPosDiag) && j > i:
				x = 0
			default:
				x = u
			}
			out.Set(i, j, x)
		}
	}
	return out
}

// On returns the constrained value as a Var on t. Within one step (one tape
// generation) repeated calls return the same Var, so the gradient of every
// use lands on one leaf.
//
// On a NoGrad tape (prediction) the value is kept by the tape, not the
// parameter: the parameter is only read, so several goroutines, each with
// its own tape, may put one model's parameters on their tapes at once.
func (p *Param) On(t *Tape) *Var {
	if t.NoGrad {
		if t.pgen != t.gen || t.params == nil {
			if t.params == nil {
				t.params = map[*Param]*Var{}
			}
			clear(t.params)
			t.pgen = t.gen
		}
		if v, ok := t.params[p]; ok {
			return v
		}
		v := p.constrained(t, t.Leaf(p.Raw, false))
		t.params[p] = v
		return v
	}
	if p.tape == t && p.gen == t.gen && p.val != nil {
		return p.val
	}
	leaf := t.Leaf(p.Raw, !p.Frozen)
	v := p.constrained(t, leaf)
	p.leaf, p.val, p.tape, p.gen = leaf, v, t, t.gen
	return v
}

// constrained is the constrained value of the parameter whose raw leaf
// on t is leaf.
func (p *Param) constrained(t *Tape, leaf *Var) *Var {
	var v *Var
	switch p.T {
	case Identity:
		v = leaf
	case Positive:
		v = t.AddConst(t.Softplus(leaf), p.Floor)
	case PositiveExp:
		v = t.AddConst(t.Exp(leaf), p.Floor)
	case LowerTri:
		v = t.Tril(leaf, false, 0)
	case LowerTriPosDiag:
		v = t.Tril(leaf, true, p.Floor)
	}
	return v
}

// Grad returns d loss/d Raw from the last Backward of the tape the parameter
// was last used on, or nil if it was not used in the current step.
func (p *Param) Grad() *mat.Dense {
	if p.leaf == nil || p.tape == nil || p.gen != p.tape.gen || !p.leaf.needGrad {
		return nil
	}
	return p.leaf.Grad
}

// Size returns the number of elements of Raw.
func (p *Param) Size() int { r, c := p.Raw.Dims(); return r * c }

// ParamSet is an ordered list of uniquely named parameters.
type ParamSet struct {
	List   []*Param
	byName map[string]*Param
}

// NewParamSet returns a set holding ps; it panics on a duplicate name.
func NewParamSet(ps ...*Param) *ParamSet {
	s := &ParamSet{byName: map[string]*Param{}}
	for _, p := range ps {
		s.Add(p)
	}
	return s
}

// Add appends p; it panics if the name is taken (a programmer error).
func (s *ParamSet) Add(p *Param) *Param {
	if s.byName == nil {
		s.byName = map[string]*Param{}
	}
	if _, dup := s.byName[p.Name]; dup {
		panic("autodiff: duplicate parameter name " + p.Name)
	}
	s.byName[p.Name] = p
	s.List = append(s.List, p)
	return p
}

// Get returns the parameter called name, or nil.
func (s *ParamSet) Get(name string) *Param { return s.byName[name] }

// Size is the total number of unconstrained elements.
func (s *ParamSet) Size() int {
	n := 0
	for _, p := range s.List {
		n += p.Size()
	}
	return n
}

// Flatten copies every Raw into dst (allocated when too short) in list order.
func (s *ParamSet) Flatten(dst []float64) []float64 {
	if len(dst) < s.Size() {
		dst = make([]float64, s.Size())
	}
	k := 0
	for _, p := range s.List {
		k += copy(dst[k:], p.Raw.RawMatrix().Data)
	}
	return dst[:k]
}

// Unflatten copies x back into the Raw matrices (inverse of Flatten).
func (s *ParamSet) Unflatten(x []float64) {
	k := 0
	for _, p := range s.List {
		k += copy(p.Raw.RawMatrix().Data, x[k:])
	}
}

// FlattenGrad copies every parameter's gradient into dst (zeros for unused
// or frozen parameters).
func (s *ParamSet) FlattenGrad(dst []float64) []float64 {
	if len(dst) < s.Size() {
		dst = make([]float64, s.Size())
	}
	k := 0
	for _, p := range s.List {
		n := p.Size()
		if g := p.Grad(); g != nil {
			copy(dst[k:k+n], g.RawMatrix().Data)
		} else {
			clear(dst[k : k+n])
		}
		k += n
	}
	return dst[:k]
}

// Snapshot returns name -> unconstrained matrix copies (for checkpoints).
func (s *ParamSet) Snapshot() map[string]*mat.Dense {
	out := make(map[string]*mat.Dense, len(s.List))
	for _, p := range s.List {
		out[p.Name] = mat.DenseCopyOf(p.Raw)
	}
	return out
}

// Restore loads unconstrained values by name. Every parameter must be
// present with its shape; unknown names are an error.
func (s *ParamSet) Restore(m map[string]*mat.Dense) error {
	names := make([]string, 0, len(m))
	for n := range m {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		if s.byName[n] == nil {
			return fmt.Errorf("unknown parameter %q in checkpoint", n)
		}
	}
	for _, p := range s.List {
		v, ok := m[p.Name]
		if !ok {
			return fmt.Errorf("parameter %q missing from checkpoint", p.Name)
		}
		r, c := p.Raw.Dims()
		vr, vc := v.Dims()
		if r != vr || c != vc {
			return fmt.Errorf("parameter %q is %dx%d in checkpoint, model wants %dx%d", p.Name, vr, vc, r, c)
		}
		p.Raw.Copy(v)
	}
	return nil
}
