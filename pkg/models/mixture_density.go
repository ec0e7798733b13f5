package models

import (
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/mat"
)

var _ MixturePredictor = (*SMGP)(nil)

// PredictiveMixture implements MixturePredictor for SMGP and DAGP
// (models.md §4.4): per component a draw of the assignment logits
// a* ~ q(a*) and its weights w* (Concrete_λ, or one-hot with
// hard_predict), as Sample draws them; given w*, y* = Σ_t w*_t (μ^f_t +
// z_t √(ν^f_t + σ_t² + ε_r)) is Gaussian with mean Σ_t w*_t μ^f_t and
// variance Σ_t w*_t² (ν^f_t + σ_t² + ε_r). Sample draws the z_t between
// the points, so with the same generator the components follow Sample's
// distribution but are not its draws.
func (m *SMGP) PredictiveMixture(X *mat.Dense, P int, rng *rand.Rand) (Mu, V *mat.Dense) {
	n, _ := X.Dims()
	T := m.Cfg.T
	mm := m.marginals(X)
	s2 := m.Noise.Value().RawRowView(0)
	Mu, V = mat.NewDense(P, n, nil), mat.NewDense(P, n, nil)
	a, g, w := make([]float64, T), make([]float64, T), make([]float64, T)
	for p := 0; p < P; p++ {
		mu, v := Mu.RawRowView(p), V.RawRowView(p)
		for i := 0; i < n; i++ {
			muF, nuF := mm.muF.RawRowView(i), mm.nuF.RawRowView(i)
			m.drawWeights(w, a, g, mm.muA.RawRowView(i), mm.nuA.RawRowView(i), rng)
			var ms, vs float64
			for k, wk := range w {
				ms += wk * muF[k]
				vs += wk * wk * (nuF[k] + s2[k] + EpsR)
			}
			mu[i], v[i] = ms, vs
		}
	}
	return Mu, V
}

// MixtureLogDensity returns, per row of X, the log density of the row of Y
// under mp's predictive mixture of P components drawn from rng:
// log (1/P) Σ_p Π_d N(y_d | μ_pd, v_pd), the model's own predictive
// density for the models with no closed form (SMGP and DAGP: a mixture
// over the assignment draws; SLGP, GPCDE and CVAE: over latent draws).
// Unlike the KDE of samples it has no bandwidth: a point far out is
// scored by the widest components' Gaussian tails.
func MixtureLogDensity(mp MixturePredictor, X, Y *mat.Dense, P int, rng *rand.Rand) []float64 {
	n, dy := Y.Dims()
	Mu, V := mp.PredictiveMixture(X, P, rng)
	out := make([]float64, n)
	lp := make([]float64, P)
	const halfLog2Pi = 0.9189385332046727
	for i := 0; i < n; i++ {
		y := Y.RawRowView(i)
		mx := math.Inf(-1)
		for p := 0; p < P; p++ {
			mu, v := Mu.RawRowView(p)[i*dy:(i+1)*dy], V.RawRowView(p)[i*dy:(i+1)*dy]
			s := 0.0
			for d := range dy {
				r := y[d] - mu[d]
				s -= halfLog2Pi + 0.5*math.Log(v[d]) + 0.5*r*r/v[d]
			}
			lp[p] = s
			mx = math.Max(mx, s)
		}
		if math.IsInf(mx, -1) || math.IsNaN(mx) {
			out[i] = mx
			continue
		}
		sum := 0.0
		for _, s := range lp {
			sum += math.Exp(s - mx)
		}
		out[i] = mx + math.Log(sum/float64(P))
	}
	return out
}
