package fit_test

import (
	"context"
	"fmt"
	"log"
	"math"
	"math/rand/v2"

	"github.com/mgpteam/mgp/pkg/fit"
	"gonum.org/v1/gonum/mat"
)

// SHGP on 400 points of y = sin(x) + noise whose sd grows with x: fitted on
// 300 (1000 full-batch iterations, about a second), its 90 % predictive
// intervals cover 86 to 87 of the 100 held out, by BLAS kernel: 1000 Adam
// steps carry the kernels' last-bit differences into the fit, so the
// Example prints whether the coverage is near 90 % (0.80 to 0.95), not the
// count (TestExampleMargin checks it lies clear of both ends).
func Example() {
	r := rand.New(rand.NewPCG(1, 2))
	X, Y := mat.NewDense(400, 1, nil), mat.NewDense(400, 1, nil)
	for i := range 400 {
		X.Set(i, 0, 6*r.Float64())
		Y.Set(i, 0, math.Sin(X.At(i, 0))+(0.05+0.1*X.At(i, 0))*r.NormFloat64())
	}
	m, err := fit.NewWith(fit.SHGP{M: 20}, fit.Options{Iterations: 1000, Seed: 1, LR: 0.01})
	if err != nil {
		log.Fatal(err)
	}
	if err := m.Fit(context.Background(), X.Slice(0, 300, 0, 1), Y.Slice(0, 300, 0, 1)); err != nil {
		log.Fatal(err)
	}
	cov, err := m.Coverage(context.Background(), X.Slice(300, 400, 0, 1), Y.Slice(300, 400, 0, 1), 0.9, fit.PredictOptions{})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("90%% interval coverage between 0.80 and 0.95: %v\n", cov >= 0.8 && cov <= 0.95)
	// Output:
	// 90% interval coverage between 0.80 and 0.95: true
}

// Predict returns the predictive mean, sd and the requested quantiles per
// input, on the original scale (here of a short SGP fit to y = 2x).
func ExampleModel_Predict() {
	X, err := fit.Rows([][]float64{{0}, {1}, {2}, {3}, {4}, {5}, {6}, {7}, {8}, {9}})
	if err != nil {
		log.Fatal(err)
	}
	Y := mat.NewDense(10, 1, []float64{0, 2, 4, 6, 8, 10, 12, 14, 16, 18})
	m, err := fit.NewWith(fit.SGP{M: 5}, fit.Options{Iterations: 200, Seed: 1, LR: 0.05})
	if err != nil {
		log.Fatal(err)
	}
	if err := m.Fit(context.Background(), X, Y); err != nil {
		log.Fatal(err)
	}
	p, err := m.Predict(context.Background(), mat.NewDense(1, 1, []float64{4.5}), fit.PredictOptions{Quantiles: []float64{0.05, 0.95}})
	if err != nil {
		log.Fatal(err)
	}
	fmt.Printf("at x = 4.5: mean %.0f, 5%% quantile < mean < 95%% quantile: %v\n", p.Mean.At(0, 0),
		p.Quantiles[0].At(0, 0) < p.Mean.At(0, 0) && p.Mean.At(0, 0) < p.Quantiles[1].At(0, 0))
	// Output:
	// at x = 4.5: mean 9, 5% quantile < mean < 95% quantile: true
}
