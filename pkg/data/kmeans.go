package data

import (
	"context"
	"encoding/binary"
	"fmt"
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/mat"
)

// k-means limits (models.md §1.8, A-35).
const (
	kmeansMaxIter = 100    // Lloyd iterations at most
	kmeansMaxRows = 100000 // larger inputs are clustered on a random subsample of this size
)

// KMeans returns M cluster centres of the rows of X (N×D) as an M×D matrix,
// for initialising inducing inputs (models.md §1.8, A-35). It runs Lloyd's
// algorithm from M distinct rows of X chosen at random with seed, for at most
// 100 iterations or until no assignment changes. A centroid that loses all
// its points stays where it was, so the result always has exactly M rows.
// When N > 100000 a seeded random subsample of 100000 rows is clustered.
// When X has fewer than M distinct rows, the result is M rows of X sampled
// with replacement. The same X, M and seed always give the same result.
// KMeans panics if M < 1 or X is empty.
func KMeans(X *mat.Dense, M int, seed uint64) *mat.Dense {
	return KMeansCtx(context.Background(), X, M, seed)
}

// KMeansCtx is KMeans that stops its Lloyd iterations early when ctx ends
// (the caller must then check ctx and discard the result).
func KMeansCtx(ctx context.Context, X *mat.Dense, M int, seed uint64) *mat.Dense {
	if M < 1 {
		panic(fmt.Sprintf("data: KMeans: M = %d, need M >= 1", M))
	}
	if X == nil || X.IsEmpty() {
		panic("data: KMeans: X is empty")
	}
	r := newRNG(seed, streamKMeans)
	pts := kmeansRows(X, r)
	init, ok := distinctRows(pts, M, r)
	C := mat.NewDense(M, len(pts[0]), nil)
	if !ok {
		for k := range M {
			copy(C.RawRowView(k), pts[uintn(r, uint64(len(pts)))])
		}
		return C
	}
	for k, i := range init {
		copy(C.RawRowView(k), pts[i])
	}
	lloyd(pts, C, func() bool { return ctx.Err() != nil })
	return C
}

// kmeansRows returns the rows to cluster as slices into X: all of them, or a
// random subsample of kmeansMaxRows rows when X is larger.
func kmeansRows(X *mat.Dense, r *rand.Rand) [][]float64 {
	n, _ := X.Dims()
	idx := identity(n)
	if n > kmeansMaxRows {
		// Partial Fisher–Yates: the first kmeansMaxRows entries become a uniform sample.
		for i := range kmeansMaxRows {
			j := i + int(uintn(r, uint64(n-i)))
			idx[i], idx[j] = idx[j], idx[i]
		}
		idx = idx[:kmeansMaxRows]
	}
	pts := make([][]float64, len(idx))
	for k, i := range idx {
		pts[k] = X.RawRowView(i)
	}
	return pts
}

// distinctRows walks the rows in a random order and returns the indices of
// the first M rows with distinct values; ok is false when there are fewer
// than M distinct rows.
func distinctRows(pts [][]float64, M int, r *rand.Rand) (init []int, ok bool) {
	order := permutation(r, len(pts))
	seen := make(map[string]struct{}, M)
	key := make([]byte, 8*len(pts[0]))
	init = make([]int, 0, M)
	for _, i := range order {
		for j, v := range pts[i] {
			if v == 0 {
				v = 0 // treat -0 and +0 as the same value
			}
			binary.LittleEndian.PutUint64(key[8*j:], math.Float64bits(v))
		}
		if _, dup := seen[string(key)]; dup {
			continue
		}
		seen[string(key)] = struct{}{}
		init = append(init, i)
		if len(init) == M {
			return init, true
		}
	}
	return nil, false
}

// lloyd runs Lloyd iterations on the centroids C (M×D) in place, until
// convergence, kmeansMaxIter or stop() says so, and returns the number of
// iterations run.
func lloyd(pts [][]float64, C *mat.Dense, stop func() bool) int {
	M, D := C.Dims()
	assign := make([]int, len(pts))
	for i := range assign {
		assign[i] = -1
	}
	sums := make([]float64, M*D)
	counts := make([]int, M)
	for iter := 1; iter <= kmeansMaxIter; iter++ {
		if stop() {
			return iter - 1
		}
		changed := 0
		for i, p := range pts {
			if k := nearest(p, C); k != assign[i] {
				assign[i] = k
				changed++
			}
		}
		if changed == 0 {
			return iter
		}
		clear(sums)
		clear(counts)
		for i, p := range pts {
			k := assign[i]
			counts[k]++
			s := sums[k*D : (k+1)*D]
			for j, v := range p {
				s[j] += v
			}
		}
		for k := range M {
			if counts[k] == 0 {
				continue // an emptied centroid stays where it was
			}
			c := C.RawRowView(k)
			for j := range c {
				c[j] = sums[k*D+j] / float64(counts[k])
			}
		}
	}
	return kmeansMaxIter
}

// nearest returns the index of the centroid closest to p in squared
// Euclidean distance; ties go to the lowest index.
func nearest(p []float64, C *mat.Dense) int {
	M, _ := C.Dims()
	best, bestD := 0, math.Inf(1)
	for k := range M {
		c := C.RawRowView(k)
		d := 0.0
		for j, v := range p {
			e := v - c[j]
			d += e * e
			if d >= bestD {
				break // cannot beat the best any more
			}
		}
		if d < bestD {
			best, bestD = k, d
		}
	}
	return best
}
