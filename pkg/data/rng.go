package data

import (
	"math/bits"
	"math/rand/v2"
)

// Stream constants: the second PCG word for each purpose, so that one user
// seed yields independent generators for toy noise, splits, batches and
// k-means.
const (
	streamToy    uint64 = 0x6d67702d746f79   // "mgp-toy"
	streamSplit  uint64 = 0x6d67702d73706c   // "mgp-spl"
	streamBatch  uint64 = 0x6d67702d626174   // "mgp-bat"
	streamKMeans uint64 = 0x6d67702d6b6d6e73 // "mgp-kmns"
)

// newRNG returns a PCG generator for the given seed and stream.
func newRNG(seed, stream uint64) *rand.Rand {
	return rand.New(rand.NewPCG(seed, stream))
}

// uintn returns a uniform integer in [0, n), n > 0, using Lemire's
// multiply-and-reject method on the generator's raw 64-bit output, so the
// result does not depend on the Go release.
func uintn(r *rand.Rand, n uint64) uint64 {
	hi, lo := bits.Mul64(r.Uint64(), n)
	if lo < n {
		thresh := -n % n
		for lo < thresh {
			hi, lo = bits.Mul64(r.Uint64(), n)
		}
	}
	return hi
}

// shuffleInts permutes p in place with the Fisher–Yates algorithm.
func shuffleInts(r *rand.Rand, p []int) {
	for i := len(p) - 1; i > 0; i-- {
		j := int(uintn(r, uint64(i+1)))
		p[i], p[j] = p[j], p[i]
	}
}

// identity returns 0..n-1.
func identity(n int) []int {
	p := make([]int, n)
	for i := range p {
		p[i] = i
	}
	return p
}

// permutation returns a random permutation of 0..n-1.
func permutation(r *rand.Rand, n int) []int {
	p := identity(n)
	shuffleInts(r, p)
	return p
}
