package models

import (
	"math"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/stat"
)

// LiveSpread is the spread (population sd over the training points, in
// standardised units) of q(w | x, y)'s mean, in its most varying dimension
// (meanSpread), above which w is said to carry information.
const LiveSpread = 0.1

// meanSpread is the q_w_mean_spread diagnostic of the posterior means mu
// (one row per point, one column per dimension of w): the largest
// population sd over the points of any one column. A w that carries
// information in any of its dimensions has a spread; one that is dead in
// all of them has none.
func meanSpread(mu mat.Matrix) float64 {
	_, dw := mu.Dims()
	var s float64
	for j := 0; j < dw; j++ {
		s = max(s, stat.PopStdDev(mat.Col(nil, j, mu), nil))
	}
	return s
}

// MemorisationNoise is the output noise variance (standardised units) below
// which a latent model with a live w is flagged as memorising its training
// targets through w: q(w | x, y) reconstructs y, the GP passes it on almost
// noiselessly, and at a test input, where w comes from p(w | x*) and knows
// nothing of y*, the predictive samples are too tight (the regime of
// models.md §5.6a in which the test NLL explodes).
const MemorisationNoise = 1e-3

// latentMeans returns the means of q(w | x, y) and p(w | x) (first latent
// dimension) at the rows of X, Y: the panels of Fig. 3(iii).
func (c *latentCore) latentMeans(X, Y *mat.Dense) (post, prior []float64) {
	muQ, _, muP, _ := c.wDists(X, Y)
	return mat.Col(nil, 0, muQ.Val), mat.Col(nil, 0, muP.Val)
}

// wDists evaluates q(w | x, y) and p(w | x) at the rows of X, Y without
// gradients: means and variances, n x d_w each.
func (c *latentCore) wDists(X, Y *mat.Dense) (muQ, vQ, muP, vP *ad.Var) {
	t := c.tape
	t.NoGrad = true
	t.Reset()
	x := t.Const(X)
	muQ, vQ = c.W.post(t, x, t.Const(Y))
	muP, vP = c.W.prior(t, x)
	return muQ, vQ, muP, vP
}

// aggregates returns, from q(w | x, y) and p(w | x) at the rows (wDists),
// the mean and variance of the aggregate posterior
// (1/n) Σ q(w | x_i, y_i) and of the aggregate prior (1/n) Σ p(w | x_i)
// over the rows (first latent dimension): a mixture's variance is the mean
// of its components' variances plus the variance of their means. Training
// fits the GP to w drawn from the former, prediction draws w from the
// latter; where they differ, test inputs see values of w training did not.
func aggregates(muQ, vQ, muP, vP *ad.Var) (qMean, qVar, pMean, pVar float64) {
	mix := func(mu, v *ad.Var) (float64, float64) {
		means := mat.Col(nil, 0, mu.Val)
		mean, sd := stat.Mean(means, nil), stat.PopStdDev(means, nil)
		return mean, stat.Mean(mat.Col(nil, 0, v.Val), nil) + sd*sd
	}
	qMean, qVar = mix(muQ, vQ)
	pMean, pVar = mix(muP, vP)
	return qMean, qVar, pMean, pVar
}

// lengthscaleDiagnostics adds the GP's ARD lengthscale on the first w
// column of h (gp_lengthscale_w) and the smallest on the x columns
// (gp_lengthscale_x_min), when h's column d_x is w's: GPCDE, and SLGP with
// the identity or zero-padding φ. A w whose q(w) mean spreads over the
// points but whose lengthscale is many times that spread changes nothing
// the GP predicts.
func (c *latentCore) lengthscaleDiagnostics(out map[string]float64) {
	k := c.Layer.Kern.Hyperparams()
	if !k.ARD || (c.Enc != nil && c.Enc.phi.Kind() == "pca") {
		return
	}
	ls := k.Lengthscales.Value().RawRowView(0)
	out["gp_lengthscale_w"] = ls[c.dx]
	minX := ls[0]
	for _, v := range ls[1:c.dx] {
		minX = min(minX, v)
	}
	out["gp_lengthscale_x_min"] = minX
}

// diagnostics are SLGP's and GPCDE's Diagnostics over the first diagRows
// training points: the learnt noise and ν₀, the spread of the posterior
// mean of w, the mean KL^W, the memorisation flag (1 when the noise
// variance is below MemorisationNoise while w is live), the aggregate
// posterior's and prior's mean and variance (q_w_agg_*, p_w_agg_*), the
// GP's lengthscales on w and on x (lengthscaleDiagnostics), the split of
// the predictive variance with draws (predictiveSpread) and the fraction of
// dead ReLUs per hidden layer of every MLP (models.md §5.6a).
func (c *latentCore) diagnostics(X, Y *mat.Dense) map[string]float64 {
	X, Y = diagSubset(X, Y)
	// With a variance per output, noise_variance is their geometric mean
	// (the scalar whose log-likelihood term is theirs on average).
	s2 := c.noises()
	out := map[string]float64{DiagNoiseVariance: s2[0]}
	if c.perOutputNoise() {
		var sumLog float64
		for _, v := range s2 {
			sumLog += math.Log(v)
		}
		out[DiagNoiseVariance] = math.Exp(sumLog / float64(len(s2)))
		out["noise_variance_min"], out["noise_variance_max"] = floats.Min(s2), floats.Max(s2)
	}
	if c.Enc != nil {
		out["nu0"] = c.Enc.Nu0.Value().At(0, 0)
	}
	muQ, vQ, muP, vP := c.wDists(X, Y)
	out[DiagQWMeanSpread] = meanSpread(muQ.Val)
	out[DiagQWAggMean], out["q_w_agg_var"], out[DiagPWAggMean], out["p_w_agg_var"] = aggregates(muQ, vQ, muP, vP)
	out[DiagKLWMean] = stat.Mean(normalKLRows(c.tape, muQ, vQ, muP, vP).Val.RawMatrix().Data, nil)
	c.lengthscaleDiagnostics(out)
	c.predictiveSpread(X, out)
	out[DiagMemorisation] = 0
	if out[DiagNoiseVariance] < MemorisationNoise && out[DiagQWMeanSpread] > LiveSpread {
		out[DiagMemorisation] = 1
	}
	c.W.deadReLUs(out, X, Y)
	if c.Enc != nil {
		t := c.tape
		t.NoGrad = true
		t.Reset()
		x := t.Const(X)
		muQ, _ := c.W.post(t, x, t.Const(Y))
		deadReLUs(out, "enc", c.Enc.MLP, mat.DenseCopyOf(t.ConcatCols(x, muQ).Val))
	}
	return out
}
