package models

import (
	"math"
	"math/rand/v2"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"github.com/mgpteam/mgp/pkg/models/gp"
	"gonum.org/v1/gonum/mat"
)

// SGPConfig configures SGP (models.md §2).
type SGPConfig struct {
	M         int     `mapstructure:"m"`          // inducing points (paper: 100 UCI, 50 toys)
	Whiten    bool    `mapstructure:"whiten"`     // whitened q(u) (default true, A-4)
	ARD       bool    `mapstructure:"ard"`        // one lengthscale per input (default true)
	NoiseInit float64 `mapstructure:"noise_init"` // initial σ_ε² (default 1.0)
	// Kernel is the GP's kernel: se (the default, also when empty),
	// matern12, matern32 or matern52 (gp.KernelNames). Omitted from
	// recorded configs while empty, so earlier runs keep their fingerprints.
	Kernel string `mapstructure:"kernel,omitempty"`
}

func defaultSGPConfig() SGPConfig {
	return SGPConfig{M: 100, Whiten: true, ARD: true, NoiseInit: 1}
}

// SGP is the stochastic variational GP baseline (Hensman et al. 2013;
// models.md §2): one SVGP layer with d_y outputs and a Gaussian likelihood
// with one noise variance shared by the outputs.
type SGP struct {
	Cfg    SGPConfig
	Layer  *gp.Inducing
	Noise  *ad.Param
	params *ad.ParamSet
	tapes  tapePool // prediction's tapes, one per call
}

var _ Model = (*SGP)(nil)
var _ LogDensityer = (*SGP)(nil)
var _ Diagnoser = (*SGP)(nil)

// NewSGP builds SGP with Z from k-means of the training inputs.
func NewSGP(cfg SGPConfig, spec Spec) (*SGP, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	_, dx := spec.X.Dims()
	_, dy := spec.Y.Dims()
	Z0 := spec.KMeans(spec.X, cfg.M, spec.Seed)
	m := &SGP{Cfg: cfg}
	m.Layer = gp.NewInducing("", newKernel(cfg.Kernel, "kernel_", dx, cfg.ARD), Z0, dy, cfg.Whiten)
	m.Noise = ad.NewScalar("noise_variance", ad.Positive, cfg.NoiseInit)
	m.params = ad.NewParamSet(append(m.Layer.Params(), m.Noise)...)
	return m, nil
}

// Name implements Model.
func (m *SGP) Name() string { return "sgp" }

// Params implements Model.
func (m *SGP) Params() *ad.ParamSet { return m.params }

// Diagnostics implements Diagnoser: the learnt noise variance σ² in the
// standardised units the model trains in, so the fraction of Var(y) the GP
// leaves to noise. Below about 0.01 the targets are nearly noiseless, the case
// in which SLGP's residual encoder is the better setting (README).
func (m *SGP) Diagnostics(_, _ *mat.Dense) map[string]float64 {
	return map[string]float64{"noise_variance": m.Noise.Value().At(0, 0)}
}

// varExp returns VE(y; μ, ν, σ²) = -½ log(2πσ²) - ((y-μ)² + ν)/(2σ²)
// element-wise (models.md §1.3); s2 is 1 x 1.
func varExp(t *ad.Tape, y, mu, nu, s2 *ad.Var) *ad.Var {
	d2 := t.Add(t.Square(t.Sub(y, mu)), nu)
	return t.Sub(t.Scale(-0.5, t.Log(t.Scale(2*math.Pi, s2))), t.Div(d2, t.Scale(2, s2)))
}

// Objective implements Model: (1/b) Σ_i Σ_d VE_id - KL/n (models.md §2).
func (m *SGP) Objective(t *ad.Tape, s Step) *ad.Var {
	X, Y, n := s.X, s.Y, s.N
	pr := m.Layer.Prior(t)
	mu, nu := m.Layer.Marginals(t, pr, t.Const(X))
	ve := varExp(t, t.Const(Y), mu, nu, m.Noise.On(t))
	b, _ := X.Dims()
	data := t.Scale(1/float64(b), t.Sum(ve))
	return t.Sub(data, t.Scale(1/float64(n), m.Layer.KL(t, pr)))
}

// marginals returns q(f) means and variances at X (N x d_y each), off tape.
func (m *SGP) marginals(X *mat.Dense) (mu, nu *mat.Dense) {
	n, _ := X.Dims()
	P := m.Layer.P
	mu, nu = mat.NewDense(n, P, nil), mat.NewDense(n, P, nil)
	t := m.tapes.get()
	defer m.tapes.put(t)
	forBatches(X, func(i0, i1 int, Xb *mat.Dense) {
		t.Reset()
		pr := m.Layer.Prior(t)
		a, b := m.Layer.Marginals(t, pr, t.Const(Xb))
		mu.Slice(i0, i1, 0, P).(*mat.Dense).Copy(a.Val)
		nu.Slice(i0, i1, 0, P).(*mat.Dense).Copy(b.Val)
	})
	return mu, nu
}

// Sample implements Model (models.md §2): one z per sample and point,
// y = μ + z√(ν + σ² + ε_r) and f = μ + z√(ν + ε_r) with the same z.
func (m *SGP) Sample(X *mat.Dense, P int, rng *rand.Rand) (Y, F *mat.Dense) {
	mu, nu := m.marginals(X)
	n, dy := mu.Dims()
	s2 := m.Noise.Value().At(0, 0)
	Y, F = mat.NewDense(P, n*dy, nil), mat.NewDense(P, n*dy, nil)
	for p := 0; p < P; p++ {
		for i := 0; i < n; i++ {
			for d := 0; d < dy; d++ {
				z := rng.NormFloat64()
				mv, v := mu.At(i, d), nu.At(i, d)
				Y.Set(p, i*dy+d, mv+z*math.Sqrt(v+s2+EpsR))
				F.Set(p, i*dy+d, mv+z*math.Sqrt(v+EpsR))
			}
		}
	}
	return Y, F
}

// LogDensity implements LogDensityer: log N(y | μ, ν + σ²) summed over
// outputs, per test point (models.md §1.3, §8.4).
func (m *SGP) LogDensity(X, Y *mat.Dense) []float64 {
	mu, nu := m.marginals(X)
	n, dy := mu.Dims()
	s2 := m.Noise.Value().At(0, 0)
	out := make([]float64, n)
	for i := 0; i < n; i++ {
		for d := 0; d < dy; d++ {
			v := nu.At(i, d) + s2
			r := Y.At(i, d) - mu.At(i, d)
			out[i] += -0.5*math.Log(2*math.Pi*v) - r*r/(2*v)
		}
	}
	return out
}

// DeterministicObjective implements DeterministicObjective: the bound is
// analytic, with no Monte Carlo draws.
func (m *SGP) DeterministicObjective() bool { return true }
