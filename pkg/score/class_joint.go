package score

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/mgpteam/mgp/pkg/models"
	"gonum.org/v1/gonum/mat"
)

// ClassJointNLL returns each test point's NLL under the joint estimator of
// models.md §9.4 (A-46, the option beside ClassKDENLL):
//
//	-log (1/P) Σ_p Π_d N(y_d | μ_pd, v_pd),
//
// the P components (models.MixturePredictor) drawn once per distinct input
// row of X, in order of first appearance, from rng. The sum over outputs
// is taken in the log domain and the mean over components by a shifted
// log-sum-exp, so 784 pixels do not underflow. Models without Gaussian
// components (not a MixturePredictor) are an error.
func ClassJointNLL(m models.Model, X, Y *mat.Dense, P int, rng *rand.Rand) ([]float64, error) {
	nll, _, err := classJointScores(context.Background(), m, X, Y, P, rng)
	return nll, err
}

// classJointScores returns ClassJointNLL's per-point values and the squared
// errors of the mixture's mean (the average of the P component means; n x
// d_y, standardised scale). ctx is checked before each class.
func classJointScores(ctx context.Context, m models.Model, X, Y *mat.Dense, P int, rng *rand.Rand) ([]float64, *mat.Dense, error) {
	mp, ok := m.(models.MixturePredictor)
	if !ok {
		return nil, nil, fmt.Errorf("ClassJointNLL: model %s has no Gaussian mixture predictive: the joint estimator needs one (SLGP); use the KDE", m.Name())
	}
	n, dx := X.Dims()
	ny, dy := Y.Dims()
	if ny != n || P < 1 {
		return nil, nil, fmt.Errorf("ClassJointNLL: %d input rows, %d output rows, %d components", n, ny, P)
	}
	nll := make([]float64, n)
	sq := mat.NewDense(n, dy, nil)
	mean := make([]float64, dy)
	done := make([]bool, n)
	logs := make([]float64, P)
	for i0 := 0; i0 < n; i0++ {
		if done[i0] {
			continue
		}
		if err := ctx.Err(); err != nil {
			return nil, nil, err
		}
		key := rowKey(X.RawRowView(i0))
		xc := mat.NewDense(1, dx, nil)
		xc.SetRow(0, X.RawRowView(i0))
		Mu, V := mp.PredictiveMixture(xc, P, rng) // P x d_y
		if r, c := Mu.Dims(); r != P || c != dy {
			return nil, nil, fmt.Errorf("ClassJointNLL: the model returned %dx%d components for %d x %d", r, c, P, dy)
		}
		norm := make([]float64, P) // Σ_d -½ log(2π v_pd)
		clear(mean)
		for p := 0; p < P; p++ {
			for _, v := range V.RawRowView(p) {
				norm[p] -= 0.5 * math.Log(2*math.Pi*v)
			}
			for d, v := range Mu.RawRowView(p) {
				mean[d] += v / float64(P)
			}
		}
		for i := i0; i < n; i++ {
			if done[i] || rowKey(X.RawRowView(i)) != key {
				continue
			}
			done[i] = true
			y := Y.RawRowView(i)
			for d, yd := range y {
				e := mean[d] - yd
				sq.Set(i, d, e*e)
			}
			top := math.Inf(-1)
			for p := 0; p < P; p++ {
				l := norm[p]
				mu, v := Mu.RawRowView(p), V.RawRowView(p)
				for d, yd := range y {
					e := yd - mu[d]
					l -= e * e / (2 * v[d])
				}
				logs[p] = l
				top = max(top, l)
			}
			s := 0.0
			for _, l := range logs {
				s += math.Exp(l - top)
			}
			nll[i] = -(top + math.Log(s) - math.Log(float64(P)))
		}
	}
	return nll, sq, nil
}
