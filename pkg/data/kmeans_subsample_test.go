package data

import (
	"slices"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// TestKMeansSubsampleSeeded: the 1e5-row subsample of a large input
// (models.md §1.8, A-35; nytaxi's 1.28M training rows) holds distinct rows,
// is the same for the same seed and differs for another.
func TestKMeansSubsampleSeeded(t *testing.T) {
	n := kmeansMaxRows + 5000
	X := mat.NewDense(n, 1, nil)
	for i := range n {
		X.Set(i, 0, float64(i)) // row i holds i, so a row's value is its index
	}
	pick := func(seed uint64) []float64 {
		var v []float64
		for _, p := range kmeansRows(X, newRNG(seed, streamKMeans)) {
			v = append(v, p[0])
		}
		return v
	}
	a, b, c := pick(7), pick(7), pick(8)
	if !slices.Equal(a, b) {
		t.Fatal("same seed, different subsamples")
	}
	if slices.Equal(a, c) {
		t.Fatal("seeds 7 and 8 give the same subsample")
	}
	s := slices.Clone(a)
	slices.Sort(s)
	if len(slices.Compact(s)) != kmeansMaxRows {
		t.Fatal("the subsample repeats rows")
	}
	if slices.Equal(a[:100], s[:100]) {
		t.Fatal("the subsample is the first rows in order, not a random sample")
	}
}
