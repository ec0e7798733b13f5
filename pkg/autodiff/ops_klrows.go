package autodiff

import (
	"fmt"
	"math"
)

// NormalKLRows returns the row sums of KL(N(muA, vA + eps) ‖ N(muB, vB +
// eps)) (n x 1) for muA, vA and muB of one shape n x D and vB of that shape
// or 1 x 1. It computes, value for value and gradient for gradient (to the
// bit), what RowSum(GaussKL(muA, AddConst(vA, eps), muB, AddConst(vB, eps)))
// computes, in one pass forward and two backward, with no n x D
// intermediate on the tape (the chain puts thirteen there).
func (t *Tape) NormalKLRows(muA, vA, muB, vB *Var, eps float64) *Var {
	R, C := muA.Val.Dims()
	if !sameShape(vA, R, C) || !sameShape(muB, R, C) || !(sameShape(vB, R, C) || sameShape(vB, 1, 1)) {
		panic(fmt.Sprintf("autodiff: NormalKLRows: muA %dx%d, vA %dx%d, muB %dx%d, vB %dx%d",
			R, C, vA.Rows(), vA.Cols(), muB.Rows(), muB.Cols(), vB.Rows(), vB.Cols()))
	}
	out := t.newVar(R, 1)
	ma, va, mb, vb, o := data(muA.Val), data(vA.Val), data(muB.Val), data(vB.Val), data(out.Val)
	scalar := len(vb) == 1 && R*C != 1
	lb := math.Log(vb[0] + eps) // log(v_b + ε) of a 1 x 1 v_b, taken once
	for i := 0; i < R; i++ {
		s := 0.0 // RowSum's sum, from 0 in column order
		for k := i * C; k < (i+1)*C; k++ {
			ivb := k
			if scalar {
				ivb = 0
			}
			vA1, vB1 := va[k]+eps, vb[ivb]+eps
			d := ma[k] - mb[k]
			ratio := (vA1 + d*d) / vB1
			if !scalar {
				lb = math.Log(vB1)
			}
			logs := lb - math.Log(vA1)
			s += 0.5 * (logs + ratio + -1)
		}
		o[i] = s
	}
	if rec := t.record(normalKLRowsBack, out, muA, vA, muB, vB); rec != nil {
		rec.f0 = eps
	}
	return out
}

// sameShape reports whether v is r x c.
func sameShape(v *Var, r, c int) bool {
	vr, vc := v.Val.Dims()
	return vr == r && vc == c
}

// normalKLRowsBack repeats, per element, the backward passes of the chain
// NormalKLRows fuses, in the chain's order and each gradient starting from
// the zero the tape would have given it: RowSum, Scale, AddConst, Add,
// Sub (log v_b - log v_a; with a 1 x 1 v_b its gradient summed in element
// order), both Logs, Div (v_b's share subtracted in element order after
// its Log's), Add, Square, Sub (μ_a then μ_b), then the AddConsts (v_b,
// then v_a).
func normalKLRowsBack(t *Tape, rec *record) {
	muA, vA, muB, vB, eps := rec.a, rec.b, rec.c, rec.d, rec.f0
	R, C := muA.Val.Dims()
	ma, va, mb, vb, g := data(muA.Val), data(vA.Val), data(muB.Val), data(vB.Val), data(rec.out.Grad)
	scalar := len(vb) == 1 && R*C != 1
	var gma, gva, gmb, gvb []float64
	if muA.needGrad {
		gma = data(muA.Grad)
	}
	if vA.needGrad {
		gva = data(vA.Grad)
	}
	if muB.needGrad {
		gmb = data(muB.Grad)
	}
	if vB.needGrad {
		gvb = data(vB.Grad)
	}
	// ḡ of log v_b, summed over the elements first when v_b is 1 x 1: the
	// Sub's backward runs over every element before the Logs' and Div's.
	lbSum := 0.0
	if scalar {
		for i := 0; i < R; i++ {
			lg := logsGrad(g[i])
			for k := i * C; k < (i+1)*C; k++ {
				lbSum += lg
			}
		}
	}
	var gvB1 float64 // the 1 x 1 v_b + ε's gradient
	if scalar {
		gvB1 = 0 + lbSum/(vb[0]+eps)
	}
	for i := 0; i < R; i++ {
		lg := logsGrad(g[i]) // ḡ of log v_b - log v_a (= ḡ of the ratio)
		for k := i * C; k < (i+1)*C; k++ {
			ivb := k
			if scalar {
				ivb = 0
			}
			vA1, vB1 := va[k]+eps, vb[ivb]+eps
			d := ma[k] - mb[k]
			a2 := vA1 + d*d
			gvA1 := 0 + (0-lg)/vA1 // Log(v_a)'s backward of the Sub's -ḡ
			ga2 := 0 + lg/vB1      // Div's backward, numerator
			gvb1 := lg * a2 / (vB1 * vB1)
			if scalar {
				gvB1 -= gvb1
			} else {
				gvB1 = (0 + (0+lg)/vB1) - gvb1
			}
			gvA1 += ga2
			gd2 := 0 + ga2
			gs1 := 0 + 2*d*gd2
			if gma != nil {
				gma[k] += gs1
			}
			if gmb != nil {
				gmb[k] += -1 * gs1
			}
			if gvb != nil && !scalar {
				gvb[k] += gvB1
			}
			if gva != nil {
				gva[k] += gvA1
			}
		}
	}
	if gvb != nil && scalar {
		gvb[0] += gvB1
	}
}

// logsGrad is the gradient that reaches log v_b - log v_a (and the ratio)
// from a row sum's ḡ: through RowSum (0 + ḡ·1), Scale(½), AddConst and Add,
// each starting from zero.
func logsGrad(g float64) float64 {
	return 0 + (0 + (0 + 0.5*(0+g*1)))
}
