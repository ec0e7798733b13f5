package autodiff

import (
	"fmt"
	"math"
)

// GaussHeadRowSums is the Gaussian log-likelihood of a network's mean and
// variance head, summed over each row: for out (n x 2D), whose first D
// columns are means μ and last D raw values ρ, and y (b x D, n a multiple
// of b), row r of the n x 1 result is
//
//	Σ_d log N(y_{r mod b, d} | μ_{rd}, Softplus(ρ_{rd} + shift) + floor).
//
// It computes, value for value and gradient for gradient (to the bit), what
//
//	mu, raw := SliceCols(out, 0, D), SliceCols(out, D, 2D)
//	v := AddConst(Softplus(AddConst(raw, shift)), floor)
//	RowSum(GaussLogPdf(Tile(y, n/b), mu, v))
//
// computes, in one pass forward and one backward, with the variances as
// its only n x D intermediate instead of nine on the tape. y gets no
// gradient: it must not need one.
func (t *Tape) GaussHeadRowSums(y, out *Var, shift, floor float64) *Var {
	b, D := y.Val.Dims()
	n, c := out.Val.Dims()
	if c != 2*D || n%b != 0 {
		panic(fmt.Sprintf("autodiff: GaussHeadRowSums: y %dx%d, out %dx%d", b, D, n, c))
	}
	if y.needGrad {
		panic("autodiff: GaussHeadRowSums: y must not need a gradient")
	}
	V := t.scratch(n, D)
	res := t.newVar(n, 1)
	yd, od, vd, rd := data(y.Val), data(out.Val), data(V), data(res.Val)
	for r := 0; r < n; r++ {
		i := r % b
		yr, mu, raw, vr := yd[i*D:(i+1)*D], od[r*c:r*c+D], od[r*c+D:(r+1)*c], vd[r*D:(r+1)*D]
		s := 0.0 // RowSum's sum, from 0 in column order
		for d, m := range mu {
			v := Softplus(raw[d]+shift) + floor
			vr[d] = v
			x := yr[d] - m
			s += -0.5*(log2Pi+math.Log(v)) - x*x/(2*v)
		}
		rd[r] = s
	}
	if rec := t.record(gaussHeadBack, res, out, y); rec != nil {
		rec.aux, rec.f0 = V, shift
		rec.writes = true // out's gradient written on first touch
	}
	return res
}

// gaussHeadBack repeats, per element, the backward passes of the chain that
// GaussHeadRowSums fuses, each gradient starting from the zero the tape
// would have given it (0 + g, 0 - g: the same signed zeros): RowSum,
// GaussLogPdf's d and v, Sub's μ, AddConst, Softplus, AddConst, and the
// two SliceCols (the raw columns first, then the means).
func gaussHeadBack(t *Tape, rec *record) {
	out, y, V, shift := rec.a, rec.b, rec.aux, rec.f0
	b, D := y.Val.Dims()
	n, c := out.Val.Dims()
	gO, beta := t.gradFor(out)
	g, ga, yd, od, vd := data(rec.out.Grad), data(gO), data(y.Val), data(out.Val), data(V)
	for r := 0; r < n; r++ {
		i := r % b
		yr, mu, raw, vr := yd[i*D:(i+1)*D], od[r*c:r*c+D], od[r*c+D:(r+1)*c], vd[r*D:(r+1)*D]
		gMu, gRaw := ga[r*c:r*c+D], ga[r*c+D:(r+1)*c]
		G := 0 + g[r]*1 // RowSum's backward
		for d, m := range mu {
			v, x := vr[d], yr[d]-m
			gd := 0 - G*x/v
			gv := 0 + 0.5*G*(x*x/(v*v)-1/v)
			gm := 0 + -1*gd
			gsp := 0 + gv
			ga1 := 0 + gsp*Sigmoid(raw[d]+shift)
			gr := 0 + ga1
			if beta == 0 {
				gRaw[d] = gr
				gMu[d] = 0 + gm
			} else {
				gRaw[d] += gr
				gMu[d] += gm
			}
		}
	}
}
