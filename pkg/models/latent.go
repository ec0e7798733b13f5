package models

import (
	"fmt"
	"math"
	"math/rand/v2"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"github.com/mgpteam/mgp/pkg/models/gp"
	"github.com/mgpteam/mgp/pkg/models/nn"
	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/stat"
)

// latentConfig is the resolved configuration of the latent-input GP core
// shared by SLGP (models.md §5) and GPCDE (§6.3). Users never write it:
// each model decodes its own config struct (SLGPConfig, GPCDEConfig), which
// holds only the keys that model uses, and converts it to this one.
type latentConfig struct {
	M         int     // inducing points (paper: 100 UCI, 50 toys)
	DW        int     // latent dimension d_w (default 1)
	DH        int     // encoder output d_h (default d_x + d_w; SLGP only)
	S         int     // Monte Carlo samples in the bound (default 10)
	Beta      float64 // balance β (default 0.01; SLGP only)
	Bound     string  // vi, iwvi or hybrid (SLGP default hybrid; GPCDE vi)
	Prior     string  // mlp (default) or normal: p(w | x)
	Nu0Init   float64 // initial ν₀ (default 0.01; SLGP only)
	Hidden    []int   // MLP hidden sizes (default [100, 100, 100])
	Design    string  // direct (D, default) or encoded (E): §5.3
	Whiten    bool    // whitened q(u) (default true)
	ARD       bool    // ARD kernel on h (default true)
	NoiseInit float64 // initial σ_ε² (default 1.0)
	// BetaWarmup, when positive, ramps the β weight linearly from 0 to Beta
	// over the first BetaWarmup iterations (SLGP only).
	BetaWarmup int
	// LeakySlope, when positive, makes every MLP's hidden units leaky ReLUs
	// with this negative-side slope (0 = ReLU, the paper).
	LeakySlope float64
	// ExactRatio drops the +ε_p inside the log-ratios (A-19 variant).
	ExactRatio bool
	// EncoderResidual makes the encoder's mean μ_h = φ(x, w) + g(x, w)
	// (SLGP only).
	EncoderResidual bool
	// FixNu0 keeps ν₀ at Nu0Init (SLGP only).
	FixNu0 bool
	// NoiseFloor, when positive, is the lower bound of σ_ε² (in place of
	// the default 1e-6 floor of positive parameters).
	NoiseFloor float64
	// PriorDecay, when positive, subtracts PriorDecay·‖W_p‖²/(2N) from the
	// per-point objective: weight decay on the prior network's weights
	// (biases excluded), a N(0, 1/PriorDecay) prior on them.
	PriorDecay float64
}

func defaultLatentConfig() latentConfig {
	return latentConfig{M: 100, DW: 1, S: 10, Beta: 0.01, Bound: "hybrid", Prior: "mlp", Nu0Init: 0.01,
		Hidden: []int{100, 100, 100}, Design: "direct", Whiten: true, ARD: true, NoiseInit: 1}
}

// latentGP is the latent-input GP core shared by SLGP (encoder on: h drawn
// from q(h | x, w); slgp.go) and GPCDE (encoder off: h = [x, w], VI bound,
// no β; gpcde.go): the networks over w, the SVGP layer on h, the Gaussian
// likelihood, the per-sample terms of the bounds and prediction. The Monte
// Carlo pieces it uses live in mc.go.
type latentGP struct {
	name    string
	Cfg     latentConfig
	encoder bool
	dx, dy  int
	dh      int
	PriorW  *nn.MLP // p(w | x), nil for the N(0, I) and the scaled prior
	// PriorVar is the learnt variance per latent dimension (1 x d_w) of the
	// scaled prior N(0, diag(PriorVar)); nil otherwise.
	PriorVar *ad.Param
	PostW    *nn.MLP // q(w | x, y)
	Enc      *nn.MLP // q(h | x, w), nil for GPCDE
	Nu0      *ad.Param
	Layer    *gp.Inducing
	Noise    *ad.Param
	Zx, Zxy  *ad.Param // encoded design only
	phi      *phiMap
	params   *ad.ParamSet
	tape     *ad.Tape
	epsW     *mat.Dense
	epsH     *mat.Dense
	iter     int // training iteration for the β warm-up; 0 = not scheduled
	// encRows is how many encoder inputs go through the MLP at a time
	// (nn.RowBlock; tests set it to compare with one block).
	encRows int
	// plugIn predicts with w and h at their means (SetLatentPlugIn).
	plugIn bool
}

var (
	_ Model        = (*latentGP)(nil)
	_ Diagnoser    = (*latentGP)(nil)
	_ Scheduled    = (*latentGP)(nil)
	_ LatentMeaner = (*latentGP)(nil)
	_ LatentPlugIn = (*latentGP)(nil)
)

// newLatentGP validates cfg and builds the core; encoder selects SLGP's
// h-stage. Parameters are drawn from spec.Seed's initialisation stream.
func newLatentGP(name string, cfg latentConfig, spec Spec, encoder bool) (*latentGP, error) {
	_, dx := spec.X.Dims()
	_, dy := spec.Y.Dims()
	switch {
	case cfg.M <= 0:
		return nil, fmt.Errorf("model.m = %d: must be positive", cfg.M)
	case cfg.DW <= 0:
		return nil, fmt.Errorf("model.d_w = %d: must be positive", cfg.DW)
	case cfg.S <= 0:
		return nil, fmt.Errorf("model.s = %d: must be positive", cfg.S)
	case cfg.Beta < 0:
		return nil, fmt.Errorf("model.beta = %g: must be >= 0", cfg.Beta)
	case cfg.LeakySlope < 0 || cfg.LeakySlope >= 1:
		return nil, fmt.Errorf("model.leaky_slope = %g: must be in [0, 1) (0 = plain ReLU)", cfg.LeakySlope)
	case cfg.BetaWarmup < 0:
		return nil, fmt.Errorf("model.beta_warmup = %d: must be >= 0 (iterations; 0 = off)", cfg.BetaWarmup)
	case cfg.BetaWarmup > 0 && !encoder:
		return nil, fmt.Errorf("model.beta_warmup: %s has no encoder and no β to warm up; remove the key", name)
	case cfg.EncoderResidual && !encoder:
		return nil, fmt.Errorf("model.encoder_residual: %s has no h-encoder; remove the key", name)
	case cfg.FixNu0 && !encoder:
		return nil, fmt.Errorf("model.fix_nu0: %s has no h-encoder and no ν₀; remove the key", name)
	case cfg.NoiseInit <= 0:
		return nil, errPositive("model.noise_init", cfg.NoiseInit)
	case cfg.PriorDecay < 0 || math.IsNaN(cfg.PriorDecay):
		return nil, fmt.Errorf("model.prior_decay = %g: must be >= 0 (0 = no weight decay)", cfg.PriorDecay)
	case cfg.PriorDecay > 0 && cfg.Prior != "mlp":
		return nil, fmt.Errorf("model.prior_decay: model.prior = %s has no network to decay; remove the key", cfg.Prior)
	case cfg.NoiseFloor < 0 || (cfg.NoiseFloor > 0 && cfg.NoiseFloor >= cfg.NoiseInit):
		return nil, fmt.Errorf("model.noise_floor = %g: must be >= 0 and below model.noise_init = %g (0 = the default floor 1e-6)", cfg.NoiseFloor, cfg.NoiseInit)
	}
	if cfg.Bound != "vi" && cfg.Bound != "iwvi" && cfg.Bound != "hybrid" {
		return nil, fmt.Errorf("model.bound = %q: use vi, iwvi or hybrid", cfg.Bound)
	}
	if cfg.Prior != "mlp" && cfg.Prior != "normal" && cfg.Prior != "scaled" {
		return nil, fmt.Errorf("model.prior = %q: use mlp, normal or scaled", cfg.Prior)
	}
	if cfg.Design != "direct" && cfg.Design != "encoded" {
		return nil, fmt.Errorf("model.inducing = %q: use direct or encoded", cfg.Design)
	}
	for _, h := range cfg.Hidden {
		if h <= 0 {
			return nil, fmt.Errorf("model.hidden = %v: layer sizes must be positive", cfg.Hidden)
		}
	}
	dh := dx + cfg.DW
	if encoder {
		var err error
		if dh, err = checkEncoder(&cfg, dh); err != nil {
			return nil, err
		}
	} else if cfg.Design == "encoded" {
		return nil, fmt.Errorf("model.inducing = encoded needs the h-encoder: use direct for %s", name)
	}
	rng := rand.New(rand.NewPCG(spec.Seed, 0x51a9))
	m := &latentGP{name: name, Cfg: cfg, encoder: encoder, dx: dx, dy: dy, dh: dh, tape: ad.NewTape(), encRows: nn.RowBlock}
	var ps []*ad.Param
	if cfg.Prior == "mlp" {
		m.PriorW = nn.NewMLP("prior_", mlpSizes(dx, cfg.Hidden, 2*cfg.DW), rng)
		m.PriorW.LeakySlope = cfg.LeakySlope
		ps = append(ps, m.PriorW.Params()...)
	}
	if cfg.Prior == "scaled" {
		m.PriorVar = ad.NewParam("prior_w_var", ad.Positive, ad.Fill(1, cfg.DW, 1))
		ps = append(ps, m.PriorVar)
	}
	m.PostW = nn.NewMLP("post_", mlpSizes(dx+dy, cfg.Hidden, 2*cfg.DW), rng)
	m.PostW.LeakySlope = cfg.LeakySlope
	ps = append(ps, m.PostW.Params()...)
	if encoder {
		encPs, err := m.addEncoder(rng)
		if err != nil {
			return nil, err
		}
		ps = append(ps, encPs...)
	}
	kern := gp.NewKernel("kernel_", dh, cfg.ARD)
	if cfg.Design == "encoded" {
		// (E): Z_x by k-means of X, Z_xy by k-means of [X, Y] (models.md §5.3).
		XY := mat.NewDense(spec.X.RawMatrix().Rows, dx+dy, nil)
		XY.Augment(spec.X, spec.Y)
		m.Zx = ad.NewParam("Z_x", ad.Identity, spec.KMeans(spec.X, cfg.M, spec.Seed))
		m.Zxy = ad.NewParam("Z_xy", ad.Identity, spec.KMeans(XY, cfg.M, spec.Seed+1))
		m.Layer = gp.NewInducing("", kern, mat.NewDense(cfg.M, dh, nil), dy, cfg.Whiten)
		ps = append(ps, kern.Params()...)
		ps = append(ps, m.Zx, m.Zxy, m.Layer.Mean)
		ps = append(ps, m.Layer.Factors...)
	} else {
		// (D): [k-means(X) | N(0,1)] (models.md §5.3, App. B).
		Zx := spec.KMeans(spec.X, cfg.M, spec.Seed)
		Z := mat.NewDense(cfg.M, dh, nil)
		for i := 0; i < cfg.M; i++ {
			for j := 0; j < dh; j++ {
				if j < dx {
					Z.Set(i, j, Zx.At(i, j))
				} else {
					Z.Set(i, j, rng.NormFloat64())
				}
			}
		}
		m.Layer = gp.NewInducing("", kern, Z, dy, cfg.Whiten)
		m.Layer.Z.Name = "Z_h"
		ps = append(ps, m.Layer.Params()...)
	}
	m.Noise = ad.NewScalar("noise_variance", ad.Positive, cfg.NoiseInit)
	if cfg.NoiseFloor > 0 {
		m.Noise.Floor = cfg.NoiseFloor
		if err := m.Noise.SetValue(mat.NewDense(1, 1, []float64{cfg.NoiseInit})); err != nil {
			return nil, err
		}
	}
	m.params = ad.NewParamSet(append(ps, m.Noise)...)
	return m, nil
}

// Name implements Model.
func (m *latentGP) Name() string { return m.name }

// Params implements Model.
func (m *latentGP) Params() *ad.ParamSet { return m.params }

// wPrior returns μ_p and v_p (n x d_w) at x: the MLP head, N(0, I), or
// N(0, diag(PriorVar)) for every x.
func (m *latentGP) wPrior(t *ad.Tape, x *ad.Var) (mu, v *ad.Var) {
	n := x.Rows()
	if m.PriorVar != nil {
		return t.Const(mat.NewDense(n, m.Cfg.DW, nil)), t.Tile(m.PriorVar.On(t), n)
	}
	if m.PriorW == nil {
		return t.Const(mat.NewDense(n, m.Cfg.DW, nil)), t.Const(ad.Fill(n, m.Cfg.DW, 1))
	}
	mu, raw := nn.SplitHead(t, m.PriorW.Forward(t, x))
	return mu, nn.SoftplusVar(t, raw)
}

// wPost returns μ_q and v_q (n x d_w) of q(w | x, y).
func (m *latentGP) wPost(t *ad.Tape, x, y *ad.Var) (mu, v *ad.Var) {
	mu, raw := nn.SplitHead(t, m.PostW.Forward(t, t.ConcatCols(x, y)))
	return mu, nn.SoftplusVar(t, raw)
}

// prior returns the GP layer's prior quantities, computing the encoded
// inducing inputs Z_h = μ_h([Z_x, μ_q(Z_xy)]) in design (E).
func (m *latentGP) prior(t *ad.Tape) gp.Prior {
	if m.Zx == nil {
		return m.Layer.Prior(t)
	}
	zxy := m.Zxy.On(t)
	muQ, _ := nn.SplitHead(t, m.PostW.Forward(t, zxy))
	muH, _ := nn.SplitHead(t, m.Enc.Forward(t, t.ConcatCols(m.Zx.On(t), muQ)))
	return m.Layer.PriorAt(t, muH)
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

// build computes the terms the configured bound needs (every term when
// all is set, as the golden test wants) at fixed standard-normal draws epsW
// (S·b x d_w) and epsH (S·b x d_h; unused without the encoder). Leaving the
// unused terms out changes no number of the bound or its gradient: with
// the default hybrid bound it saves η's density and log-add-exp passes over
// the S·b x d_h encoder samples, and KL^W.
func (m *latentGP) build(t *ad.Tape, X, Y, epsW, epsH *mat.Dense, all bool) *terms {
	S := m.Cfg.S
	x, y := t.Const(X), t.Const(Y)
	var tr terms
	tr.muQ, tr.vQ = m.wPost(t, x, y)
	tr.muP, tr.vP = m.wPrior(t, x)
	xS, yS := t.Tile(x, S), t.Tile(y, S)
	muQS, vQS := t.Tile(tr.muQ, S), t.Tile(tr.vQ, S)
	tr.w = reparam(t, muQS, vQS, t.Const(epsW))
	tr.h = t.ConcatCols(xS, tr.w)
	if m.encoder {
		m.encodeSamples(t, &tr, epsH)
	}
	pr := m.prior(t)
	tr.muF, tr.nuF = m.Layer.Marginals(t, pr, tr.h)
	tr.E = t.RowSum(varExp(t, yS, tr.muF, tr.nuF, m.Noise.On(t)))
	tr.klU = m.Layer.KL(t, pr)
	need := m.needs()
	if all || need.klW {
		tr.klW = normalKLRows(t, tr.muQ, tr.vQ, tr.muP, tr.vP)
	}
	if all || need.rho {
		tr.rho = logRatioRows(t, tr.w, t.Tile(tr.muP, S), t.Tile(tr.vP, S), muQS, vQS, m.Cfg.ExactRatio)
	}
	if m.encoder {
		m.encoderTerms(t, &tr, all || need.klH, all || need.eta)
	}
	return &tr
}

// termNeeds says which of the optional terms a bound reads.
type termNeeds struct{ klW, rho, klH, eta bool }

// needs returns the terms the configured bound reads (models.md §5.6):
// VI E, KL^H and KL^W; IWVI E, ρ and η; hybrid E, ρ and KL^H; GPCDE E and
// KL^W.
func (m *latentGP) needs() termNeeds {
	if !m.encoder {
		return termNeeds{klW: true}
	}
	switch m.Cfg.Bound {
	case "iwvi":
		return termNeeds{rho: true, eta: true}
	case "hybrid":
		return termNeeds{rho: true, klH: true}
	}
	return termNeeds{klW: true, klH: true}
}

// bound assembles the configured bound (models.md §5.6 for SLGP, §6.3 for
// GPCDE): the model's per-point data terms minus KL_u/n (minus the prior
// network's weight decay when configured).
func (m *latentGP) bound(t *ad.Tape, tr *terms, b, n int) *ad.Var {
	klU := t.Scale(1/float64(n), tr.klU)
	var obj *ad.Var
	if m.encoder {
		obj = m.slgpData(t, tr, b)
	} else {
		obj = gpcdeData(t, tr)
	}
	obj = t.Sub(obj, klU)
	if m.Cfg.PriorDecay > 0 {
		var sq *ad.Var
		for _, l := range m.PriorW.Layers {
			w := t.SumSquares(l.W.On(t))
			if sq == nil {
				sq = w
			} else {
				sq = t.Add(sq, w)
			}
		}
		obj = t.Sub(obj, t.Scale(m.Cfg.PriorDecay/(2*float64(n)), sq))
	}
	return obj
}

// draws fills the reused noise buffers with standard normals for a batch.
func (m *latentGP) draws(b int, rng *rand.Rand) (epsW, epsH *mat.Dense) {
	S := m.Cfg.S
	m.epsW = fillNormal(m.epsW, S*b, m.Cfg.DW, rng)
	if m.encoder {
		m.epsH = fillNormal(m.epsH, S*b, m.dh, rng)
	}
	return m.epsW, m.epsH
}

// Objective implements Model: the configured bound at fresh draws.
func (m *latentGP) Objective(t *ad.Tape, X, Y *mat.Dense, n int, rng *rand.Rand) *ad.Var {
	b, _ := X.Dims()
	epsW, epsH := m.draws(b, rng)
	return m.bound(t, m.build(t, X, Y, epsW, epsH, false), b, n)
}

// predictChunk bounds the rows (points x samples) whose random draws are
// made together: it fixes the order in which Sample consumes its generator
// and must not change, or the same seed gives other samples.
const predictChunk = 20000

// predictBlock is the number of rows Sample pushes through the encoder and
// the GP layer at once: small enough that a block's activations (predictBlock
// x 100 floats per hidden layer) stay in cache, large enough for GEMM. A
// variable only so that a test can check the blocking changes nothing.
var predictBlock = 1024

// Sample implements Model (models.md §5.7): w from the prior p(w | x*), h
// from the encoder q(h | x*, w) (GPCDE: h = [x*, w]), then
// y = μ_f + z√(ν_f + σ² + ε_r) and f = μ_f + z√(ν_f + ε_r), same z.
// Draws are made per chunk of predictChunk rows (w's, then h's, then the
// z's); the networks and the GP run on blocks of predictBlock rows.
func (m *latentGP) Sample(X *mat.Dense, P int, rng *rand.Rand) (Y, F *mat.Dense) {
	n, _ := X.Dims()
	dy := m.dy
	Y, F = mat.NewDense(P, n*dy, nil), mat.NewDense(P, n*dy, nil)
	s2 := m.Noise.Value().At(0, 0)
	chunk := max(1, predictChunk/P)
	for i0 := 0; i0 < n; i0 += chunk {
		i1 := min(n, i0+chunk)
		nb := i1 - i0
		muF, nuF := m.predictChunk(X.Slice(i0, i1, 0, m.dx).(*mat.Dense), P, rng)
		for p := 0; p < P; p++ {
			for i := 0; i < nb; i++ {
				for d := 0; d < dy; d++ {
					r := p*nb + i
					mu, v := muF.At(r, d), nuF.At(r, d)
					z := rng.NormFloat64()
					Y.Set(p, (i0+i)*dy+d, mu+z*math.Sqrt(v+s2+EpsR))
					F.Set(p, (i0+i)*dy+d, mu+z*math.Sqrt(v+EpsR))
				}
			}
		}
	}
	return Y, F
}

// predictChunk returns the means and variances of f (P·nb x d_y, row p·nb +
// i) at the nb points of Xc with P samples of w (and h) each: p(w | x*) once
// per point, the GP prior once, the draws for all rows (w's, then h's),
// then the encoder and the GP block by block.
func (m *latentGP) predictChunk(Xc *mat.Dense, P int, rng *rand.Rand) (muF, nuF *mat.Dense) {
	nb, _ := Xc.Dims()
	rows := P * nb
	t := m.tape
	t.NoGrad = true
	t.Reset()
	muPv, vPv := m.wPrior(t, t.Const(Xc))
	muP, vP := mat.DenseCopyOf(muPv.Val), mat.DenseCopyOf(vPv.Val)
	epsW := fillNormal(nil, rows, m.Cfg.DW, rng)
	var epsH *mat.Dense
	if m.encoder {
		epsH = fillNormal(nil, rows, m.dh, rng)
	}
	if m.plugIn {
		epsW.Zero()
		if epsH != nil {
			epsH.Zero()
		}
	}
	// The GP prior (K_ZZ's Cholesky factor and Z) once per chunk: its
	// values go on each block's tape as constants.
	pr := m.prior(t)
	L, Z := mat.DenseCopyOf(pr.L.Val), mat.DenseCopyOf(pr.Z.Val)
	muF, nuF = mat.NewDense(rows, m.dy, nil), mat.NewDense(rows, m.dy, nil)
	for r0 := 0; r0 < rows; r0 += predictBlock {
		r1 := min(rows, r0+predictBlock)
		t.Reset()
		x, mp, vp := gatherRows(t, Xc, r0, r1), gatherRows(t, muP, r0, r1), gatherRows(t, vP, r0, r1)
		w := reparam(t, mp, vp, t.Const(epsW.Slice(r0, r1, 0, m.Cfg.DW)))
		h := t.ConcatCols(x, w)
		if m.encoder {
			muH, vH := m.encode(t, h)
			h = reparam(t, muH, vH, t.Const(epsH.Slice(r0, r1, 0, m.dh)))
		}
		mu, nu := m.Layer.Marginals(t, gp.Prior{L: t.Const(L), Z: t.Const(Z)}, h)
		muF.Slice(r0, r1, 0, m.dy).(*mat.Dense).Copy(mu.Val)
		nuF.Slice(r0, r1, 0, m.dy).(*mat.Dense).Copy(nu.Val)
	}
	return muF, nuF
}

// gatherRows puts rows r0..r1-1 of the P-fold tiling of src (row r is src's
// row r mod nb) on the tape as a constant.
func gatherRows(t *ad.Tape, src *mat.Dense, r0, r1 int) *ad.Var {
	nb, c := src.Dims()
	return t.RowsOf(r1-r0, c, func(i int) []float64 { return src.RawRowView((r0 + i) % nb) })
}

// LatentMeans returns the means of q(w | x, y) and p(w | x) (first latent
// dimension) at the rows of X, Y: the panels of Fig. 3(iii).
func (m *latentGP) LatentMeans(X, Y *mat.Dense) (post, prior []float64) {
	muQ, _, muP, _ := m.wDists(X, Y)
	return mat.Col(nil, 0, muQ.Val), mat.Col(nil, 0, muP.Val)
}

// wDists evaluates q(w | x, y) and p(w | x) at the rows of X, Y without
// gradients: means and variances, n x d_w each.
func (m *latentGP) wDists(X, Y *mat.Dense) (muQ, vQ, muP, vP *ad.Var) {
	t := m.tape
	t.NoGrad = true
	t.Reset()
	x := t.Const(X)
	muQ, vQ = m.wPost(t, x, t.Const(Y))
	muP, vP = m.wPrior(t, x)
	return muQ, vQ, muP, vP
}

// LiveSpread is the spread (population sd over the training points, in
// standardised units) of q(w | x, y)'s mean above which w is said to carry
// information.
const LiveSpread = 0.1

// MemorisationNoise is the output noise variance (standardised units) below
// which a latent model with a live w is flagged as memorising its training
// targets through w: q(w | x, y) reconstructs y, the GP passes it on almost
// noiselessly, and at a test input, where w comes from p(w | x*) and knows
// nothing of y*, the predictive samples are too tight (the regime of
// models.md §5.6a in which the test NLL explodes).
const MemorisationNoise = 1e-3

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

// meanKLW returns the mean over the rows (wDists) of KL[q(w | x, y) ‖ p(w | x)],
// the information (nats per point) w carries about y beyond x.
func (m *latentGP) meanKLW(muQ, vQ, muP, vP *ad.Var) float64 {
	return stat.Mean(normalKLRows(m.tape, muQ, vQ, muP, vP).Val.RawMatrix().Data, nil)
}

// lengthscaleDiagnostics adds the GP's ARD lengthscale on the first w
// column of h (gp_lengthscale_w) and the smallest on the x columns
// (gp_lengthscale_x_min), when h's column d_x is w's: GPCDE, and SLGP with
// the identity or zero-padding φ. A w whose q(w) mean spreads over the
// points but whose lengthscale is many times that spread changes nothing
// the GP predicts.
func (m *latentGP) lengthscaleDiagnostics(out map[string]float64) {
	k := m.Layer.Kern
	if !k.ARD || (m.phi != nil && m.phi.Kind() == "pca") {
		return
	}
	ls := k.Lengthscales.Value().RawRowView(0)
	out["gp_lengthscale_w"] = ls[m.dx]
	minX := ls[0]
	for _, v := range ls[1:m.dx] {
		minX = min(minX, v)
	}
	out["gp_lengthscale_x_min"] = minX
}

// Diagnostics implements Diagnoser: the learnt noise and ν₀, the spread of
// the posterior mean of w over the training points, the mean KL^W, the
// memorisation flag (1 when the noise variance is below MemorisationNoise
// while w is live), the aggregate posterior's and prior's mean and variance
// (q_w_agg_*, p_w_agg_*), the GP's lengthscales on w and on x
// (lengthscaleDiagnostics), the split of the predictive variance
// (predictiveSpread) and the fraction of dead ReLUs per hidden layer
// of every MLP (models.md §5.6a).
func (m *latentGP) Diagnostics(X, Y *mat.Dense) map[string]float64 {
	n, _ := X.Dims()
	if n > 2000 {
		X, Y = X.Slice(0, 2000, 0, m.dx).(*mat.Dense), Y.Slice(0, 2000, 0, m.dy).(*mat.Dense)
	}
	out := map[string]float64{"noise_variance": m.Noise.Value().At(0, 0)}
	if m.Nu0 != nil {
		out["nu0"] = m.Nu0.Value().At(0, 0)
	}
	muQ, vQ, muP, vP := m.wDists(X, Y)
	out["q_w_mean_spread"] = stat.PopStdDev(mat.Col(nil, 0, muQ.Val), nil)
	out["q_w_agg_mean"], out["q_w_agg_var"], out["p_w_agg_mean"], out["p_w_agg_var"] = aggregates(muQ, vQ, muP, vP)
	out["kl_w_mean"] = m.meanKLW(muQ, vQ, muP, vP)
	m.lengthscaleDiagnostics(out)
	m.predictiveSpread(X, out)
	if out["noise_variance"] < MemorisationNoise && out["q_w_mean_spread"] > LiveSpread {
		out["memorisation"] = 1
	} else {
		out["memorisation"] = 0
	}
	XY := mat.NewDense(X.RawMatrix().Rows, m.dx+m.dy, nil)
	XY.Augment(X, Y)
	add := func(name string, mlp *nn.MLP, in *mat.Dense) {
		if mlp == nil {
			return
		}
		for k, f := range mlp.DeadFractions(in) {
			out[fmt.Sprintf("dead_relu_%s_layer%d", name, k+1)] = f
		}
	}
	add("prior", m.PriorW, X)
	add("post", m.PostW, XY)
	if m.Enc != nil {
		t := m.tape
		t.NoGrad = true
		t.Reset()
		x := t.Const(X)
		muQ, _ := m.wPost(t, x, t.Const(Y))
		add("enc", m.Enc, mat.DenseCopyOf(t.ConcatCols(x, muQ).Val))
	}
	return out
}
