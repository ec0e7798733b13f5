package autodiff

import (
	"fmt"
	"math"

	"github.com/mgpteam/mgp/pkg/autodiff/internal/simd"
)

// Adam is the Adam optimiser with TF1 semantics (models.md §7): with
// α_t = α √(1-β₂ᵗ)/(1-β₁ᵗ), θ ← θ - α_t m_t/(√v_t + ε). It steps the
// unconstrained values of a ParamSet; moment buffers are allocated once.
type Adam struct {
	LR, Beta1, Beta2, Eps float64

	set  *ParamSet
	m, v [][]float64
	step int
}

// NewAdam returns Adam over set with learning rate lr and the defaults
// β₁ = 0.9, β₂ = 0.999, ε = 1e-8.
func NewAdam(set *ParamSet, lr float64) *Adam {
	a := &Adam{LR: lr, Beta1: 0.9, Beta2: 0.999, Eps: 1e-8, set: set}
	for _, p := range set.List {
		a.m = append(a.m, make([]float64, p.Size()))
		a.v = append(a.v, make([]float64, p.Size()))
	}
	return a
}

// Steps returns the number of steps taken.
func (a *Adam) Steps() int { return a.step }

// GradError reports a non-finite gradient entry, naming the parameter and
// the element.
type GradError struct {
	Param    string
	Row, Col int
	Value    float64
}

// Error names the parameter and element with the bad gradient.
func (e *GradError) Error() string {
	return fmt.Sprintf("gradient of %s[%d,%d] is %v", e.Param, e.Row, e.Col, e.Value)
}

// CheckGrads returns a *GradError for the first NaN or Inf gradient entry.
func (a *Adam) CheckGrads() error {
	for _, p := range a.set.List {
		g := p.Grad()
		if g == nil {
			continue
		}
		_, c := g.Dims()
		for k, x := range g.RawMatrix().Data {
			if math.IsNaN(x) || math.IsInf(x, 0) {
				return &GradError{Param: p.Name, Row: k / c, Col: k % c, Value: x}
			}
		}
	}
	return nil
}

// Step applies one update from the gradients of the last Backward (of the
// objective to be minimised). Parameters without a gradient are left alone
// but their moments still decay, as in TF1 dense updates with a zero
// gradient.
func (a *Adam) Step() {
	a.step++
	t := float64(a.step)
	alpha := a.LR * math.Sqrt(1-math.Pow(a.Beta2, t)) / (1 - math.Pow(a.Beta1, t))
	for pi, p := range a.set.List {
		if p.Frozen {
			continue
		}
		x := p.Raw.RawMatrix().Data
		m, v := a.m[pi], a.v[pi]
		if g := p.Grad(); g != nil {
			// One fused pass, four elements at a time where the CPU
			// has AVX2, the same bits as the loop below with gk = g[k].
			simd.AdamUpdate(x, m, v, g.RawMatrix().Data, a.Beta1, a.Beta2, alpha, a.Eps)
			continue
		}
		for k := range x {
			gk := 0.0
			m[k] = a.Beta1*m[k] + (1-a.Beta1)*gk
			v[k] = a.Beta2*v[k] + (1-a.Beta2)*gk*gk
			x[k] -= alpha * m[k] / (math.Sqrt(v[k]) + a.Eps)
		}
	}
}
