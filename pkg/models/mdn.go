package models

import (
	"math"
	"math/rand/v2"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"github.com/mgpteam/mgp/pkg/models/nn"
	"gonum.org/v1/gonum/mat"
)

// MDNConfig configures MDN (models.md §6.5).
type MDNConfig struct {
	Hidden []int `mapstructure:"hidden"` // MLP hidden sizes (default [100, 100, 100], §1.4)
	T      int   `mapstructure:"t"`      // mixture components T (default 4, A-23)
}

func defaultMDNConfig() MDNConfig { return MDNConfig{Hidden: defaultHidden(), T: 4} }

// MDN is the mixture density network competitor (Bishop 1994; models.md
// §6.5): one MLP d_x -> T(1 + 2d_y) giving mixture logits π, and per
// component t a mean μ_t and a variance v_t = sp(r_t - 5) + 10⁻⁶ for each
// output; p(y | x) = Σ_t softmax(π)_t Π_d N(y_d | μ_td, v_td).
//
// The output columns are [π_1..π_T | μ_{1,1..d_y} .. μ_{T,1..d_y} | r in
// the same order as μ]: component t, output d sits at column t·d_y + d of
// its block.
type MDN struct {
	Cfg    MDNConfig
	Net    *nn.MLP
	dy     int
	params *ad.ParamSet
}

var (
	_ Model        = (*MDN)(nil)
	_ LogDensityer = (*MDN)(nil)
	_ Diagnoser    = (*MDN)(nil)
)

// mdnStream is the initialisation stream of MDN's spec seed.
const mdnStream = 0x4d444e

// NewMDN builds MDN for the dimensions of spec's data, its weights drawn
// from spec.Seed (models.md §1.4).
func NewMDN(cfg MDNConfig, spec Spec) (*MDN, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	_, dx := spec.X.Dims()
	_, dy := spec.Y.Dims()
	rng := rand.New(rand.NewPCG(spec.Seed, mdnStream))
	m := &MDN{Cfg: cfg, dy: dy}
	m.Net = nn.NewMLP("mdn_", mlpSizes(dx, cfg.Hidden, cfg.T*(1+2*dy)), rng)
	m.params = ad.NewParamSet(m.Net.Params()...)
	return m, nil
}

// Name implements Model.
func (m *MDN) Name() string { return "mdn" }

// Params implements Model.
func (m *MDN) Params() *ad.ParamSet { return m.params }

// heads returns the log mixture weights log softmax(π) (rows x T), and the
// component means and variances (rows x T·d_y, column t·d_y + d).
func (m *MDN) heads(t *ad.Tape, x *ad.Var) (logW, mu, v *ad.Var) {
	T, k := m.Cfg.T, m.Cfg.T*m.dy
	out := m.Net.Forward(t, x)
	logW = t.RowLogSoftmax(t.SliceCols(out, 0, T))
	mu = t.SliceCols(out, T, T+k)
	v = flooredVar(t, t.SliceCols(out, T+k, T+2*k))
	return logW, mu, v
}

// componentLogLik returns log softmax(π)_t + Σ_d log N(y_d | μ_td, v_td)
// (rows x T) for y (rows x d_y).
func (m *MDN) componentLogLik(t *ad.Tape, x, y *ad.Var) *ad.Var {
	logW, mu, v := m.heads(t, x)
	T, dy := m.Cfg.T, m.dy
	ys := make([]*ad.Var, T)
	for i := range ys {
		ys[i] = y
	}
	lp := t.GaussLogPdf(t.ConcatCols(ys...), mu, v) // rows x T·d_y
	if dy > 1 {
		// Row-major reshape: row i·T + t holds component t's outputs of point i.
		b := x.Rows()
		lp = t.Reshape(t.RowSum(t.Reshape(lp, b*T, dy)), b, T)
	}
	return t.Add(logW, lp)
}

// Objective implements Model: (1/b) Σ_i LSE_t(log softmax(π(x_i))_t +
// Σ_d log N(y_id | μ_td, v_td)) (models.md §6.5, §0.3; no global term).
func (m *MDN) Objective(t *ad.Tape, s Step) *ad.Var {
	X, Y := s.X, s.Y
	return t.Mean(t.RowLogSumExp(m.componentLogLik(t, t.Const(X), t.Const(Y))))
}

// predict returns the mixture weights (N x T) and the component means and
// variances (N x T·d_y) at the rows of X, off tape.
func (m *MDN) predict(X *mat.Dense) (w, mu, v *mat.Dense) {
	n, _ := X.Dims()
	T, k := m.Cfg.T, m.Cfg.T*m.dy
	w, mu, v = mat.NewDense(n, T, nil), mat.NewDense(n, k, nil), mat.NewDense(n, k, nil)
	t := noGradTape()
	forBatches(X, func(i0, i1 int, Xb *mat.Dense) {
		t.Reset()
		logW, a, b := m.heads(t, t.Const(Xb))
		w.Slice(i0, i1, 0, T).(*mat.Dense).Copy(t.Exp(logW).Val)
		mu.Slice(i0, i1, 0, k).(*mat.Dense).Copy(a.Val)
		v.Slice(i0, i1, 0, k).(*mat.Dense).Copy(b.Val)
	})
	return w, mu, v
}

// Sample implements Model (models.md §6.5): per sample and point draw
// t ~ Cat(softmax π(x*)), then y*_d ~ N(μ_td, v_td) for every output. MDN
// has no latent f, so F is nil.
func (m *MDN) Sample(X *mat.Dense, P int, rng *rand.Rand) (Y, F *mat.Dense) {
	w, mu, v := m.predict(X)
	n, _ := X.Dims()
	dy := m.dy
	Y = mat.NewDense(P, n*dy, nil)
	for p := 0; p < P; p++ {
		row := Y.RawRowView(p)
		for i := 0; i < n; i++ {
			c := categorical(w.RawRowView(i), rng.Float64())
			for d := 0; d < dy; d++ {
				j := c*dy + d
				row[i*dy+d] = mu.At(i, j) + rng.NormFloat64()*math.Sqrt(v.At(i, j))
			}
		}
	}
	return Y, nil
}

// categorical returns the index k with Σ_{j<k} w_j <= u < Σ_{j<=k} w_j for
// weights w summing to one (the last index absorbs round-off).
func categorical(w []float64, u float64) int {
	acc := 0.0
	for k, x := range w[:len(w)-1] {
		acc += x
		if u < acc {
			return k
		}
	}
	return len(w) - 1
}

// LogDensity implements LogDensityer: the exact mixture log density
// LSE_t(log softmax(π)_t + Σ_d log N(y_d | μ_td, v_td)) per test point.
func (m *MDN) LogDensity(X, Y *mat.Dense) []float64 {
	n, _ := X.Dims()
	out := make([]float64, n)
	t := noGradTape()
	forBatches(X, func(i0, i1 int, Xb *mat.Dense) {
		t.Reset()
		Yb := Y.Slice(i0, i1, 0, m.dy)
		l := t.RowLogSumExp(m.componentLogLik(t, t.Const(Xb), t.Const(Yb)))
		copy(out[i0:i1], l.Val.RawMatrix().Data)
	})
	return out
}

// Diagnostics implements Diagnoser, over the training points (first 2000):
// the mean largest mixture weight, the mean effective number of components
// exp(entropy of the weights), and the fraction of dead ReLUs per hidden
// layer.
func (m *MDN) Diagnostics(X, Y *mat.Dense) map[string]float64 {
	X, _ = diagSubset(X, Y)
	w, _, _ := m.predict(X)
	n, _ := w.Dims()
	var maxW, eff float64
	for i := 0; i < n; i++ {
		top, h := 0.0, 0.0
		for _, x := range w.RawRowView(i) {
			top = max(top, x)
			if x > 0 {
				h -= x * math.Log(x)
			}
		}
		maxW += top
		eff += math.Exp(h)
	}
	out := map[string]float64{"max_weight_mean": maxW / float64(n), "effective_components": eff / float64(n)}
	deadReLUs(out, "net", m.Net, X)
	return out
}
