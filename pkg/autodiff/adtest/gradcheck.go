// Package adtest checks reverse-mode gradients of autodiff graphs against
// central finite differences. Other packages' tests import it, as gonum's
// testlapack is imported by its implementations' tests.
package adtest

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/mgpteam/mgp/pkg/autodiff"
	"gonum.org/v1/gonum/mat"
)

// Func builds a graph on t from the input Vars and returns its output.
type Func func(t *autodiff.Tape, in []*autodiff.Var) *autodiff.Var

// Report is the outcome of a gradient check.
type Report struct {
	MaxRelErr         float64 // max over entries of |analytic - numeric| / max(1, |numeric|)
	Input, Row, Col   int     // where the worst entry is
	Analytic, Numeric float64
	Entries           int
}

// String summarises the worst mismatch of the check.
func (r Report) String() string {
	return fmt.Sprintf("max rel err %.3g at input %d [%d,%d]: analytic %.10g, numeric %.10g (%d entries)",
		r.MaxRelErr, r.Input, r.Row, r.Col, r.Analytic, r.Numeric, r.Entries)
}

// Step is the central-difference step.
const Step = 1e-6

// Check compares d(Σ G⊙f)/d inputs from Backward with central differences,
// where G is a random upstream gradient (standard normal, from seed) of the
// output's shape. inputs are not modified.
func Check(f Func, inputs []*mat.Dense, seed uint64) Report {
	rng := rand.New(rand.NewPCG(seed, 99))
	xs := make([]*mat.Dense, len(inputs))
	for i, m := range inputs {
		xs[i] = mat.DenseCopyOf(m)
	}
	t := autodiff.NewTape()
	eval := func() (*autodiff.Var, []*autodiff.Var) {
		t.Reset()
		vs := make([]*autodiff.Var, len(xs))
		for i, x := range xs {
			vs[i] = t.Leaf(x, true)
		}
		return f(t, vs), vs
	}
	out, vs := eval()
	r, c := out.Val.Dims()
	G := mat.NewDense(r, c, nil)
	for i := 0; i < r; i++ {
		for j := 0; j < c; j++ {
			G.Set(i, j, rng.NormFloat64())
		}
	}
	t.BackwardWith(out, G)
	grads := make([]*mat.Dense, len(vs))
	for i, v := range vs {
		if v.Grad != nil {
			grads[i] = mat.DenseCopyOf(v.Grad)
		} else {
			grads[i] = mat.NewDense(v.Rows(), v.Cols(), nil)
		}
	}
	loss := func() float64 {
		o, _ := eval()
		return mat.Sum(elemMul(o.Val, G))
	}
	var rep Report
	for i, x := range xs {
		xr, xc := x.Dims()
		for a := 0; a < xr; a++ {
			for b := 0; b < xc; b++ {
				x0 := x.At(a, b)
				h := Step * max(1, math.Abs(x0))
				x.Set(a, b, x0+h)
				fp := loss()
				x.Set(a, b, x0-h)
				fm := loss()
				x.Set(a, b, x0)
				num := (fp - fm) / (2 * h)
				an := grads[i].At(a, b)
				e := math.Abs(an-num) / max(1, math.Abs(num))
				if math.IsNaN(e) {
					e = math.Inf(1)
				}
				rep.Entries++
				if e > rep.MaxRelErr || rep.Entries == 1 {
					rep.MaxRelErr, rep.Input, rep.Row, rep.Col, rep.Analytic, rep.Numeric = e, i, a, b, an, num
				}
			}
		}
	}
	return rep
}

func elemMul(a, b *mat.Dense) *mat.Dense {
	var m mat.Dense
	m.MulElem(a, b)
	return &m
}

// Rand returns an r x c matrix of standard normals from rng.
func Rand(rng *rand.Rand, r, c int) *mat.Dense {
	m := mat.NewDense(r, c, nil)
	for i := 0; i < r; i++ {
		for j := 0; j < c; j++ {
			m.Set(i, j, rng.NormFloat64())
		}
	}
	return m
}

// RandPos returns an r x c matrix with entries uniform in [lo, hi).
func RandPos(rng *rand.Rand, r, c int, lo, hi float64) *mat.Dense {
	m := mat.NewDense(r, c, nil)
	for i := 0; i < r; i++ {
		for j := 0; j < c; j++ {
			m.Set(i, j, lo+(hi-lo)*rng.Float64())
		}
	}
	return m
}
