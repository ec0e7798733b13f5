package models

import (
	"cmp"
	"math/rand/v2"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"github.com/mgpteam/mgp/pkg/models/gp"
	"gonum.org/v1/gonum/mat"
)

// SMGPConfig configures SMGP (models.md §4) and DAGP (§6.2), which share
// the generative model, parameters and initialisation.
type SMGPConfig struct {
	M         int     `mapstructure:"m"`          // inducing points per layer (paper: 100 UCI, 50 toys)
	T         int     `mapstructure:"t"`          // number of experts (default 4, A-16)
	S         int     `mapstructure:"s"`          // Monte Carlo samples in the bound (default 10)
	Lambda    float64 `mapstructure:"lambda"`     // Concrete temperature λ (default 0.01, §1.6)
	Whiten    bool    `mapstructure:"whiten"`     // whitened q(u) (default true, A-4)
	ARD       bool    `mapstructure:"ard"`        // one lengthscale per input in both kernels (default true)
	NoiseInit float64 `mapstructure:"noise_init"` // initial σ_t² of every expert (default 1.0)
	// HardPredict draws the predictive assignment as an exact categorical
	// sample onehot(argmax(a* + g)) instead of the relaxed Concrete vector
	// (A-29; default false, as [C]).
	HardPredict bool `mapstructure:"hard_predict"`
	// Bound is "joint" (default, [C]'s: S joint (a, w) samples in one
	// per-point log-mean-exp, models.md §4.3) or "nested" ([P]'s
	// E_q(a) log E_p(w|a) exp: S outer logit samples, each with SW inner
	// Concrete samples, the mean over a of the log-mean-exp over w; A-5).
	Bound string `mapstructure:"bound"`
	// SW is the number of inner Concrete samples per logit sample of the
	// nested bound (required there, refused with the joint bound).
	SW int `mapstructure:"s_w"`
	// Kernel is the experts' covariance function (gp.KernelNames; empty:
	// the squared exponential, left out of recorded configs so that
	// fingerprints of runs before the key are unchanged).
	Kernel string `mapstructure:"kernel,omitempty"`
	// KernelA is the assignment (logit) GPs' kernel; empty follows Kernel.
	KernelA string `mapstructure:"kernel_a,omitempty"`
}

// SMGP bounds (models.md §4.3, §6.2, A-5).
const (
	boundJoint  = "joint"  // SMGP default: LSE over S joint (a, w) samples
	boundNested = "nested" // SMGP option: mean over S_a of the LSE over S_w
	boundMean   = "mean"   // DAGP: mean over S joint samples outside the log
)

// DefaultSMGPConfig returns the paper's SMGP settings for UCI (models.md
// §4.2, §9.2): M = 100, T = 4, S = 10, λ = 0.01, [C]'s joint bound.
func DefaultSMGPConfig() SMGPConfig {
	return SMGPConfig{M: 100, T: 4, S: 10, Lambda: 0.01, Whiten: true, ARD: true, NoiseInit: 1, Bound: boundJoint}
}

// SMGP is the scalable mixture of GPs of models.md §4 (assignment
// modulation): T expert GPs f^t sharing one kernel and one Z (one SVGP
// layer with T outputs), T logit GPs a^t likewise (a second layer), one
// noise variance per expert, and the assignment w_i ~ Cat(softmax(a_i))
// relaxed by the Concrete distribution at temperature λ. Its bound is
// [C]'s: one per-point log-mean-exp over S joint (a, w) samples, stacked
// as S·b rows of one graph (§4.3), or [P]'s nested form. DAGP (§6.2)
// is the same model with the sample mean outside the log (dagp.go). Its
// experts and logits start from a clustering of the (x, y) pairs rather
// than at q = prior (NewSMGP, mixture_init.go); the bound is untouched.
type SMGP struct {
	Cfg SMGPConfig
	// F holds the T experts, A the T assignment logits (models.md §4.2).
	F, A *gp.Inducing
	// Noise is the 1 x T row of expert noise variances σ_t².
	Noise *ad.Param
	name  string
	// bound is boundJoint or boundNested (SMGP) or boundMean (DAGP).
	bound  string
	params *ad.ParamSet
	// eps and gum are the reused buffers of one step's standard normals
	// and Gumbel draws (S·b x T each).
	eps, gum *mat.Dense
}

var (
	_ Model     = (*SMGP)(nil)
	_ Diagnoser = (*SMGP)(nil)
)

// NewSMGP builds SMGP: Z_f and Z_a from two separate k-means runs on the
// training inputs, R = I, kernels and noises at 1 (models.md §4.2), and the
// q means from a k-means clustering of the standardised (x, y) pairs into
// T groups, so that the experts start distinct (initFromClusters): expert
// t starts on the y of group t, logit t high where group t's points are.
// With every q mean at 0, as §4.2 has it, the T experts start as one GP
// and can stay one (issue 43).
func NewSMGP(cfg SMGPConfig, spec Spec) (*SMGP, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	return newMixture("smgp", "§4.1", cfg.Bound, cfg, spec)
}

// newMixture builds the mixture of GP experts as model name from a
// validated cfg; section is the models.md section of its likelihood.
func newMixture(name, section, bound string, cfg SMGPConfig, spec Spec) (*SMGP, error) {
	if err := singleOutput(name, section, spec); err != nil {
		return nil, err
	}
	_, dx := spec.X.Dims()
	// Two separate k-means runs (models.md §4.2): different seeds.
	Zf := spec.KMeans(spec.X, cfg.M, spec.Seed)
	Za := spec.KMeans(spec.X, cfg.M, spec.Seed+1)
	m := &SMGP{Cfg: cfg, name: name, bound: bound}
	m.F = gp.NewInducing("f_", newKernel(cfg.Kernel, "f_kernel_", dx, cfg.ARD), Zf, cfg.T, cfg.Whiten)
	m.A = gp.NewInducing("a_", newKernel(cmp.Or(cfg.KernelA, cfg.Kernel), "a_kernel_", dx, cfg.ARD), Za, cfg.T, cfg.Whiten)
	m.Noise = ad.NewParam("noise_variance", ad.Positive, ad.Fill(1, cfg.T, cfg.NoiseInit))
	ps := append(m.F.Params(), m.A.Params()...)
	m.params = ad.NewParamSet(append(ps, m.Noise)...)
	if err := m.initFromClusters(spec); err != nil {
		return nil, err
	}
	return m, nil
}

// Name implements Model.
func (m *SMGP) Name() string { return m.name }

// Params implements Model.
func (m *SMGP) Params() *ad.ParamSet { return m.params }

// mixTerms are the pieces of the mixture bounds (models.md §4.3); the
// S·b-row quantities are ordered s·b + i (mc.go), the S_w·S·b rows of the
// nested bound (j·S + s)·b + i for inner sample j of logit sample s.
type mixTerms struct {
	muF, nuF, muA, nuA *ad.Var // b x T marginals of the experts and logits
	ell                *ad.Var // b x T: ℓ_it = VE(y_i; μ^f_it, ν^f_it, σ_t²)
	a                  *ad.Var // S·b x T: logit samples
	w                  *ad.Var // S_w·S·b x T: their Concrete relaxations
	psi                *ad.Var // S_w·S·b x 1: Ψ_i^(s) = Σ_t w_it^(s) ℓ_it
	kl                 *ad.Var // 1 x 1: Σ_t KL^f_t + Σ_t KL^a_t
}

// innerS is S_w for the nested bound and 1 otherwise.
func (m *SMGP) innerS() int {
	if m.bound == boundNested {
		return m.Cfg.SW
	}
	return 1
}

// build computes the terms at fixed standard normals eps (S·b x T) and
// Gumbel draws gum (S_w·S·b x T). The expert and logit quantities are computed once per
// point and tiled over the samples (models.md §4.3): each layer costs one
// kernel evaluation and one triangular solve for all T of its outputs.
func (m *SMGP) build(t *ad.Tape, X, Y, eps, gum *mat.Dense) *mixTerms {
	S := m.Cfg.S
	x := t.Const(X)
	var tr mixTerms
	pf, pa := m.F.Prior(t), m.A.Prior(t)
	tr.muF, tr.nuF = mixtureMarginals(t, m.F, pf, x)
	tr.muA, tr.nuA = mixtureMarginals(t, m.A, pa, x)
	tr.ell = varExp(t, t.Const(Y), tr.muF, tr.nuF, m.Noise.On(t))
	tr.a = reparam(t, t.Tile(tr.muA, S), t.Tile(tr.nuA, S), t.Const(eps))
	aw := tr.a
	if sw := m.innerS(); sw > 1 {
		aw, S = t.Tile(tr.a, sw), S*sw
	}
	tr.w = concrete(t, aw, t.Const(gum), m.Cfg.Lambda)
	tr.psi = t.RowSum(t.Mul(tr.w, t.Tile(tr.ell, S)))
	tr.kl = t.Add(m.F.KL(t, pf), m.A.KL(t, pa))
	return &tr
}

// objective assembles the model's bound from the terms for a batch of b
// points out of n, minus the KLs over n: SMGP's joint
// (1/b) Σ_i [LSE_s Ψ_i^(s) - log S] (models.md §4.3), SMGP's nested
// (1/b) Σ_i (1/S) Σ_s [LSE_j Ψ_i^(j,s) - log S_w], or DAGP's
// (1/b) Σ_i (1/S) Σ_s Ψ_i^(s) (§6.2).
func (m *SMGP) objective(t *ad.Tape, tr *mixTerms, b, n int) *ad.Var {
	S := m.Cfg.S
	var per *ad.Var
	switch m.bound {
	case boundJoint:
		per = perPointLME(t, tr.psi, S, b)
	case boundNested:
		per = perPointMean(t, perPointLME(t, tr.psi, m.Cfg.SW, S*b), S, b)
	default:
		per = perPointMean(t, tr.psi, S, b)
	}
	return t.Sub(t.Mean(per), t.Scale(1/float64(n), tr.kl))
}

// draws fills the reused noise buffers for a batch of b points: the
// standard normals of the logit samples, then the Gumbel draws.
func (m *SMGP) draws(b int, rng *rand.Rand) (eps, gum *mat.Dense) {
	S, T := m.Cfg.S, m.Cfg.T
	m.eps = fillNormal(m.eps, S*b, T, rng)
	m.gum = fillGumbel(m.gum, m.innerS()*S*b, T, rng)
	return m.eps, m.gum
}

// Objective implements Model: the bound at fresh draws from rng.
func (m *SMGP) Objective(t *ad.Tape, s Step) *ad.Var {
	X, Y, n, rng := s.X, s.Y, s.N, s.Rng
	b, _ := X.Dims()
	eps, gum := m.draws(b, rng)
	return m.objective(t, m.build(t, X, Y, eps, gum), b, n)
}
