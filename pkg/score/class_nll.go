package score

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/mgpteam/mgp/pkg/eval"
	"github.com/mgpteam/mgp/pkg/inputerr"
	"github.com/mgpteam/mgp/pkg/models"
	"github.com/mgpteam/mgp/pkg/results"
	"gonum.org/v1/gonum/mat"
)

// ClassKDENLL returns the Table 4 NLL of each test image (models.md §9.4,
// A-46): -Σ_d log p̂_d(y_d), p̂_d the scaled-Silverman 1-D KDE of the P
// predictive samples of output d (eval.KDELogDensities). The predictive
// depends only on the input row (mnist: the one-hot label), so the model
// draws P samples once per distinct row of X, in order of first appearance,
// from rng, and every test point with that row is scored against them: 10
// calls of Sample(x_c, P) for mnist instead of 7,000 points' worth (the
// 784-output layer on 1.4 million rows). The points of a row are scored
// together (eval.KDELogDensitiesShared: each pixel's bandwidth once, each
// distinct pixel value once), the bits of scoring each alone. The mean of
// the result is the table's per-image NLL.
func ClassKDENLL(m models.Model, X, Y *mat.Dense, P int, rng *rand.Rand) ([]float64, error) {
	nll, _, err := classScores(context.Background(), m, X, Y, P, rng, false, nil)
	return nll, err
}

// The Table 4 NLL estimators (models.md §9.4, A-46) that Evaluate takes
// under Options.PerClass, and mgp eval --nll.
const (
	// EstimatorKDE is the paper's reading: the per-pixel scaled-Silverman
	// KDE of the raw predictive samples (ClassKDENLL).
	EstimatorKDE = "kde"
	// EstimatorJoint is A-46's option: -log of the average over P Gaussian
	// components of the product of the pixels' densities (ClassJointNLL).
	EstimatorJoint = "joint"
	// EstimatorKDEClipped is the KDE of the samples clipped to [0, 1], the
	// range of the pixels (the images Fig. 9 draws, A-49): not the paper's
	// stated estimator, a diagnostic of how much of the table's magnitude
	// the clipping alone buys (clipped samples pile up at 0 and 1, where
	// most pixels are).
	EstimatorKDEClipped = "kde-clipped"
)

// Estimators lists the Table 4 NLL estimators, the paper's first.
var Estimators = []string{EstimatorKDE, EstimatorJoint, EstimatorKDEClipped}

// classEvaluatePoints is Evaluate under Options.PerClass, with each
// point's NLL summed over its outputs (standardised scale) too. keep, when not nil (n x d_y),
// receives every point's log density per output (standardised scale) under
// the KDE estimators; the joint estimator has no per-output densities and
// refuses it.
func classEvaluatePoints(ctx context.Context, m models.Model, X, Y *mat.Dense, sigmaY []float64, P int, seed uint64, estimator string, keep *mat.Dense) (results.Metrics, []float64, error) {
	if err := checkEvalArgs(X, Y, sigmaY, P); err != nil {
		return results.Metrics{}, nil, err
	}
	if keep != nil {
		n, dy := Y.Dims()
		if r, c := keep.Dims(); r != n || c != dy {
			return results.Metrics{}, nil, fmt.Errorf("per-point log densities: a %dx%d matrix for %dx%d outputs", r, c, n, dy)
		}
		if estimator == EstimatorJoint {
			return results.Metrics{}, nil, &inputerr.Error{Err: fmt.Errorf("the %s estimator scores each image as a whole: it has no per-output (per-pixel) log densities to keep", EstimatorJoint)}
		}
	}
	rng := rand.New(rand.NewPCG(seed, 0))
	var nll []float64
	var sq *mat.Dense
	var err error
	switch estimator {
	case "", EstimatorKDE:
		nll, sq, err = classScores(ctx, m, X, Y, P, rng, false, keep)
	case EstimatorKDEClipped:
		nll, sq, err = classScores(ctx, m, X, Y, P, rng, true, keep)
	case EstimatorJoint:
		nll, sq, err = classJointScores(ctx, m, X, Y, P, rng)
	default:
		err = fmt.Errorf("NLL estimator %q: give one of %v", estimator, Estimators)
	}
	if err != nil {
		return results.Metrics{}, nil, err
	}
	n, dy := Y.Dims()
	met := results.Metrics{NTest: n, Samples: P}
	ss := 0.0
	for i, v := range nll {
		met.NLLStd += v / float64(n)
		for d := 0; d < dy; d++ {
			ss += sq.At(i, d) * sigmaY[d] * sigmaY[d]
		}
	}
	met.NLL = met.NLLStd
	for _, s := range sigmaY {
		met.NLL += math.Log(s)
	}
	met.RMSE = math.Sqrt(ss / float64(n*dy))
	return met, nll, nil
}

// classScores returns each point's KDE NLL summed over outputs and the
// squared errors of the sample mean (n x d_y, standardised scale), the
// samples drawn once per distinct row of X (and clipped to [0, 1] first
// when clip is set); keep, when not nil, receives each point's log density
// per output.
func classScores(ctx context.Context, m models.Model, X, Y *mat.Dense, P int, rng *rand.Rand, clip bool, keep *mat.Dense) ([]float64, *mat.Dense, error) {
	n, dx := X.Dims()
	ny, dy := Y.Dims()
	if ny != n {
		return nil, nil, fmt.Errorf("ClassKDENLL: %d input rows, %d output rows", n, ny)
	}
	if P < 2 {
		return nil, nil, fmt.Errorf("ClassKDENLL: %d samples, need at least 2 for a bandwidth", P)
	}
	var members [][]int // the rows of each class in order, the class's first row first
	index := map[string]int{}
	for i := 0; i < n; i++ {
		key := rowKey(X.RawRowView(i))
		c, ok := index[key]
		if !ok {
			c = len(members)
			index[key] = c
			members = append(members, nil)
		}
		members[c] = append(members[c], i)
	}
	nll := make([]float64, n)
	sq := mat.NewDense(n, dy, nil)
	mean := make([]float64, dy)
	for _, rows := range members {
		if err := ctx.Err(); err != nil {
			return nil, nil, err
		}
		xc := mat.NewDense(1, dx, nil)
		xc.SetRow(0, X.RawRowView(rows[0]))
		Ys, _ := m.Sample(xc, P, rng) // P x d_y
		if r, cols := Ys.Dims(); r != P || cols != dy {
			return nil, nil, fmt.Errorf("ClassKDENLL: the model returned %dx%d samples for %d x %d", r, cols, P, dy)
		}
		clear(mean)
		for p := 0; p < P; p++ {
			row := Ys.RawRowView(p)
			for d, v := range row {
				if clip {
					v = min(max(v, 0), 1)
					row[d] = v
				}
				mean[d] += v / float64(P)
			}
		}
		Yc := mat.NewDense(len(rows), dy, nil)
		for k, i := range rows {
			Yc.SetRow(k, Y.RawRowView(i))
		}
		ld, err := eval.KDELogDensitiesShared(Ys, Yc, nil)
		if err != nil {
			return nil, nil, err
		}
		for k, i := range rows {
			s := 0.0
			for d, v := range ld.RawRowView(k) {
				s += v
				e := mean[d] - Y.At(i, d)
				sq.Set(i, d, e*e)
			}
			nll[i] = -s
			if keep != nil {
				keep.SetRow(i, ld.RawRowView(k))
			}
		}
	}
	return nll, sq, nil
}

// rowKey is an exact key for a row of inputs (its float bits).
func rowKey(row []float64) string {
	b := make([]byte, 0, 8*len(row))
	for _, v := range row {
		u := math.Float64bits(v)
		for k := 0; k < 8; k++ {
			b = append(b, byte(u>>(8*k)))
		}
	}
	return string(b)
}
