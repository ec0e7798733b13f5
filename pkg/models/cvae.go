package models

import (
	"math"
	"math/rand/v2"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"github.com/mgpteam/mgp/pkg/models/nn"
	"gonum.org/v1/gonum/mat"
)

// CVAEConfig configures CVAE (models.md §6.6).
type CVAEConfig struct {
	Hidden []int `mapstructure:"hidden"` // hidden sizes of all three MLPs (default [100, 100, 100], §1.4)
	DW     int   `mapstructure:"d_w"`    // latent dimension d_w (default 1)
	S      int   `mapstructure:"s"`      // Monte Carlo samples in the ELBO (default 10, A-17)
	// Decoder is "heteroscedastic" (default: the decoder MLP emits a mean
	// and a variance per output, A-24) or "homoscedastic" (the decoder
	// emits means only and one learnt noise variance serves every output).
	Decoder string `mapstructure:"decoder"`
	// NoiseInit is the initial noise variance of the homoscedastic decoder
	// (default 1.0, as σ_ε² elsewhere; unused by the heteroscedastic one).
	NoiseInit float64 `mapstructure:"noise_init"`
}

// CVAE decoder variants.
const (
	decoderHetero = "heteroscedastic"
	decoderHomo   = "homoscedastic"
)

func defaultCVAEConfig() CVAEConfig {
	return CVAEConfig{Hidden: defaultHidden(), DW: 1, S: 10, Decoder: decoderHetero, NoiseInit: 1}
}

// CVAE is the conditional variational auto-encoder competitor (Sohn, Lee,
// Yan 2015; models.md §6.6): SLGP's prior p(w | x) and posterior
// q(w | x, y) networks (§5.2) and a decoder MLP_d: d_x + d_w -> 2d_y giving
// p(y | x, w) = N(μ^d(x, w), v^d(x, w)), v^d = sp(r - 5) + 10⁻⁶. There is
// no h stage and no GP. It is trained by the standard ELBO with S
// reparameterised samples stacked as S·b rows of one graph.
type CVAE struct {
	Cfg   CVAEConfig
	W     *wNets
	Dec   *nn.MLP
	Noise *ad.Param // homoscedastic decoder only
	dx    int
	dy    int
	// eps is the reused buffer of standard normals for one step's samples.
	eps    *mat.Dense
	params *ad.ParamSet
	// decRows is how many of the S·b decoder inputs go through the MLP at
	// a time (nn.RowBlock; tests set it to compare with one block).
	decRows int
}

var (
	_ Model     = (*CVAE)(nil)
	_ Diagnoser = (*CVAE)(nil)
)

// cvaeStream is the initialisation stream of CVAE's spec seed.
const cvaeStream = 0xc0ae

// NewCVAE builds CVAE for the dimensions of spec's data, its weights drawn
// from spec.Seed (prior, posterior, then decoder; models.md §1.4).
func NewCVAE(cfg CVAEConfig, spec Spec) (*CVAE, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	_, dx := spec.X.Dims()
	_, dy := spec.Y.Dims()
	rng := rand.New(rand.NewPCG(spec.Seed, cvaeStream))
	m := &CVAE{Cfg: cfg, dx: dx, dy: dy, decRows: nn.RowBlock}
	m.W = newWNets("", dx, dy, cfg.DW, cfg.Hidden, priorMLP, 0, rng)
	ps := m.W.params()
	if cfg.Decoder == decoderHetero {
		m.Dec = nn.NewMLP("dec_", mlpSizes(dx+cfg.DW, cfg.Hidden, 2*dy), rng)
		ps = append(ps, m.Dec.Params()...)
	} else {
		m.Dec = nn.NewMLP("dec_", mlpSizes(dx+cfg.DW, cfg.Hidden, dy), rng)
		m.Noise = ad.NewScalar("noise_variance", ad.Positive, cfg.NoiseInit)
		ps = append(append(ps, m.Dec.Params()...), m.Noise)
	}
	m.params = ad.NewParamSet(ps...)
	return m, nil
}

// Name implements Model.
func (m *CVAE) Name() string { return "cvae" }

// Params implements Model.
func (m *CVAE) Params() *ad.ParamSet { return m.params }

// likelihood returns μ^d and v^d (rows x d_y) at in = [x, w]; the homoscedastic
// variance is the 1 x 1 noise variance.
func (m *CVAE) likelihood(t *ad.Tape, in *ad.Var) (mu, v *ad.Var) {
	out := m.Dec.ForwardRows(t, in, m.decRows)
	if m.Noise != nil {
		return out, m.Noise.On(t)
	}
	mu, raw := nn.SplitHead(t, out)
	return mu, flooredVar(t, raw)
}

// elbo returns the per-point ELBO terms at the standard normals eps
// (S·b x d_w): the reconstruction terms Σ_d log N(y_id | μ^d, v^d) per
// sample (S·b x 1, row s·b + i) and KL^W_i (b x 1).
func (m *CVAE) elbo(t *ad.Tape, X, Y *mat.Dense, eps *mat.Dense) (rec, kl *ad.Var) {
	S := m.Cfg.S
	x, y := t.Const(X), t.Const(Y)
	muQ, vQ := m.W.post(t, x, y)
	muP, vP := m.W.prior(t, x)
	w := reparam(t, t.Tile(muQ, S), t.Tile(vQ, S), t.Const(eps))
	in := t.ConcatCols(t.Tile(x, S), w)
	if m.Noise == nil {
		// The heteroscedastic decoder's head and the likelihood in one
		// op: the bits of likelihood's SplitHead and flooredVar followed
		// by the row sums of GaussLogPdf at y tiled S times.
		rec = gaussHeadRowSums(t, cvaeHead, y, m.Dec.ForwardRows(t, in, m.decRows))
		return rec, normalKLRows(t, muQ, vQ, muP, vP)
	}
	muD, vD := m.likelihood(t, in)
	rec = t.RowSum(t.GaussLogPdf(t.Tile(y, S), muD, vD))
	return rec, normalKLRows(t, muQ, vQ, muP, vP)
}

// Objective implements Model (models.md §6.6, §0.3):
// (1/b) Σ_i [(1/S) Σ_s Σ_d log N(y_id | μ^d_d(x_i, w_i^(s)), v^d_d) - KL^W_i],
// w_i^(s) = μ^q_i + ε √(v^q_i + ε_r) with fresh ε from rng. There is no
// global term, so n is unused.
func (m *CVAE) Objective(t *ad.Tape, s Step) *ad.Var {
	X, Y, rng := s.X, s.Y, s.Rng
	b, _ := X.Dims()
	m.eps = fillNormal(m.eps, m.Cfg.S*b, m.Cfg.DW, rng)
	rec, kl := m.elbo(t, X, Y, m.eps)
	return t.Sub(t.Mean(rec), t.Mean(kl))
}

// Sample implements Model (models.md §6.6): w* ~ p(w | x*) (as
// μ^p + z√(v^p + ε_r)), then y*_d ~ N(μ^d_d(x*, w*), v^d_d). CVAE has no
// latent f, so F is nil.
func (m *CVAE) Sample(X *mat.Dense, P int, rng *rand.Rand) (Y, F *mat.Dense) {
	n, _ := X.Dims()
	dy := m.dy
	Y = mat.NewDense(P, n*dy, nil)
	m.priorDecode(X, P, rng, func(i0, nb int, muD, vD *ad.Var) {
		for p := 0; p < P; p++ {
			row := Y.RawRowView(p)
			for i := 0; i < nb; i++ {
				r := p*nb + i
				for d := 0; d < dy; d++ {
					row[(i0+i)*dy+d] = muD.Val.At(r, d) + rng.NormFloat64()*math.Sqrt(m.decVar(vD, r, d))
				}
			}
		}
	})
	return Y, nil
}

// priorDecode draws P values of w per row of X from p(w | x*) (as
// μ^p + z√(v^p + ε_r)) and runs [x*, w] through the decoder, in chunks of
// at most nnSampleRows rows. After each chunk's draws it calls visit with
// the chunk's first row i0, its size nb and the decoder's mean and
// variance, whose row p·nb + i is draw p at row i0 + i (read the variance
// with decVar); visit may draw from rng.
func (m *CVAE) priorDecode(X *mat.Dense, P int, rng *rand.Rand, visit func(i0, nb int, muD, vD *ad.Var)) {
	n, _ := X.Dims()
	t := noGradTape()
	chunk := max(1, nnSampleRows/P)
	for i0 := 0; i0 < n; i0 += chunk {
		i1 := min(n, i0+chunk)
		nb := i1 - i0
		t.Reset()
		x := t.Const(X.Slice(i0, i1, 0, m.dx))
		muP, vP := m.W.prior(t, x)
		eps := t.Const(fillNormal(nil, P*nb, m.Cfg.DW, rng))
		w := reparam(t, t.Tile(muP, P), t.Tile(vP, P), eps) // row p·nb + i
		muD, vD := m.likelihood(t, t.ConcatCols(t.Tile(x, P), w))
		visit(i0, nb, muD, vD)
	}
}

// decVar is the decoder's variance of output d at row r of vD: its own
// under the heteroscedastic decoder, the one noise variance otherwise.
func (m *CVAE) decVar(vD *ad.Var, r, d int) float64 {
	if m.Noise != nil {
		return vD.Val.At(0, 0)
	}
	return vD.Val.At(r, d)
}

// Diagnostics implements Diagnoser, over the training points (first 2000):
// the spread of the posterior means of w in its most varying dimension (a
// collapsed q(w | x, y) has none), the mean KL^W, the noise variance of the
// homoscedastic decoder, and the fraction of dead ReLUs per hidden layer of
// every MLP.
func (m *CVAE) Diagnostics(X, Y *mat.Dense) map[string]float64 {
	X, Y = diagSubset(X, Y)
	t := noGradTape()
	x, y := t.Const(X), t.Const(Y)
	muQ, vQ := m.W.post(t, x, y)
	muP, vP := m.W.prior(t, x)
	out := map[string]float64{
		"q_w_mean_spread": meanSpread(muQ.Val),
		"kl_w_mean":       t.Mean(normalKLRows(t, muQ, vQ, muP, vP)).Scalar(),
	}
	if m.Noise != nil {
		out["noise_variance"] = m.Noise.Value().At(0, 0)
	}
	m.W.deadReLUs(out, X, Y)
	deadReLUs(out, "dec", m.Dec, mat.DenseCopyOf(t.ConcatCols(x, muQ).Val))
	return out
}
