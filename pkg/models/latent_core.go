package models

import (
	"math"
	"math/rand/v2"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"github.com/mgpteam/mgp/pkg/models/gp"
	"github.com/mgpteam/mgp/pkg/models/nn"
	"gonum.org/v1/gonum/mat"
)

// latentInitStream is the stream of spec.Seed from which SLGP and GPCDE
// draw their initial parameters (the networks' weights, then the w columns
// of the direct design's inducing inputs).
const latentInitStream = 0x51a9

// latentCore is what SLGP and GPCDE are built from: the networks over w
// (wNets), SLGP's encoder q(h | x, w) (nil in GPCDE, whose h is [x, w]),
// the SVGP layer on h with the Gaussian likelihood's noise, and the
// per-sample terms of the bounds (models.md §5.4–5.5). Prediction
// (latent_predict.go) and diagnostics (latent_diag.go) work on it too; each
// model assembles its own bound from the terms.
type latentCore struct {
	W     *wNets
	Enc   *hEncoder // q(h | x, w); nil in GPCDE
	Layer *gp.Inducing
	Noise *ad.Param // σ_ε²
	// Zx and Zxy are the inducing inputs of the encoded design (E), from
	// which Z_h = μ_h([Z_x, μ_q(Z_xy)]); nil in the direct design.
	Zx, Zxy *ad.Param
	dx, dy  int
	dh      int // columns of h: d_x + d_w without the encoder
	s       int // Monte Carlo samples per point in the bound
	needs   termNeeds
	params  *ad.ParamSet
	tape    *ad.Tape // the diagnostics' tape
	tapes   tapePool // prediction's tapes, one per predictor
	plugIn  bool     // predict with w and h at their means
	// sumOutputs forces the summed data term (sumVarExp) at d_y = 1, where
	// the per-output one is the default (tests only).
	sumOutputs bool
	// epsW and epsH are the reused buffers of one step's standard normals.
	epsW, epsH *mat.Dense
	// ones is 1 x d_y of ones, for the weights 1/σ_d² (per-output noise).
	ones *mat.Dense
}

// directLayer builds the SVGP layer of design (D) on h, its inducing
// inputs [k-means(X) | N(0, 1) draws from rng] (models.md §5.3, App. B),
// its kernel the one called kernel (gp.New), and returns its parameters.
func (c *latentCore) directLayer(spec Spec, M int, whiten, ard bool, kernel string, rng *rand.Rand) []*ad.Param {
	kern := newKernel(kernel, "kernel_", c.dh, ard)
	Zx := spec.KMeans(spec.X, M, spec.Seed)
	Z := mat.NewDense(M, c.dh, nil)
	for i := 0; i < M; i++ {
		for j := 0; j < c.dh; j++ {
			if j < c.dx {
				Z.Set(i, j, Zx.At(i, j))
			} else {
				Z.Set(i, j, rng.NormFloat64())
			}
		}
	}
	c.Layer = gp.NewInducing("", kern, Z, c.dy, whiten)
	c.Layer.Z.Name = "Z_h"
	return c.Layer.Params()
}

// encodedLayer builds the SVGP layer of design (E): Z_x by k-means of X,
// Z_xy by k-means of [X, Y] (models.md §5.3), its kernel the one called
// kernel (gp.New), and returns its parameters.
func (c *latentCore) encodedLayer(spec Spec, M int, whiten, ard bool, kernel string) []*ad.Param {
	kern := newKernel(kernel, "kernel_", c.dh, ard)
	XY := mat.NewDense(spec.X.RawMatrix().Rows, c.dx+c.dy, nil)
	XY.Augment(spec.X, spec.Y)
	c.Zx = ad.NewParam("Z_x", ad.Identity, spec.KMeans(spec.X, M, spec.Seed))
	c.Zxy = ad.NewParam("Z_xy", ad.Identity, spec.KMeans(XY, M, spec.Seed+1))
	c.Layer = gp.NewInducing("", kern, mat.NewDense(M, c.dh, nil), c.dy, whiten)
	ps := append(kern.Params(), c.Zx, c.Zxy, c.Layer.Mean)
	return append(ps, c.Layer.Factors...)
}

// finish adds the noise variance σ_ε² (initially noiseInit) to ps and makes
// them the model's parameters: one scalar, or with perOutput one variance
// per output (1 x d_y, models.md A-44's flag).
func (c *latentCore) finish(ps []*ad.Param, noiseInit float64, perOutput bool) {
	if perOutput {
		c.Noise = ad.NewParam("noise_variance", ad.Positive, ad.Fill(1, c.dy, noiseInit))
	} else {
		c.Noise = ad.NewScalar("noise_variance", ad.Positive, noiseInit)
	}
	c.params = ad.NewParamSet(append(ps, c.Noise)...)
	c.tape = ad.NewTape()
}

// perOutputNoise reports whether every output has its own noise variance.
func (c *latentCore) perOutputNoise() bool {
	_, cols := c.Noise.Raw.Dims()
	return cols > 1
}

// noises returns the noise variance of each of the d_y outputs.
func (c *latentCore) noises() []float64 {
	v := c.Noise.Value().RawMatrix().Data
	s2 := make([]float64, c.dy)
	for d := range s2 {
		if c.perOutputNoise() {
			s2[d] = v[d]
		} else {
			s2[d] = v[0]
		}
	}
	return s2
}

// prior returns the GP layer's prior quantities, computing the encoded
// inducing inputs Z_h = μ_h([Z_x, μ_q(Z_xy)]) in design (E).
func (c *latentCore) prior(t *ad.Tape) gp.Prior {
	if c.Zx == nil {
		return c.Layer.Prior(t)
	}
	muQ, _ := nn.SplitHead(t, c.W.Post.Forward(t, c.Zxy.On(t)))
	muH, _ := nn.SplitHead(t, c.Enc.MLP.Forward(t, t.ConcatCols(c.Zx.On(t), muQ)))
	return c.Layer.PriorAt(t, muH)
}

// terms are the per-sample pieces of the bounds (models.md §5.4–5.5); rows
// of the S·b-row quantities are ordered s·b + i.
type terms struct {
	E, rho, eta, klH *ad.Var // S·b x 1
	klW              *ad.Var // b x 1
	klU              *ad.Var // 1 x 1
	muQ, vQ, muP, vP *ad.Var // b x d_w
	w, muH, vH, h    *ad.Var // S·b x ...
	phi              *ad.Var
	muF, nuF         *ad.Var
}

// termNeeds says which of the optional terms a bound reads.
type termNeeds struct{ klW, rho, klH, eta bool }

// build computes the terms the model's bound needs (every term when all is
// set, as the golden test wants) at fixed standard-normal draws epsW (S·b x
// d_w) and epsH (S·b x d_h; unused without the encoder). Leaving the unused
// terms out changes no number of the bound or its gradient: with the
// default hybrid bound it saves η's density and log-add-exp passes over the
// S·b x d_h encoder samples, and KL^W.
func (c *latentCore) build(t *ad.Tape, X, Y, epsW, epsH *mat.Dense, all bool) *terms {
	S := c.s
	x, y := t.Const(X), t.Const(Y)
	var tr terms
	tr.muQ, tr.vQ = c.W.post(t, x, y)
	tr.muP, tr.vP = c.W.prior(t, x)
	xS, yS := t.Tile(x, S), t.Tile(y, S)
	muQS, vQS := t.Tile(tr.muQ, S), t.Tile(tr.vQ, S)
	tr.w = reparam(t, muQS, vQS, t.Const(epsW))
	tr.h = t.ConcatCols(xS, tr.w)
	if c.Enc != nil {
		c.Enc.samples(t, &tr, epsH)
	}
	pr := c.prior(t)
	switch {
	case c.perOutputNoise():
		// A noise variance σ_d² per output: the data term needs the
		// variances' sum weighted by 1/σ_d² (models.md A-44's flag).
		tr.klU = c.Layer.KL(t, pr)
		s2 := c.Noise.On(t)
		var vs *ad.Var
		if c.ones == nil {
			c.ones = ad.Fill(1, c.dy, 1)
		}
		tr.muF, vs = c.Layer.MarginalsWeightedSum(t, pr, tr.h, t.Div(t.Const(c.ones), s2))
		tr.E = weightedVarExp(t, yS, tr.muF, vs, s2)
	case c.dy > 1 || c.sumOutputs:
		// One noise variance for every output: the data term needs only
		// the variances' sum over outputs (models.md §9.4); tr.nuF stays nil.
		// KL first, so that backward GramSum writes the factors' gradients
		// (P M x M) before KL's reductions add to them: no zeroing pass.
		tr.klU = c.Layer.KL(t, pr)
		var vs *ad.Var
		tr.muF, vs = c.Layer.MarginalsSum(t, pr, tr.h)
		tr.E = sumVarExp(t, yS, tr.muF, vs, c.Noise.On(t))
	default:
		tr.muF, tr.nuF = c.Layer.Marginals(t, pr, tr.h)
		tr.E = t.RowSum(varExp(t, yS, tr.muF, tr.nuF, c.Noise.On(t)))
		tr.klU = c.Layer.KL(t, pr)
	}
	if all || c.needs.klW {
		tr.klW = normalKLRows(t, tr.muQ, tr.vQ, tr.muP, tr.vP)
	}
	if all || c.needs.rho {
		tr.rho = logRatioRows(t, tr.w, t.Tile(tr.muP, S), t.Tile(tr.vP, S), muQS, vQS)
	}
	if c.Enc != nil {
		c.Enc.terms(t, &tr, all || c.needs.klH, all || c.needs.eta)
	}
	return &tr
}

// sumVarExp is the Gaussian variational expectation summed over the P
// outputs of each row with one noise variance s2: E_i = -(P/2) log(2πσ²) -
// (Σ_d (y_id - μ_id)² + vs_i) / (2σ²), with vs (n x 1) the sums of the
// outputs' variances (Inducing.MarginalsSum). It equals the row sums of
// varExp to rounding.
func sumVarExp(t *ad.Tape, y, mu, vs, s2 *ad.Var) *ad.Var {
	P := float64(y.Cols())
	d2 := t.Add(t.RowSum(t.Square(t.Sub(y, mu))), vs)
	return t.Sub(t.Scale(-0.5*P, t.Log(t.Scale(2*math.Pi, s2))), t.Div(d2, t.Scale(2, s2)))
}

// weightedVarExp is the Gaussian variational expectation summed over the
// P outputs of each row with a noise variance per output (s2, 1 x P):
// E_i = -½ Σ_d log(2πσ_d²) - ½ Σ_d (y_id - μ_id)²/σ_d² - ½ vs_i, with vs
// (n x 1) the sums Σ_d ν_id/σ_d² (Inducing.MarginalsWeightedSum). It
// equals the row sums of varExp with those variances to rounding.
func weightedVarExp(t *ad.Tape, y, mu, vs, s2 *ad.Var) *ad.Var {
	quad := t.Add(t.RowSum(t.Div(t.Square(t.Sub(y, mu)), s2)), vs)
	return t.Sub(t.Scale(-0.5, t.Sum(t.Log(t.Scale(2*math.Pi, s2)))), t.Scale(0.5, quad))
}

// draws fills the reused noise buffers with standard normals for a batch
// of b points: S·b x d_w for w, then S·b x d_h for h with the encoder.
func (c *latentCore) draws(b int, rng *rand.Rand) (epsW, epsH *mat.Dense) {
	c.epsW = fillNormal(c.epsW, c.s*b, c.W.DW, rng)
	if c.Enc != nil {
		c.epsH = fillNormal(c.epsH, c.s*b, c.dh, rng)
	}
	return c.epsW, c.epsH
}
