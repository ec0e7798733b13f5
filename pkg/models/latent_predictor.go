package models

import (
	"math/rand/v2"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"github.com/mgpteam/mgp/pkg/models/gp"
	"gonum.org/v1/gonum/mat"
)

// latentPredictor is one prediction of a latent model (SLGP, GPCDE): what
// depends only on the parameters, computed once (the GP layer's predictive
// form, or K_ZZ's Cholesky factor and Z where the layer has no form or has
// several outputs), and the buffers its chunks reuse.
type latentPredictor struct {
	c *latentCore
	// form is the layer's gp.PredictiveForm at one whitened output; nil
	// otherwise, and then every block goes through Marginals (one output)
	// or PredictMarginals (several) at L and Z.
	form *gp.PredictiveForm
	L, Z *mat.Dense
	// Reused from chunk to chunk: the draws, p(w | x*)'s means and
	// variances, the GP's means and variances.
	epsW, epsH, muP, vP, muF, nuF *mat.Dense
	// t is the predictor's own tape, from the core's pool until release.
	t *ad.Tape
}

// newPredictor computes the GP layer's prior once (encoding the inducing
// inputs in design (E)) and from it the predictive form at one output.
func (c *latentCore) newPredictor() *latentPredictor {
	t := c.tapes.get()
	pr := c.prior(t)
	p := &latentPredictor{c: c, t: t}
	if c.dy == 1 {
		if f, ok := c.Layer.PredictiveForm(pr); ok {
			p.form = f
			return p
		}
	}
	p.L, p.Z = mat.DenseCopyOf(pr.L.Val), mat.DenseCopyOf(pr.Z.Val)
	return p
}

// chunk returns the means and variances of f (P·nb x d_y, row p·nb + i) at
// the nb points of Xc with P samples of w (and h) each, or with w and h at
// their means (plugIn): p(w | x*) once per point, the draws for all rows
// (w's, then h's), then the encoder and the GP block by block. The results
// are the predictor's buffers, valid until its next chunk.
func (p *latentPredictor) chunk(Xc *mat.Dense, P int, rng *rand.Rand, plugIn bool) (muF, nuF *mat.Dense) {
	c := p.c
	nb, _ := Xc.Dims()
	rows := P * nb
	dw := c.W.DW
	t := p.t
	t.Reset()
	muPv, vPv := c.W.prior(t, t.Const(Xc))
	p.muP, p.vP = copyInto(p.muP, muPv.Val), copyInto(p.vP, vPv.Val)
	p.epsW = fillNormal(p.epsW, rows, dw, rng)
	if c.Enc != nil {
		p.epsH = fillNormal(p.epsH, rows, c.dh, rng)
	}
	if plugIn {
		p.epsW.Zero()
		if c.Enc != nil {
			p.epsH.Zero()
		}
	}
	p.muF, p.nuF = reuse(p.muF, rows, c.dy), reuse(p.nuF, rows, c.dy)
	for r0 := 0; r0 < rows; r0 += predictBlock {
		r1 := min(rows, r0+predictBlock)
		t.Reset()
		x, mp, vp := gatherRows(t, Xc, r0, r1), gatherRows(t, p.muP, r0, r1), gatherRows(t, p.vP, r0, r1)
		w := reparam(t, mp, vp, t.Const(p.epsW.Slice(r0, r1, 0, dw)))
		h := t.ConcatCols(x, w)
		if c.Enc != nil {
			muH, vH := c.Enc.encode(t, h)
			h = reparam(t, muH, vH, t.Const(p.epsH.Slice(r0, r1, 0, c.dh)))
		}
		p.block(t, h, p.muF.Slice(r0, r1, 0, c.dy).(*mat.Dense), p.nuF.Slice(r0, r1, 0, c.dy).(*mat.Dense))
	}
	return p.muF, p.nuF
}

// release returns the predictor's tape to its core's pool; the predictor
// is not used again.
func (p *latentPredictor) release() {
	p.c.tapes.put(p.t)
	p.t = nil
}

// block writes the GP's means and variances at the rows of h into mu and
// nu: by the predictive form when there is one; otherwise output by output
// with no per-output M x rows matrix kept (several outputs), or by
// Marginals (one unwhitened output).
func (p *latentPredictor) block(t *ad.Tape, h *ad.Var, mu, nu *mat.Dense) {
	if p.form != nil {
		p.form.Marginals(t, h, mu, nu)
		return
	}
	gpr := gp.Prior{L: t.Const(p.L), Z: t.Const(p.Z)}
	if p.c.dy > 1 {
		m, v := p.c.Layer.PredictMarginals(t, gpr, h)
		mu.Copy(m.Val)
		nu.Copy(v)
		return
	}
	m, v := p.c.Layer.Marginals(t, gpr, h)
	mu.Copy(m.Val)
	nu.Copy(v.Val)
}

// copyInto copies src into dst, reused when it has src's shape.
func copyInto(dst, src *mat.Dense) *mat.Dense {
	r, c := src.Dims()
	dst = reuse(dst, r, c)
	dst.Copy(src)
	return dst
}

// gatherRows puts rows r0..r1-1 of the P-fold tiling of src (row r is src's
// row r mod nb) on the tape as a constant.
func gatherRows(t *ad.Tape, src *mat.Dense, r0, r1 int) *ad.Var {
	nb, c := src.Dims()
	return t.RowsOf(r1-r0, c, func(i int) []float64 { return src.RawRowView((r0 + i) % nb) })
}
