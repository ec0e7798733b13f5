package data

import (
	"fmt"
	"math"
	"strings"

	"gonum.org/v1/gonum/mat"
)

// Toy sizes and noise levels of models.md §9.1.
const (
	heteroN     = 1000 // training points of the heteroscedastic case
	stepN       = 500  // training points of the step case
	moonsN      = 200  // training points of the moons case (make_moons n_samples)
	toyTestN    = 500  // test inputs of every toy case
	stepNoise   = 0.01 // sd of the step case's noise (variance 1e-4)
	moonsNoise  = 0.05 // sd of make_moons' noise on both coordinates
	stepCutover = 0.5  // the step sits at x = 0.5
)

// ToyTestSeedOffset is added to a toy case's training seed to get the seed of
// its held-out test draw (a fresh draw of the same generator), so that the
// trainer and the tests that score a toy fit draw the same test set.
const ToyTestSeedOffset = 1_000_003

// ToyNames returns the names accepted by [Toy].
func ToyNames() []string { return []string{"hetero", "step", "moons"} }

// Toy generates toy case name (one of [ToyNames]) with the given seed, as in
// models.md §9.1. It returns the raw (unstandardised) training set, N×1 inputs
// and N×1 outputs, and the raw test inputs (500×1):
//
//   - hetero: x = linspace(-2, 2, 1000), y = cos(5x) e^{-x/2} + g(x) ξ with
//     g = [HeteroNoiseStd]; test inputs linspace(-2, 2, 500).
//   - step: x = linspace(0, 1, 500), y = 1[x ≥ 0.5] + 0.01 ξ; test inputs
//     linspace(0, 1, 500).
//   - moons: a make_moons clone with n = 200 and noise 0.05, rows shuffled
//     before the noise is added; x is the first coordinate and y the second;
//     test inputs are 500 evenly spaced points over [min x, max x].
//
// The same seed always gives the same numbers.
func Toy(name string, seed uint64) (train *Dataset, testX *mat.Dense, err error) {
	var x, y, xt []float64
	switch name {
	case "hetero":
		x, y, xt = toyHetero(seed)
	case "step":
		x, y, xt = toyStep(seed)
	case "moons":
		x, y, xt = toyMoons(seed)
	default:
		return nil, nil, fmt.Errorf("data: unknown toy case %q; known cases: %s",
			name, strings.Join(ToyNames(), ", "))
	}
	train = &Dataset{
		Name:   name,
		X:      mat.NewDense(len(x), 1, x),
		Y:      mat.NewDense(len(y), 1, y),
		XNames: []string{"x"},
		YName:  "y",
		Source: fmt.Sprintf("toy generator %q, seed %d", name, seed),
	}
	return train, mat.NewDense(len(xt), 1, xt), nil
}

// HeteroNoiseStd returns the true noise standard deviation of the
// heteroscedastic toy at x: 0.25 (cos(6x) + 1) e^{-x} (the form of [C], A-7).
func HeteroNoiseStd(x float64) float64 {
	return 0.25 * (math.Cos(6*x) + 1) * math.Exp(-x)
}

// heteroMean is the noise-free mean of the heteroscedastic toy.
func heteroMean(x float64) float64 {
	return math.Cos(5*x) * math.Exp(-x/2)
}

// toyHetero returns inputs, outputs and test inputs of the heteroscedastic toy.
func toyHetero(seed uint64) (x, y, xt []float64) {
	r := newRNG(seed, streamToy)
	x = linspace(-2, 2, heteroN)
	y = make([]float64, len(x))
	for i, xi := range x {
		y[i] = heteroMean(xi) + HeteroNoiseStd(xi)*r.NormFloat64()
	}
	return x, y, linspace(-2, 2, toyTestN)
}

// toyStep returns inputs, outputs and test inputs of the step toy.
func toyStep(seed uint64) (x, y, xt []float64) {
	r := newRNG(seed, streamToy)
	x = linspace(0, 1, stepN)
	y = make([]float64, len(x))
	for i, xi := range x {
		if xi >= stepCutover {
			y[i] = 1
		}
		y[i] += stepNoise * r.NormFloat64()
	}
	return x, y, linspace(0, 1, toyTestN)
}

// toyMoons returns inputs, outputs and test inputs of the moons toy: the
// noiseless arcs, shuffled, then N(0, 0.05²) noise on both coordinates, drawn
// row by row (x then y), as make_moons does.
func toyMoons(seed uint64) (x, y, xt []float64) {
	r := newRNG(seed, streamToy)
	px, py, _ := moonsNoiseless(moonsN)
	perm := permutation(r, moonsN)
	x = make([]float64, moonsN)
	y = make([]float64, moonsN)
	for i, p := range perm {
		x[i] = px[p]
		y[i] = py[p]
	}
	for i := range x {
		x[i] += moonsNoise * r.NormFloat64()
		y[i] += moonsNoise * r.NormFloat64()
	}
	lo, hi := x[0], x[0]
	for _, v := range x {
		lo = math.Min(lo, v)
		hi = math.Max(hi, v)
	}
	return x, y, linspace(lo, hi, toyTestN)
}

// moonsNoiseless returns the two make_moons arcs before shuffling and noise:
// n/2 outer points (cos t, sin t) followed by n - n/2 inner points
// (1 - cos t, 1 - sin t - 0.5), each with t = linspace(0, π, count).
// outer[i] says which arc point i is on.
func moonsNoiseless(n int) (x, y []float64, outer []bool) {
	nOut := n / 2
	nIn := n - nOut
	x = make([]float64, 0, n)
	y = make([]float64, 0, n)
	outer = make([]bool, 0, n)
	for _, t := range linspace(0, math.Pi, nOut) {
		x = append(x, math.Cos(t))
		y = append(y, math.Sin(t))
		outer = append(outer, true)
	}
	for _, t := range linspace(0, math.Pi, nIn) {
		x = append(x, 1-math.Cos(t))
		y = append(y, 1-math.Sin(t)-0.5)
		outer = append(outer, false)
	}
	return x, y, outer
}

// linspace returns n evenly spaced values from a to b inclusive, like
// numpy.linspace: a + i·(b-a)/(n-1), with the last value exactly b.
func linspace(a, b float64, n int) []float64 {
	v := make([]float64, n)
	if n == 1 {
		v[0] = a
		return v
	}
	step := (b - a) / float64(n-1)
	for i := range v {
		v[i] = a + float64(i)*step
	}
	if n > 1 {
		v[n-1] = b
	}
	return v
}
