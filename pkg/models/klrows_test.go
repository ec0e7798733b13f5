package models

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"github.com/mgpteam/mgp/pkg/autodiff/adtest"
	"gonum.org/v1/gonum/mat"
)

// TestKLRowsOpGradient: finite differences, with v_b of the means'
// shape and 1 x 1 (variances kept positive by squaring plus an offset),
// and of the composed gaussKL.
func TestKLRowsOpGradient(t *testing.T) {
	rng := rand.New(rand.NewPCG(47, 3))
	pos := func(tp *ad.Tape, v *ad.Var) *ad.Var { return tp.AddConst(tp.Square(v), 0.3) }
	for _, s := range [][3]int{{1, 1, 1}, {3, 1, 3}, {4, 3, 4}, {4, 3, 1}, {5, 2, 1}} { // R, C, rows of v_b (1: 1 x 1)
		R, C, rb := s[0], s[1], s[2]
		cb := C
		if rb == 1 {
			cb = 1
		}
		f := func(tp *ad.Tape, in []*ad.Var) *ad.Var {
			return tp.Custom(klRowsOp{}, in[0], pos(tp, in[1]), in[2], pos(tp, in[3]))
		}
		for trial := 0; trial < 2; trial++ {
			in := []*mat.Dense{adtest.Rand(rng, R, C), adtest.Rand(rng, R, C), adtest.Rand(rng, R, C), adtest.Rand(rng, rb, cb)}
			if rep := adtest.Check(f, in, uint64(trial)); rep.MaxRelErr > gradTol {
				t.Fatalf("%v, trial %d: %v", s, trial, rep)
			}
		}
	}
}

// TestKLRowsOpMatchesChain: the values and the four inputs' gradients
// are the bits of RowSum(gaussKL(μa, v_a + ε, μb, v_b + ε)), with v_b full
// or 1 x 1, inputs that already hold a gradient from another op, inputs
// that need none, equal means, and zero upstream gradients of both signs.
func TestKLRowsOpMatchesChain(t *testing.T) {
	rng := rand.New(rand.NewPCG(47, 4))
	const R, C, eps = 6, 3, EpsD
	for _, scalar := range []bool{false, true} {
		for _, constB := range []bool{false, true} {
			ins := []*mat.Dense{adtest.Rand(rng, R, C), adtest.RandPos(rng, R, C, 0.1, 2), adtest.Rand(rng, R, C), adtest.RandPos(rng, R, C, 0.1, 2)}
			if scalar {
				ins[3] = adtest.RandPos(rng, 1, 1, 0.1, 2)
			}
			ins[2].Set(1, 1, ins[0].At(1, 1))
			seed := adtest.Rand(rng, R, 1)
			seed.Set(0, 0, 0)
			seed.Set(2, 0, math.Copysign(0, -1))
			var got [2][]float64
			for k, fused := range []bool{false, true} {
				tp := ad.NewTape()
				ps := make([]*ad.Param, 4)
				vs := make([]*ad.Var, 4)
				for i := range ins {
					ps[i] = ad.NewParam(fmt.Sprint("p", i), ad.Identity, ins[i])
					vs[i] = ps[i].On(tp)
				}
				if constB {
					vs[2] = tp.Const(ins[2])
				}
				pre := tp.Sum(tp.Mul(vs[0], vs[1])) // another consumer of μa and v_a, run after
				var kl *ad.Var
				if fused {
					kl = tp.Custom(klRowsOp{}, vs[0], vs[1], vs[2], vs[3])
				} else {
					kl = tp.RowSum(gaussKL(tp, vs[0], tp.AddConst(vs[1], eps), vs[2], tp.AddConst(vs[3], eps)))
				}
				post := tp.Sum(tp.Square(vs[3])) // another consumer of v_b, run before
				tp.BackwardWith(tp.Add(tp.Add(kl, tp.Scale(0.25, pre)), tp.Scale(0.5, post)), seed)
				got[k] = append(got[k], kl.Val.RawMatrix().Data...)
				for i, p := range ps {
					if constB && i == 2 {
						continue
					}
					got[k] = append(got[k], p.Grad().RawMatrix().Data...)
				}
			}
			for i := range got[0] {
				if math.Float64bits(got[0][i]) != math.Float64bits(got[1][i]) {
					t.Fatalf("scalar %v, constB %v: entry %d is %v, chain %v", scalar, constB, i, got[1][i], got[0][i])
				}
			}
		}
	}
}

// gradTol is the gradient-check tolerance of the foundation issue:
// relative error (with an absolute floor at magnitude 1) below 1e-6.
const gradTol = 1e-6

// TestGaussKLGradient: finite differences of the composed gaussKL, the
// variances kept positive by Exp.
func TestGaussKLGradient(t *testing.T) {
	rng := rand.New(rand.NewPCG(47, 5))
	f := func(tp *ad.Tape, v []*ad.Var) *ad.Var {
		return gaussKL(tp, v[0], tp.Exp(v[1]), v[2], tp.Exp(v[3]))
	}
	for trial := 0; trial < 2; trial++ {
		in := []*mat.Dense{adtest.Rand(rng, 3, 2), adtest.Rand(rng, 3, 2), adtest.Rand(rng, 3, 2), adtest.Rand(rng, 3, 2)}
		if rep := adtest.Check(f, in, uint64(trial)); rep.MaxRelErr > gradTol {
			t.Fatalf("trial %d: %v", trial, rep)
		}
	}
}
