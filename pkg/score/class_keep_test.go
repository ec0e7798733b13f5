package score

import (
	"context"
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/mgpteam/mgp/pkg/inputerr"
	"gonum.org/v1/gonum/mat"
)

// TestClassEvaluateKeepsLogDensities: with a matrix to keep them, the
// per-class scoring fills each point's log density per output (each row
// sums to minus that point's NLL, bit for bit the sum the NLL is made
// of), under both KDE estimators, with the same metrics as without it; the
// joint estimator, which has no per-output densities, refuses it with an
// InputError, and a matrix of the wrong shape is refused.
func TestClassEvaluateKeepsLogDensities(t *testing.T) {
	const n, dx, dy, P = 8, 2, 3, 40
	X, Y := cyclicClassData(n, dx, dy, rand.New(rand.NewPCG(7, 8)))
	sigma := []float64{1, 2, 0.7}
	for _, est := range []string{EstimatorKDE, EstimatorKDEClipped} {
		keep := mat.NewDense(n, dy, nil)
		met, nll, err := classEvaluatePoints(context.Background(), &classStub{dy: dy}, X, Y, sigma, P, 3, est, keep)
		if err != nil {
			t.Fatal(err)
		}
		plain, err := classMetrics(context.Background(), &classStub{dy: dy}, X, Y, sigma, P, 3, est)
		if err != nil {
			t.Fatal(err)
		}
		if met != plain {
			t.Errorf("%s: metrics %+v with the log densities kept, %+v without", est, met, plain)
		}
		for i := 0; i < n; i++ {
			s := 0.0
			for _, v := range keep.RawRowView(i) {
				s += v
			}
			if s == 0 || -s != nll[i] {
				t.Errorf("%s: point %d: kept log densities sum to %v, its NLL is %v", est, i, s, nll[i])
			}
		}
	}
	_, _, err := classEvaluatePoints(context.Background(), &classStub{dy: dy}, X, Y, sigma, P, 3, EstimatorJoint, mat.NewDense(n, dy, nil))
	var ie *inputerr.Error
	if !errors.As(err, &ie) {
		t.Errorf("joint estimator with per-output densities: err %v, want an inputerr.Error", err)
	}
	if _, _, err := classEvaluatePoints(context.Background(), &classStub{dy: dy}, X, Y, sigma, P, 3, EstimatorKDE, mat.NewDense(n, dy+1, nil)); err == nil {
		t.Error("no error for a keep matrix of the wrong shape")
	}
}
