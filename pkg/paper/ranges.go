package paper

import (
	"math"
	"slices"

	gplot "gonum.org/v1/plot"
)

// axisRange is a closed interval of axis values; the zero value is empty.
type axisRange struct {
	lo, hi float64
	set    bool
}

// include widens r to cover every finite value of vs.
func (r *axisRange) include(vs ...float64) {
	for _, v := range vs {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			continue
		}
		if !r.set {
			r.lo, r.hi, r.set = v, v, true
			continue
		}
		r.lo, r.hi = min(r.lo, v), max(r.hi, v)
	}
}

// includeCentral widens r to cover the central part of vs, from the q to
// the 1-q quantile, so that a few extreme samples do not squash a panel.
func (r *axisRange) includeCentral(vs []float64, q float64) {
	var s []float64
	for _, v := range vs {
		if !math.IsNaN(v) && !math.IsInf(v, 0) {
			s = append(s, v)
		}
	}
	if len(s) == 0 {
		return
	}
	slices.Sort(s)
	k := int(q * float64(len(s)))
	r.include(s[k], s[len(s)-1-k])
}

// padded returns r widened by frac of its length on both sides (by 0.5 on
// both sides when r is a single value).
func (r axisRange) padded(frac float64) axisRange {
	d := frac * (r.hi - r.lo)
	if d == 0 {
		d = 0.5
	}
	return axisRange{lo: r.lo - d, hi: r.hi + d, set: r.set}
}

// outside counts the values of vs outside r.
func (r axisRange) outside(vs []float64) int {
	n := 0
	for _, v := range vs {
		if !(v >= r.lo && v <= r.hi) {
			n++
		}
	}
	return n
}

// applyX sets p's x axis to r (when r is set).
func (r axisRange) applyX(p *gplot.Plot) {
	if r.set {
		p.X.Min, p.X.Max = r.lo, r.hi
	}
}

// applyY sets p's y axis to r (when r is set).
func (r axisRange) applyY(p *gplot.Plot) {
	if r.set {
		p.Y.Min, p.Y.Max = r.lo, r.hi
	}
}
