package models

import (
	"math"
	"math/rand/v2"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"github.com/mgpteam/mgp/pkg/models/gp"
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
		for p := 0; p < P; p++ {
			for i := 0; i < nb; i++ {
				for d := 0; d < dy; d++ {
					r := p*nb + i
					mu, v := muF.At(r, d), nuF.At(r, d)
					z := rng.NormFloat64()
					Y.Set(p, (i0+i)*dy+d, mu+z*math.Sqrt(v+s2[d]+EpsR))
					F.Set(p, (i0+i)*dy+d, mu+z*math.Sqrt(v+EpsR))
				}
			}
		}
	})
	return Y, F
}

// eachChunk runs predictChunk on the rows of X in chunks of sampleChunk
// rows and, after each, calls visit with the chunk's first row i0, its
// size nb and the GP's means and variances, whose row p·nb + i is draw p
// at row i0 + i; visit may draw from rng.
func (c *latentCore) eachChunk(X *mat.Dense, P int, rng *rand.Rand, plugIn bool, visit func(i0, nb int, muF, nuF *mat.Dense)) {
	n, _ := X.Dims()
	chunk := sampleChunk(P, c.dy)
	for i0 := 0; i0 < n; i0 += chunk {
		i1 := min(n, i0+chunk)
		muF, nuF := c.predictChunk(X.Slice(i0, i1, 0, c.dx).(*mat.Dense), P, rng, plugIn)
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
// and h at their means (plugIn): p(w | x*) once per point, the GP prior
// once, the draws for all rows (w's, then h's), then the encoder and the GP
// block by block.
func (c *latentCore) predictChunk(Xc *mat.Dense, P int, rng *rand.Rand, plugIn bool) (muF, nuF *mat.Dense) {
	nb, _ := Xc.Dims()
	rows := P * nb
	dw := c.W.DW
	t := c.tape
	t.NoGrad = true
	t.Reset()
	muPv, vPv := c.W.prior(t, t.Const(Xc))
	muP, vP := mat.DenseCopyOf(muPv.Val), mat.DenseCopyOf(vPv.Val)
	epsW := fillNormal(nil, rows, dw, rng)
	var epsH *mat.Dense
	if c.Enc != nil {
		epsH = fillNormal(nil, rows, c.dh, rng)
	}
	if plugIn {
		epsW.Zero()
		if epsH != nil {
			epsH.Zero()
		}
	}
	// The GP prior (K_ZZ's Cholesky factor and Z) once per chunk: its
	// values go on each block's tape as constants.
	pr := c.prior(t)
	L, Z := mat.DenseCopyOf(pr.L.Val), mat.DenseCopyOf(pr.Z.Val)
	muF, nuF = mat.NewDense(rows, c.dy, nil), mat.NewDense(rows, c.dy, nil)
	for r0 := 0; r0 < rows; r0 += predictBlock {
		r1 := min(rows, r0+predictBlock)
		t.Reset()
		x, mp, vp := gatherRows(t, Xc, r0, r1), gatherRows(t, muP, r0, r1), gatherRows(t, vP, r0, r1)
		w := reparam(t, mp, vp, t.Const(epsW.Slice(r0, r1, 0, dw)))
		h := t.ConcatCols(x, w)
		if c.Enc != nil {
			muH, vH := c.Enc.encode(t, h)
			h = reparam(t, muH, vH, t.Const(epsH.Slice(r0, r1, 0, c.dh)))
		}
		gpr := gp.Prior{L: t.Const(L), Z: t.Const(Z)}
		if c.dy > 1 {
			// Output by output, with no per-output M x rows matrix kept.
			mu, nu := c.Layer.PredictMarginals(t, gpr, h)
			muF.Slice(r0, r1, 0, c.dy).(*mat.Dense).Copy(mu.Val)
			nuF.Slice(r0, r1, 0, c.dy).(*mat.Dense).Copy(nu)
			continue
		}
		mu, nu := c.Layer.Marginals(t, gpr, h)
		muF.Slice(r0, r1, 0, c.dy).(*mat.Dense).Copy(mu.Val)
		nuF.Slice(r0, r1, 0, c.dy).(*mat.Dense).Copy(nu.Val)
	}
	return muF, nuF
}

// gatherRows puts rows r0..r1-1 of the P-fold tiling of src (row r is src's
// row r mod nb) on the tape as a constant.
func gatherRows(t *ad.Tape, src *mat.Dense, r0, r1 int) *ad.Var {
	nb, c := src.Dims()
	return t.RowsOf(r1-r0, c, func(i int) []float64 { return src.RawRowView((r0 + i) % nb) })
}
