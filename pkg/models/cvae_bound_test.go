package models

import (
	"math"
	"math/rand/v2"
	"testing"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"github.com/mgpteam/mgp/pkg/autodiff/adtest"
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/stat"
)

// cvaeLogLikIS estimates log p(y | x) = log ∫ p(y | x, w) p(w | x) dw at
// one point by importance sampling with K draws from q(w | x, y):
// LSE_k(log p(y | x, w_k) + log p(w_k | x) - log q(w_k | x, y)) - log K,
// with p(w | x) = N(μ^p, v^p + ε_d) and q = N(μ^q, v^q + ε_d), the
// distributions whose KL enters the ELBO (models.md §5.5, §6.6). It also
// returns the standard error of the estimate (delta method on the mean of
// the weights).
func cvaeLogLikIS(m *CVAE, x, y *mat.Dense, K int, rng *rand.Rand) (est, se float64) {
	t := noGradTape()
	xv, yv := t.Const(x), t.Const(y)
	muQ, vQ := m.W.post(t, xv, yv)
	muP, vP := m.W.prior(t, xv)
	w := reparam(t, t.Tile(muQ, K), t.Tile(vQ, K), t.Const(adtest.Rand(rng, K, m.Cfg.DW)))
	muD, vD := m.likelihood(t, t.ConcatCols(t.Tile(xv, K), w))
	lw := make([]float64, K)
	for k := range lw {
		for d := 0; d < m.dy; d++ {
			v := vD.Val.At(0, 0)
			if m.Noise == nil {
				v = vD.Val.At(k, d)
			}
			lw[k] += gaussLogPdf(y.At(0, d), muD.Val.At(k, d), v)
		}
		for j := 0; j < m.Cfg.DW; j++ {
			wj := w.Val.At(k, j)
			lw[k] += gaussLogPdf(wj, muP.Val.At(0, j), vP.Val.At(0, j)+EpsD)
			lw[k] -= gaussLogPdf(wj, muQ.Val.At(0, j), vQ.Val.At(0, j)+EpsD)
		}
	}
	lse := floats.LogSumExp(lw)
	r := make([]float64, K)
	for k, l := range lw {
		r[k] = math.Exp(l-lse) * float64(K) // weights over their mean
	}
	return lse - math.Log(float64(K)), stat.StdDev(r, nil) / math.Sqrt(float64(K))
}

// cvaeLogLikGrid computes the same log p(y | x) for d_w = 1 by the
// trapezoid rule on a grid of G points over μ^p ± 12 prior sds.
func cvaeLogLikGrid(m *CVAE, x, y *mat.Dense, G int) float64 {
	t := noGradTape()
	xv := t.Const(x)
	muP, vP := m.W.prior(t, xv)
	mp, vp := muP.Val.At(0, 0), vP.Val.At(0, 0)+EpsD
	lo, h := mp-12*math.Sqrt(vp), 24*math.Sqrt(vp)/float64(G-1)
	W := mat.NewDense(G, 1, nil)
	for g := 0; g < G; g++ {
		W.Set(g, 0, lo+float64(g)*h)
	}
	muD, vD := m.likelihood(t, t.ConcatCols(t.Tile(xv, G), t.Const(W)))
	lf := make([]float64, G)
	for g := range lf {
		lf[g] = gaussLogPdf(W.At(g, 0), mp, vp) + math.Log(h)
		if g == 0 || g == G-1 {
			lf[g] += math.Log(0.5)
		}
		for d := 0; d < m.dy; d++ {
			v := vD.Val.At(0, 0)
			if m.Noise == nil {
				v = vD.Val.At(g, d)
			}
			lf[g] += gaussLogPdf(y.At(0, d), muD.Val.At(g, d), v)
		}
	}
	return floats.LogSumExp(lf)
}

// TestCVAEELBOBelowLogLikelihood: on a small CVAE (d_x = 1, d_y = 2,
// d_w = 1, MLPs [16, 16]) trained briefly on two-branch data, the per-point
// ELBO that Objective computes (one point at a time, S = 20000 samples) is
// at or below an importance-sampled estimate of log p(y | x) with 20000
// draws from q(w | x, y), which is in turn at or below log p(y | x) from a
// 4001-point grid quadrature over w: ELBO <= IS_K <= log p (Burda et al.'s
// ordering; the IS estimate falls short of the grid where q misses part of
// the true posterior). Measured on 12 points: log p - ELBO 0.11-0.89 nats
// (mean 0.33, the KL from q to the true posterior); IS within 0.063 of the
// grid, above it by at most 1.4 standard errors.
func TestCVAEELBOBelowLogLikelihood(t *testing.T) {
	rng := rand.New(rand.NewPCG(81, 82))
	const n = 120
	X, Y := mat.NewDense(n, 1, nil), mat.NewDense(n, 2, nil)
	for i := 0; i < n; i++ {
		x := 2*rng.Float64() - 1
		s := float64(2*(i%2) - 1) // two branches: y = ±(x, x² + 0.5) + noise
		X.Set(i, 0, x)
		Y.Set(i, 0, s*x+0.1*rng.NormFloat64())
		Y.Set(i, 1, s*(0.5+x*x)+0.1*rng.NormFloat64())
	}
	cfg := CVAEConfig{Hidden: []int{16, 16}, DW: 1, S: 10, Decoder: decoderHetero, NoiseInit: 1}
	m, err := NewCVAE(cfg, Spec{X: X, Y: Y, Seed: 3})
	if err != nil {
		t.Fatal(err)
	}
	fitNN(t, m, X, Y, 600, 0, 0)
	const K = 20000
	m.Cfg.S = K
	tp := ad.NewTape()
	var gaps []float64
	for i := 0; i < 12; i++ {
		x, y := mat.NewDense(1, 1, X.RawRowView(i)), mat.NewDense(1, 2, Y.RawRowView(i))
		tp.Reset()
		elbo := m.Objective(tp, Step{X: x, Y: y, N: n, Rng: rand.New(rand.NewPCG(uint64(i), 1))}).Scalar()
		is, se := cvaeLogLikIS(m, x, y, K, rand.New(rand.NewPCG(uint64(i), 2)))
		grid := cvaeLogLikGrid(m, x, y, 4001)
		t.Logf("point %2d: ELBO %.4f  log p IS %.4f ± %.4f  grid %.4f", i, elbo, is, se, grid)
		// ELBO <= IS: the ELBO's own Monte Carlo error at S = 20000 is
		// below 0.01 here, the estimate's is se.
		if elbo > is+4*se+0.01 {
			t.Errorf("point %d: ELBO %.5f above the importance-sampled log-likelihood %.5f ± %.5f", i, elbo, is, se)
		}
		// IS <= log p: the estimate is biased low, never high beyond its
		// noise (1e-3 allows for the grid's error).
		if is > grid+4*se+1e-3 {
			t.Errorf("point %d: IS estimate %.5f ± %.5f above the quadrature %.5f", i, is, se, grid)
		}
		gaps = append(gaps, grid-elbo)
	}
	t.Logf("log p - ELBO: mean %.4f, min %.4f, max %.4f", stat.Mean(gaps, nil), floats.Min(gaps), floats.Max(gaps))
}
