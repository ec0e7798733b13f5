package models

import (
	"math"
	"math/rand/v2"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"gonum.org/v1/gonum/mat"
)

// Monte Carlo pieces shared by every sampled bound: SLGP (models.md
// §5.4–5.6), GPCDE (§6.3), SMGP (§4.3), DAGP (§6.2) and CVAE (§6.6).
//
// Layout convention: S samples of a per-point quantity of a batch of b
// points are stacked as S·b rows of one graph, row s·b + i holding sample s
// of point i (the order of Tape.Tile). A per-sample column (S·b x 1) is
// turned into an S x b matrix by Reshape, so that a reduction over the
// samples of each point is a column reduction.

// fillNormal fills dst (reused when it is r x c, else allocated) with
// standard normals from rng, row by row.
func fillNormal(dst *mat.Dense, r, c int, rng *rand.Rand) *mat.Dense {
	dst = reuse(dst, r, c)
	d := dst.RawMatrix().Data
	for i := range d {
		d[i] = rng.NormFloat64()
	}
	return dst
}

// tinyFloat is the smallest positive normal float64, the lower end of the
// uniform draws of the Concrete relaxation (models.md §1.6).
const tinyFloat = 0x1p-1022

// fillGumbel fills dst (reused when it is r x c) with standard Gumbel draws
// g = -log(-log U), U ~ Uniform(tiny, 1) (models.md §1.6).
func fillGumbel(dst *mat.Dense, r, c int, rng *rand.Rand) *mat.Dense {
	dst = reuse(dst, r, c)
	d := dst.RawMatrix().Data
	for i := range d {
		d[i] = gumbel(rng)
	}
	return dst
}

// gumbel returns one standard Gumbel draw (models.md §1.6).
func gumbel(rng *rand.Rand) float64 {
	u := rng.Float64()
	for u < tinyFloat {
		u = rng.Float64()
	}
	return -math.Log(-math.Log(u))
}

// reuse returns dst when it is r x c and a new r x c matrix otherwise.
func reuse(dst *mat.Dense, r, c int) *mat.Dense {
	if dst == nil || dst.RawMatrix().Rows != r || dst.RawMatrix().Cols != c {
		return mat.NewDense(r, c, nil)
	}
	return dst
}

// reparam returns mu + eps ⊙ √(v + ε_r), the reparameterised Gaussian
// sample of models.md §0.2 (eps standard normal, shapes as in Tape.Add).
func reparam(t *ad.Tape, mu, v, eps *ad.Var) *ad.Var {
	return t.Add(mu, t.Mul(eps, t.Sqrt(t.AddConst(v, EpsR))))
}

// perPointLME returns the per-point log-mean-exp over the S samples of a
// (S·b x 1) quantity: LSE_s(a_{s,i}) - log S, as a 1 x b row. It is the
// importance-weighted form of SLGP's IWVI and hybrid bounds (models.md
// §5.6) and of SMGP's bound (§4.3): taken per point, never over batch sums.
func perPointLME(t *ad.Tape, a *ad.Var, S, b int) *ad.Var {
	return t.AddConst(t.ColLogSumExp(t.Reshape(a, S, b)), -math.Log(float64(S)))
}

// perPointMean returns the per-point mean over the S samples of a
// (S·b x 1) quantity, (1/S) Σ_s a_{s,i}, as a 1 x b row: the plain Monte
// Carlo estimate of an expectation outside the log (DAGP, models.md §6.2).
func perPointMean(t *ad.Tape, a *ad.Var, S, b int) *ad.Var {
	return t.ColMean(t.Reshape(a, S, b))
}

// normalLogPdfD returns log N(x | μ, v + ε_d) element-wise: the density of
// the Normal objects of SLGP/GPCDE, whose variances carry ε_d (models.md
// §0.2, §5.5).
func normalLogPdfD(t *ad.Tape, x, mu, v *ad.Var) *ad.Var {
	return t.GaussLogPdf(x, mu, t.AddConst(v, EpsD))
}

// normalKLRows returns Σ_cols KL(N(μa, va + ε_d) ‖ N(μb, vb + ε_d)) per row
// (rows x 1; models.md §1.5, §5.5: KL^W and KL^H): the fused klRowsOp (the
// same bits) where the shapes allow it (μa, va, μb alike, vb alike or
// 1 x 1), the chain of ops otherwise.
func normalKLRows(t *ad.Tape, muA, vA, muB, vB *ad.Var) *ad.Var {
	r, c := muA.Rows(), muA.Cols()
	alike := func(v *ad.Var) bool { return v.Rows() == r && v.Cols() == c }
	if alike(vA) && alike(muB) && (alike(vB) || vB.Rows() == 1 && vB.Cols() == 1) {
		return t.Custom(klRowsOp{}, muA, vA, muB, vB)
	}
	return t.RowSum(gaussKL(t, muA, t.AddConst(vA, EpsD), muB, t.AddConst(vB, EpsD)))
}

// logRatioRows returns per row Σ_cols log[(N(x | μa, va + ε_d) + ε_p) /
// (N(x | μb, vb + ε_d) + ε_p)], computed as logaddexp(log N_a, log ε_p) -
// logaddexp(log N_b, log ε_p) (models.md §5.5).
func logRatioRows(t *ad.Tape, x, muA, vA, muB, vB *ad.Var) *ad.Var {
	la := normalLogPdfD(t, x, muA, vA)
	lb := normalLogPdfD(t, x, muB, vB)
	lp := math.Log(EpsP)
	la, lb = t.LogAddExpConst(la, lp), t.LogAddExpConst(lb, lp)
	return t.RowSum(t.Sub(la, lb))
}

// concrete returns the Concrete (Gumbel-softmax) relaxation of the logits
// a (rows x T) at the Gumbel draws g (same shape) and temperature λ:
// softmax((a + g)/λ) per row, computed as exp(logsoftmax(·)) (models.md
// §1.6).
func concrete(t *ad.Tape, a, g *ad.Var, lambda float64) *ad.Var {
	return t.RowSoftmax(t.Scale(1/lambda, t.Add(a, g)))
}

// concreteRow writes softmax((a + g)/λ) of one row of logits into w, with a
// max shift (the off-tape form of concrete, for prediction).
func concreteRow(w, a, g []float64, lambda float64) {
	mx := math.Inf(-1)
	for k := range a {
		w[k] = (a[k] + g[k]) / lambda
		mx = max(mx, w[k])
	}
	sum := 0.0
	for k := range w {
		w[k] = math.Exp(w[k] - mx)
		sum += w[k]
	}
	for k := range w {
		w[k] /= sum
	}
}
