package models

import (
	"math"
	"math/rand/v2"

	"gonum.org/v1/gonum/mat"
)

// predictChunk bounds the rows (points x samples) whose random draws are
// made together: it fixes the order in which sampling consumes its
// generator and must not change, or the same seed gives other samples.
const predictChunk = 20000

// predictBlock is the number of rows sampling pushes through the encoder
// and the GP layer at once: small enough that a block's activations
// (predictBlock x 100 floats per hidden layer) stay in cache, large enough
// for GEMM. A variable only so that a test can check the blocking changes
// nothing.
var predictBlock = 1024

// predictCells bounds, for several outputs, the entries (rows x d_y) of a
// chunk's means and variances: 2²¹ floats, 16 MB each (at d_y = 784 and
// 200 samples, 13 points a chunk). A single output keeps predictChunk.
const predictCells = 1 << 21

// sample draws P predictive samples at the rows of X (models.md §5.7): w
// from the prior p(w | x*), h from the encoder q(h | x*, w) (GPCDE:
// h = [x*, w]), then y = μ_f + z√(ν_f + σ² + ε_r) and
// f = μ_f + z√(ν_f + ε_r), same z. With plugIn, w and h are taken at their
// means; the draws are still made, so the generator advances as with the
// draws. Draws are made per chunk of predictChunk rows (w's, then h's,
// then the z's); the networks and the GP run on blocks of predictBlock
// rows.
func (c *latentCore) sample(X *mat.Dense, P int, rng *rand.Rand, plugIn bool) (Y, F *mat.Dense) {
	n, _ := X.Dims()
	dy := c.dy
	Y, F = mat.NewDense(P, n*dy, nil), mat.NewDense(P, n*dy, nil)
	s2 := c.noises()
	c.eachChunk(X, P, rng, plugIn, func(i0, nb int, muF, nuF *mat.Dense) {
		mus, nus := muF.RawMatrix().Data, nuF.RawMatrix().Data
		for p := 0; p < P; p++ {
			yr, fr := Y.RawRowView(p)[i0*dy:(i0+nb)*dy], F.RawRowView(p)[i0*dy:(i0+nb)*dy]
			mu, nu := mus[p*nb*dy:(p+1)*nb*dy], nus[p*nb*dy:(p+1)*nb*dy]
			for j := range yr {
				z := rng.NormFloat64()
				yr[j] = mu[j] + z*math.Sqrt(nu[j]+s2[j%dy]+EpsR)
				fr[j] = mu[j] + z*math.Sqrt(nu[j]+EpsR)
			}
		}
	})
	return Y, F
}

// eachChunk runs the predictor on the rows of X in chunks of sampleChunk
// rows and, after each, calls visit with the chunk's first row i0, its
// size nb and the GP's means and variances, whose row p·nb + i is draw p
// at row i0 + i; visit may draw from rng, and must not keep muF and nuF,
// which the next chunk overwrites.
func (c *latentCore) eachChunk(X *mat.Dense, P int, rng *rand.Rand, plugIn bool, visit func(i0, nb int, muF, nuF *mat.Dense)) {
	n, _ := X.Dims()
	chunk := sampleChunk(P, c.dy)
	pred := c.newPredictor()
	defer pred.release()
	for i0 := 0; i0 < n; i0 += chunk {
		i1 := min(n, i0+chunk)
		muF, nuF := pred.chunk(X.Slice(i0, i1, 0, c.dx).(*mat.Dense), P, rng, plugIn)
		visit(i0, i1-i0, muF, nuF)
	}
}

// sampleChunk is the number of points whose draws sample (and mixture)
// make together for P samples of d_y outputs.
func sampleChunk(P, dy int) int {
	chunk := max(1, predictChunk/P)
	if dy > 1 {
		chunk = max(1, min(chunk, predictCells/(P*dy)))
	}
	return chunk
}

// predictChunk returns the means and variances of f (P·nb x d_y, row p·nb +
// i) at the nb points of Xc with P samples of w (and h) each, or with w
// and h at their means (plugIn): latentPredictor.chunk with a predictor of
// its own.
func (c *latentCore) predictChunk(Xc *mat.Dense, P int, rng *rand.Rand, plugIn bool) (muF, nuF *mat.Dense) {
	pred := c.newPredictor()
	defer pred.release()
	return pred.chunk(Xc, P, rng, plugIn)
}
