package models

import (
	"fmt"
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/mat"
)

// Prediction, Fig. 3(ii) and diagnostics of the mixture of GP experts
// (SMGP, DAGP; models.md §4.4, §4.5).

// mixMarginals are the marginals of q(f^t) and q(a^t) at some inputs, each
// N x T.
type mixMarginals struct {
	muF, nuF, muA, nuA *mat.Dense
}

// marginals computes the expert and logit marginals at the rows of X off
// tape, in blocks of predictBatch rows.
func (m *SMGP) marginals(X *mat.Dense) mixMarginals {
	n, _ := X.Dims()
	T := m.Cfg.T
	mm := mixMarginals{mat.NewDense(n, T, nil), mat.NewDense(n, T, nil), mat.NewDense(n, T, nil), mat.NewDense(n, T, nil)}
	t := noGradTape()
	forBatches(X, func(i0, i1 int, Xb *mat.Dense) {
		t.Reset()
		x := t.Const(Xb)
		muF, nuF := m.F.Marginals(t, m.F.Prior(t), x)
		muA, nuA := m.A.Marginals(t, m.A.Prior(t), x)
		mm.muF.Slice(i0, i1, 0, T).(*mat.Dense).Copy(muF.Val)
		mm.nuF.Slice(i0, i1, 0, T).(*mat.Dense).Copy(nuF.Val)
		mm.muA.Slice(i0, i1, 0, T).(*mat.Dense).Copy(muA.Val)
		mm.nuA.Slice(i0, i1, 0, T).(*mat.Dense).Copy(nuA.Val)
	})
	return mm
}

// Sample implements Model (models.md §4.4, A-30): for every sample and test
// point, fresh a* ~ q(a*) (μ^a + z√(ν^a + ε_r)), w* = Concrete_λ(a*) (or,
// with hard_predict, onehot(argmax(a* + g))), and one z_t per expert;
// y* = Σ_t w*_t (μ^f_t + z_t √(ν^f_t + σ_t² + ε_r)) and
// f* = Σ_t w*_t (μ^f_t + z_t √(ν^f_t + ε_r)), the same z_t.
func (m *SMGP) Sample(X *mat.Dense, P int, rng *rand.Rand) (Y, F *mat.Dense) {
	n, _ := X.Dims()
	T := m.Cfg.T
	mm := m.marginals(X)
	s2 := m.Noise.Value().RawRowView(0)
	Y, F = mat.NewDense(P, n, nil), mat.NewDense(P, n, nil)
	a, g, w := make([]float64, T), make([]float64, T), make([]float64, T)
	for p := 0; p < P; p++ {
		yRow, fRow := Y.RawRowView(p), F.RawRowView(p)
		for i := 0; i < n; i++ {
			muF, nuF := mm.muF.RawRowView(i), mm.nuF.RawRowView(i)
			m.drawWeights(w, a, g, mm.muA.RawRowView(i), mm.nuA.RawRowView(i), rng)
			var ys, fs float64
			for k := range w {
				z := rng.NormFloat64()
				ys += w[k] * (muF[k] + z*math.Sqrt(nuF[k]+s2[k]+EpsR))
				fs += w[k] * (muF[k] + z*math.Sqrt(nuF[k]+EpsR))
			}
			yRow[i], fRow[i] = ys, fs
		}
	}
	return Y, F
}

// drawWeights draws one point's assignment: logits a* ~ N(muA, nuA + ε_r)
// and Gumbel noise g (in that order from rng), then the weights w* =
// Concrete_λ(a*) or, with hard_predict, onehot(argmax(a* + g)); a and g
// are scratch of length T.
func (m *SMGP) drawWeights(w, a, g, muA, nuA []float64, rng *rand.Rand) {
	for k := range a {
		a[k] = muA[k] + rng.NormFloat64()*math.Sqrt(nuA[k]+EpsR)
	}
	for k := range g {
		g[k] = gumbel(rng)
	}
	if m.Cfg.HardPredict {
		oneHotArgmax(w, a, g)
	} else {
		concreteRow(w, a, g, m.Cfg.Lambda)
	}
}

// oneHotArgmax writes onehot(argmax_t(a_t + g_t)) into w: an exact draw
// from Cat(softmax(a)) when g is standard Gumbel (A-29's hard variant).
func oneHotArgmax(w, a, g []float64) {
	best := 0
	for k := range a {
		w[k] = 0
		if a[k]+g[k] > a[best]+g[best] {
			best = k
		}
	}
	w[best] = 1
}

// Experts returns, at the N rows of X, each expert's predictive mean μ^f_t
// and variance ν^f_t + σ_t² (the band of Fig. 3(ii) includes the noise,
// models.md §4.5) and the assignment probabilities softmax(μ^a),
// each N x T.
func (m *SMGP) Experts(X *mat.Dense) (mean, variance, prob *mat.Dense) {
	mm := m.marginals(X)
	n, T := mm.muF.Dims()
	s2 := m.Noise.Value().RawRowView(0)
	variance, prob = mat.NewDense(n, T, nil), mat.NewDense(n, T, nil)
	zero := make([]float64, T)
	for i := 0; i < n; i++ {
		v := variance.RawRowView(i)
		for k, nu := range mm.nuF.RawRowView(i) {
			v[k] = nu + s2[k]
		}
		concreteRow(prob.RawRowView(i), mm.muA.RawRowView(i), zero, 1)
	}
	return mm.muF, variance, prob
}

// Diagnostics implements Diagnoser, over the training points (first 2000):
// each expert's noise variance and its share of the points, the mean over
// the points of softmax(μ^a) (an expert nobody uses has share near 0).
func (m *SMGP) Diagnostics(X, Y *mat.Dense) map[string]float64 {
	X, _ = diagSubset(X, Y)
	_, _, prob := m.Experts(X)
	n, T := prob.Dims()
	out := map[string]float64{}
	for k := 0; k < T; k++ {
		out[fmt.Sprintf("noise_variance_t%d", k+1)] = m.Noise.Value().At(0, k)
		out[fmt.Sprintf("assignment_share_t%d", k+1)] = mat.Sum(prob.ColView(k)) / float64(n)
	}
	return out
}
