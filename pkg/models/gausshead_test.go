package models

import (
	"math"
	"math/rand/v2"
	"testing"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"github.com/mgpteam/mgp/pkg/autodiff/adtest"
	"gonum.org/v1/gonum/mat"
)

// gaussHeadChain is the chain of ops gaussHeadOp fuses.
func gaussHeadChain(t *ad.Tape, y, out *ad.Var, shift, floor float64) *ad.Var {
	D := y.Cols()
	mu, raw := t.SliceCols(out, 0, D), t.SliceCols(out, D, 2*D)
	v := t.AddConst(t.Softplus(t.AddConst(raw, shift)), floor)
	return t.RowSum(t.GaussLogPdf(t.Tile(y, out.Rows()/y.Rows()), mu, v))
}

// TestGaussHeadOpGradient: finite differences (y is a constant).
func TestGaussHeadOpGradient(t *testing.T) {
	rng := rand.New(rand.NewPCG(47, 1))
	for _, s := range [][3]int{{1, 1, 1}, {3, 2, 2}, {2, 3, 4}} { // b, D, S
		b, D, S := s[0], s[1], s[2]
		y := adtest.Rand(rng, b, D)
		f := func(tp *ad.Tape, in []*ad.Var) *ad.Var {
			return gaussHeadRowSums(tp, &gaussHeadOp{shift: -1, floor: 1e-6}, tp.Const(y), in[0])
		}
		for trial := 0; trial < 2; trial++ {
			if rep := adtest.Check(f, []*mat.Dense{adtest.Rand(rng, S*b, 2*D)}, uint64(trial)); rep.MaxRelErr > gradTol {
				t.Fatalf("b %d, D %d, S %d, trial %d: %v", b, D, S, trial, rep)
			}
		}
	}
}

// TestGaussHeadOpMatchesChain: values and the head's gradient are the
// bits of the unfused chain, with out's gradient first from this op and
// added to one another op already wrote, on ordinary values,
// means equal to y (zero residuals), zero upstream gradients of both signs
// and raw values far out on both sides of the softplus.
func TestGaussHeadOpMatchesChain(t *testing.T) {
	rng := rand.New(rand.NewPCG(47, 2))
	const b, D, S = 3, 5, 4
	y := adtest.Rand(rng, b, D)
	out := adtest.Rand(rng, S*b, 2*D)
	for r := 0; r < S*b; r++ {
		for d := 0; d < D; d++ {
			switch rng.IntN(5) {
			case 0:
				out.Set(r, d, y.At(r%b, d))
			case 1:
				out.Set(r, D+d, 40)
			case 2:
				out.Set(r, D+d, -40)
			}
		}
	}
	seed := adtest.Rand(rng, S*b, 1)
	seed.Set(0, 0, 0)
	seed.Set(1, 0, math.Copysign(0, -1))
	for _, other := range []bool{false, true} {
		var vals [2][]float64
		var grads [2][]float64
		for k, fused := range []bool{false, true} {
			tp := ad.NewTape()
			p := ad.NewParam("out", ad.Identity, out)
			o := p.On(tp)
			var res *ad.Var
			if fused {
				res = gaussHeadRowSums(tp, &gaussHeadOp{shift: -5, floor: 1e-6}, tp.Const(y), o)
			} else {
				res = gaussHeadChain(tp, tp.Const(y), o, -5, 1e-6)
			}
			if other { // a later consumer of out writes its gradient first
				res = tp.Add(res, tp.RowSum(tp.Scale(0.5, o)))
			}
			tp.BackwardWith(res, seed)
			vals[k] = append([]float64(nil), res.Val.RawMatrix().Data...)
			grads[k] = append([]float64(nil), p.Grad().RawMatrix().Data...)
		}
		for i := range vals[0] {
			if math.Float64bits(vals[0][i]) != math.Float64bits(vals[1][i]) {
				t.Fatalf("other %v: value %d is %v, chain %v", other, i, vals[1][i], vals[0][i])
			}
		}
		for i := range grads[0] {
			if math.Float64bits(grads[0][i]) != math.Float64bits(grads[1][i]) {
				t.Fatalf("other %v: gradient %d is %v, chain %v", other, i, grads[1][i], grads[0][i])
			}
		}
	}
}
