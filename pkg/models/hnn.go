package models

import (
	"math"
	"math/rand/v2"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"github.com/mgpteam/mgp/pkg/models/nn"
	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/stat"
)

// HNNConfig configures HNN (models.md §6.4).
type HNNConfig struct {
	Hidden []int `mapstructure:"hidden"` // MLP hidden sizes (default [100, 100, 100], §1.4)
}

func defaultHNNConfig() HNNConfig { return HNNConfig{Hidden: defaultHidden()} }

// HNN is the heteroscedastic neural network competitor (Nix & Weigend 1994;
// models.md §6.4): one MLP d_x -> 2d_y giving a mean μ(x) and a variance
// v(x) = sp(r - 5) + 10⁻⁶ per output, trained by the Gaussian log-likelihood
// with no regularisation.
type HNN struct {
	Cfg    HNNConfig
	Net    *nn.MLP
	dy     int
	params *ad.ParamSet
}

var (
	_ Model        = (*HNN)(nil)
	_ LogDensityer = (*HNN)(nil)
	_ Diagnoser    = (*HNN)(nil)
)

// hnnStream is the initialisation stream of HNN's spec seed.
const hnnStream = 0x4e4e

// NewHNN builds HNN for the dimensions of spec's data, its weights drawn
// from spec.Seed (models.md §1.4).
func NewHNN(cfg HNNConfig, spec Spec) (*HNN, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	_, dx := spec.X.Dims()
	_, dy := spec.Y.Dims()
	rng := rand.New(rand.NewPCG(spec.Seed, hnnStream))
	m := &HNN{Cfg: cfg, dy: dy}
	m.Net = nn.NewMLP("hnn_", mlpSizes(dx, cfg.Hidden, 2*dy), rng)
	m.params = ad.NewParamSet(m.Net.Params()...)
	return m, nil
}

// Name implements Model.
func (m *HNN) Name() string { return "hnn" }

// Params implements Model.
func (m *HNN) Params() *ad.ParamSet { return m.params }

// heads returns μ and v (rows of x by d_y).
func (m *HNN) heads(t *ad.Tape, x *ad.Var) (mu, v *ad.Var) {
	mu, raw := nn.SplitHead(t, m.Net.Forward(t, x))
	return mu, flooredVar(t, raw)
}

// Objective implements Model: (1/b) Σ_i Σ_d log N(y_id | μ_d(x_i), v_d(x_i))
// (models.md §6.4, §0.3; there is no global term, so n is unused).
func (m *HNN) Objective(t *ad.Tape, s Step) *ad.Var {
	X, Y := s.X, s.Y
	b, _ := X.Dims()
	mu, v := m.heads(t, t.Const(X))
	return t.Scale(1/float64(b), t.Sum(t.GaussLogPdf(t.Const(Y), mu, v)))
}

// predict returns μ and v at the rows of X (N x d_y each), off tape.
func (m *HNN) predict(X *mat.Dense) (mu, v *mat.Dense) {
	n, _ := X.Dims()
	mu, v = mat.NewDense(n, m.dy, nil), mat.NewDense(n, m.dy, nil)
	t := noGradTape()
	forBatches(X, func(i0, i1 int, Xb *mat.Dense) {
		t.Reset()
		a, b := m.heads(t, t.Const(Xb))
		mu.Slice(i0, i1, 0, m.dy).(*mat.Dense).Copy(a.Val)
		v.Slice(i0, i1, 0, m.dy).(*mat.Dense).Copy(b.Val)
	})
	return mu, v
}

// Sample implements Model (models.md §6.4): y* ~ N(μ(x*), v(x*)), one draw
// per sample, point and output. HNN has no latent f, so F is nil.
func (m *HNN) Sample(X *mat.Dense, P int, rng *rand.Rand) (Y, F *mat.Dense) {
	mu, v := m.predict(X)
	n, dy := mu.Dims()
	Y = mat.NewDense(P, n*dy, nil)
	for p := 0; p < P; p++ {
		row := Y.RawRowView(p)
		for i := 0; i < n; i++ {
			for d := 0; d < dy; d++ {
				row[i*dy+d] = mu.At(i, d) + rng.NormFloat64()*math.Sqrt(v.At(i, d))
			}
		}
	}
	return Y, nil
}

// LogDensity implements LogDensityer: Σ_d log N(y_d | μ_d(x), v_d(x)) per
// test point, the exact predictive density.
func (m *HNN) LogDensity(X, Y *mat.Dense) []float64 {
	mu, v := m.predict(X)
	n, dy := mu.Dims()
	out := make([]float64, n)
	for i := range out {
		for d := 0; d < dy; d++ {
			out[i] += gaussLogPdf(Y.At(i, d), mu.At(i, d), v.At(i, d))
		}
	}
	return out
}

// Diagnostics implements Diagnoser: the mean and spread over the training
// points (first 2000) of the predicted sd √v, and the fraction of dead ReLUs
// per hidden layer.
func (m *HNN) Diagnostics(X, Y *mat.Dense) map[string]float64 {
	X, _ = diagSubset(X, Y)
	_, v := m.predict(X)
	sd := make([]float64, 0, len(v.RawMatrix().Data))
	for _, x := range v.RawMatrix().Data {
		sd = append(sd, math.Sqrt(x))
	}
	mean, std := stat.PopMeanStdDev(sd, nil)
	out := map[string]float64{"sd_mean": mean, "sd_spread": std}
	deadReLUs(out, "net", m.Net, X)
	return out
}
