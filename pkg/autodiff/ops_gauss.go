package autodiff

import "math"

// log2Pi is log(2π).
var log2Pi = math.Log(2 * math.Pi)

// GaussLogPdf returns log N(y | mu, v) element-wise, with v the variance:
// -½ log(2π v) - (y - mu)²/(2v). y, mu and v broadcast as in Add; the
// gradients are mū = Ḡ (y - mu)/v, v̄ = ½Ḡ((y - mu)²/v² - 1/v), ȳ = -mū.
func (t *Tape) GaussLogPdf(y, mu, v *Var) *Var {
	d := t.Sub(y, mu)
	return t.gaussFromDiff(d, v)
}

// gaussFromDiff computes -½ log(2π v) - d²/(2v) fused, for d and v of
// broadcast-compatible shapes.
func (t *Tape) gaussFromDiff(d, v *Var) *Var {
	dr, dc := d.Val.Dims()
	vr, vc := v.Val.Dims()
	R, C := max(dr, vr), max(dc, vc)
	bd, ok1 := mkBcast(dr, dc, R, C)
	bv, ok2 := mkBcast(vr, vc, R, C)
	if !ok1 || !ok2 {
		shapePanic("GaussLogPdf", d, v)
	}
	out := t.newVar(R, C)
	dd, vv, o := data(d.Val), data(v.Val), data(out.Val)
	k := 0
	for i := 0; i < R; i++ {
		for j := 0; j < C; j++ {
			x, s := dd[i*bd.rs+j*bd.cs], vv[i*bv.rs+j*bv.cs]
			o[k] = -0.5*(log2Pi+math.Log(s)) - x*x/(2*s)
			k++
		}
	}
	t.record(gaussBack, out, d, v)
	return out
}

func gaussBack(_ *Tape, rec *record) {
	d, v, out := rec.a, rec.b, rec.out
	R, C := out.Val.Dims()
	dr, dc := d.Val.Dims()
	vr, vc := v.Val.Dims()
	bd, _ := mkBcast(dr, dc, R, C)
	bv, _ := mkBcast(vr, vc, R, C)
	dd, vv, g := data(d.Val), data(v.Val), data(out.Grad)
	var gd, gv []float64
	if d.needGrad {
		gd = data(d.Grad)
	}
	if v.needGrad {
		gv = data(v.Grad)
	}
	k := 0
	for i := 0; i < R; i++ {
		for j := 0; j < C; j++ {
			id, iv := i*bd.rs+j*bd.cs, i*bv.rs+j*bv.cs
			x, s := dd[id], vv[iv]
			if gd != nil {
				gd[id] -= g[k] * x / s
			}
			if gv != nil {
				gv[iv] += 0.5 * g[k] * (x*x/(s*s) - 1/s)
			}
			k++
		}
	}
}
