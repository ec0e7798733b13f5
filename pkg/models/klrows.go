package models

import (
	"fmt"
	"math"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"gonum.org/v1/gonum/mat"
)

// gaussKL returns KL(N(mu_a, v_a) ‖ N(mu_b, v_b)) element-wise (models.md
// §1.5): ½(log(v_b/v_a) + (v_a + (mu_a - mu_b)²)/v_b - 1), composed from
// the tape's element-wise ops; inputs broadcast as in Tape.Add.
func gaussKL(t *ad.Tape, muA, vA, muB, vB *ad.Var) *ad.Var {
	d2 := t.Square(t.Sub(muA, muB))
	ratio := t.Div(t.Add(vA, d2), vB)
	logs := t.Sub(t.Log(vB), t.Log(vA))
	return t.Scale(0.5, t.AddConst(t.Add(logs, ratio), -1))
}

// klRowsOp is an autodiff custom op on the inputs μa, va, μb (n x D) and
// vb (n x D or 1 x 1): the row sums of KL(N(μa, va + ε_d) ‖ N(μb, vb +
// ε_d)), n x 1. It computes, value for value and gradient for gradient (to
// the bit), what RowSum(gaussKL(μa, AddConst(va, ε_d), μb, AddConst(vb,
// ε_d))) computes, in one pass forward and two backward, with no n x D
// intermediate on the tape (the chain puts thirteen there).
type klRowsOp struct{}

func (klRowsOp) Name() string { return "NormalKLRows" }

func (klRowsOp) Shape(in []*ad.Var) (int, int, error) {
	muA, vA, muB, vB := in[0], in[1], in[2], in[3]
	R, C := muA.Val.Dims()
	if !sameShape(vA, R, C) || !sameShape(muB, R, C) || !(sameShape(vB, R, C) || sameShape(vB, 1, 1)) {
		return 0, 0, fmt.Errorf("muA %dx%d, vA %dx%d, muB %dx%d, vB %dx%d",
			R, C, vA.Rows(), vA.Cols(), muB.Rows(), muB.Cols(), vB.Rows(), vB.Cols())
	}
	return R, 1, nil
}

// sameShape reports whether v is r x c.
func sameShape(v *ad.Var, r, c int) bool {
	vr, vc := v.Val.Dims()
	return vr == r && vc == c
}

func (klRowsOp) Forward(_ *ad.Tape, out *mat.Dense, in []*ad.Var) (*mat.Dense, error) {
	const eps = EpsD
	R, C := in[0].Val.Dims()
	ma, va, mb, vb, o := rawData(in[0].Val), rawData(in[1].Val), rawData(in[2].Val), rawData(in[3].Val), rawData(out)
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
	return nil, nil
}

// Backward repeats, per element, the backward passes of the chain the op
// fuses, in the chain's order and each gradient starting from the zero the
// tape would have given it: RowSum, Scale, AddConst, Add, Sub (log v_b -
// log v_a; with a 1 x 1 v_b its gradient summed in element order), both
// Logs, Div (v_b's share subtracted in element order after its Log's), Add,
// Square, Sub (μ_a then μ_b), then the AddConsts (v_b, then v_a).
func (klRowsOp) Backward(_ *ad.Tape, out *ad.Var, in []*ad.Var, _ *mat.Dense) {
	const eps = EpsD
	muA, vA, muB, vB := in[0], in[1], in[2], in[3]
	R, C := muA.Val.Dims()
	ma, va, mb, vb, g := rawData(muA.Val), rawData(vA.Val), rawData(muB.Val), rawData(vB.Val), rawData(out.Grad)
	scalar := len(vb) == 1 && R*C != 1
	var gma, gva, gmb, gvb []float64
	if muA.NeedsGrad() {
		gma = rawData(muA.Grad)
	}
	if vA.NeedsGrad() {
		gva = rawData(vA.Grad)
	}
	if muB.NeedsGrad() {
		gmb = rawData(muB.Grad)
	}
	if vB.NeedsGrad() {
		gvb = rawData(vB.Grad)
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
