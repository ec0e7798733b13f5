package data

import (
	"context"
	"math"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// threeClusters returns 3 tight clusters of 40 points around (0,0), (10,0)
// and (0,10), with point jitter in [-0.5, 0.5]², and the cluster means.
func threeClusters() (*mat.Dense, [][2]float64) {
	centres := [][2]float64{{0, 0}, {10, 0}, {0, 10}}
	r := newRNG(42, 0)
	X := mat.NewDense(120, 2, nil)
	means := make([][2]float64, 3)
	for i := range 120 {
		c := i % 3
		x := centres[c][0] + r.Float64() - 0.5
		y := centres[c][1] + r.Float64() - 0.5
		X.Set(i, 0, x)
		X.Set(i, 1, y)
		means[c][0] += x / 40
		means[c][1] += y / 40
	}
	return X, means
}

// cluster returns which of the three clusters a point is near.
func cluster(x, y float64) int {
	switch {
	case x > 5:
		return 1
	case y > 5:
		return 2
	}
	return 0
}

func TestKMeansShapeAndDeterminism(t *testing.T) {
	X, _ := threeClusters()
	for _, M := range []int{1, 3, 50, 120} {
		a, b := KMeans(X, M, 5), KMeans(X, M, 5)
		if r, c := a.Dims(); r != M || c != 2 {
			t.Fatalf("M=%d: got %d×%d", M, r, c)
		}
		if !mat.Equal(a, b) {
			t.Errorf("M=%d: same seed gave different centres", M)
		}
	}
	if mat.Equal(KMeans(X, 10, 1), KMeans(X, 10, 2)) {
		t.Error("seeds 1 and 2 gave identical centres")
	}
}

// TestKMeansThreeClusters: whenever the M = 3 random initial rows hit all
// three clusters, Lloyd must converge to the three cluster means. For the
// other seeds the result must still be a Lloyd fixed point. Single-start
// Lloyd from random rows cannot recover the clusters from every start, so
// the test also requires that several seeds exercise the first branch.
func TestKMeansThreeClusters(t *testing.T) {
	X, means := threeClusters()
	hits := 0
	for seed := range uint64(30) {
		r := newRNG(seed, streamKMeans)
		init, ok := distinctRows(kmeansRows(X, r), 3, r)
		if !ok {
			t.Fatal("distinctRows failed")
		}
		seen := map[int]bool{}
		for _, i := range init {
			seen[cluster(X.At(i, 0), X.At(i, 1))] = true
		}
		C := KMeans(X, 3, seed)
		if len(seen) == 3 {
			hits++
			found := map[int]bool{}
			for k := range 3 {
				cx, cy := C.At(k, 0), C.At(k, 1)
				c := cluster(cx, cy)
				found[c] = true
				if math.Abs(cx-means[c][0]) > 1e-12 || math.Abs(cy-means[c][1]) > 1e-12 {
					t.Errorf("seed %d: centre (%g, %g), want cluster mean %v", seed, cx, cy, means[c])
				}
			}
			if len(found) != 3 {
				t.Errorf("seed %d: centres %v do not cover the three clusters", seed, C.RawMatrix().Data)
			}
		}
		// Fixed point: one more Lloyd step changes nothing.
		D := mat.DenseCopyOf(C)
		pts := kmeansRows(X, newRNG(0, 0))
		if it := lloyd(pts, D, func() bool { return false }); !mat.EqualApprox(C, D, 1e-12) || it > 2 {
			t.Errorf("seed %d: result is not a Lloyd fixed point (%d more iterations)", seed, it)
		}
	}
	if hits < 3 {
		t.Errorf("only %d of 30 seeds started with one row per cluster", hits)
	}
}

// TestKMeansFewDistinct: one-hot style inputs with 2 distinct rows and M = 5
// give 5 rows sampled from the data.
func TestKMeansFewDistinct(t *testing.T) {
	X := mat.NewDense(6, 2, []float64{1, 0, 0, 1, 1, 0, 1, 0, 0, 1, 1, 0})
	C := KMeans(X, 5, 0)
	if r, _ := C.Dims(); r != 5 {
		t.Fatalf("got %d rows, want 5", r)
	}
	for k := range 5 {
		a, b := C.At(k, 0), C.At(k, 1)
		if !(a == 1 && b == 0) && !(a == 0 && b == 1) {
			t.Errorf("row %d = (%g, %g) is not a data row", k, a, b)
		}
	}
}

// TestKMeansEmptyCluster: a centroid that loses its points stays put.
func TestKMeansEmptyCluster(t *testing.T) {
	pts := [][]float64{{0}, {1}, {10}, {11}}
	C := mat.NewDense(3, 1, []float64{0.5, 100, 10.5})
	lloyd(pts, C, func() bool { return false })
	if C.At(1, 0) != 100 || C.At(0, 0) != 0.5 || C.At(2, 0) != 10.5 {
		t.Errorf("centres %v, want [0.5 100 10.5]", C.RawMatrix().Data)
	}
}

// TestKMeansSubsample: above 1e5 rows only a 1e5-row subsample is clustered.
func TestKMeansSubsample(t *testing.T) {
	n := kmeansMaxRows + 7
	X := mat.NewDense(n, 1, nil)
	for i := range n {
		X.Set(i, 0, float64(i%1000))
	}
	pts := kmeansRows(X, newRNG(1, streamKMeans))
	if len(pts) != kmeansMaxRows {
		t.Fatalf("subsample has %d rows", len(pts))
	}
	C := KMeans(X, 2, 1)
	if r, _ := C.Dims(); r != 2 {
		t.Fatalf("got %d rows", r)
	}
	lo, hi := math.Min(C.At(0, 0), C.At(1, 0)), math.Max(C.At(0, 0), C.At(1, 0))
	// Two clusters of uniform values on 0..999 sit near 250 and 750.
	if math.Abs(lo-249.5) > 10 || math.Abs(hi-749.5) > 10 {
		t.Errorf("centres %g, %g, want about 250 and 750", lo, hi)
	}
}

// TestKMeansCtxStops checks that a cancelled context stops Lloyd's
// iterations before the first one.
func TestKMeansCtxStops(t *testing.T) {
	X := mat.NewDense(40, 2, nil)
	for i := range 40 {
		X.Set(i, 0, float64(i%7))
		X.Set(i, 1, float64(i%5))
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	got := KMeansCtx(ctx, X, 4, 1)
	full := KMeans(X, 4, 1)
	if mat.Equal(got, full) {
		t.Fatal("a cancelled k-means ran to convergence")
	}
}
