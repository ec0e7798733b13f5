package autodiff_test

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"github.com/mgpteam/mgp/pkg/autodiff/adtest"
	"gonum.org/v1/gonum/mat"
)

// gramCases are GramSum's finite-difference checks: lower-triangular
// factors (Tril outputs, as the SVGP layer passes them) of 4 x 4 and
// 40 x 40, one to five of them; a factor also read by another op after
// GramSum (its gradient then accumulated, not written); and general
// rectangular factors without the lower flag.
func gramCases() []gcase {
	var cs []gcase
	for _, s := range [][2]int{{4, 1}, {4, 5}, {40, 3}} {
		M, P := s[0], s[1]
		shapes := make([][2]int, P)
		for r := range shapes {
			shapes[r] = [2]int{M, M}
		}
		cs = append(cs, gcase{fmt.Sprintf("GramSum/lower/%dx%d/P=%d", M, M, P),
			func(t *ad.Tape, v []*ad.Var) *ad.Var {
				rs := make([]*ad.Var, len(v))
				for r, x := range v {
					rs[r] = t.Tril(x, false, 0)
				}
				return t.GramSum(true, rs...)
			}, randIn(shapes...)})
	}
	cs = append(cs, gcase{"GramSum/lower/shared",
		func(t *ad.Tape, v []*ad.Var) *ad.Var {
			R0, R1 := t.Tril(v[0], false, 0), t.Tril(v[1], false, 0)
			C := t.GramSum(true, R0, R1, R0)
			return t.Add(t.Sum(t.Mul(C, C)), t.SumSquares(t.MatMul(R0, R1, false, false)))
		}, randIn([2]int{5, 5}, [2]int{5, 5})})
	cs = append(cs, gcase{"GramSum/general",
		func(t *ad.Tape, v []*ad.Var) *ad.Var { return t.GramSum(false, v...) },
		randIn([2]int{4, 3}, [2]int{4, 6}, [2]int{4, 1})})
	// WeightedGramSum: the weights (first input, 1 x P, signs mixed) and
	// the factors both get gradients; lower and general factors; a factor
	// also read elsewhere; weights reached through another op too.
	for _, s := range [][2]int{{4, 1}, {5, 3}, {30, 4}} {
		M, P := s[0], s[1]
		shapes := [][2]int{{1, P}}
		for range P {
			shapes = append(shapes, [2]int{M, M})
		}
		cs = append(cs, gcase{fmt.Sprintf("WeightedGramSum/lower/%dx%d/P=%d", M, M, P),
			func(t *ad.Tape, v []*ad.Var) *ad.Var {
				rs := make([]*ad.Var, len(v)-1)
				for r, x := range v[1:] {
					rs[r] = t.Tril(x, false, 0)
				}
				return t.WeightedGramSum(true, v[0], rs...)
			}, randIn(shapes...)})
	}
	cs = append(cs, gcase{"WeightedGramSum/lower/shared",
		func(t *ad.Tape, v []*ad.Var) *ad.Var {
			R0, R1 := t.Tril(v[1], false, 0), t.Tril(v[2], false, 0)
			C := t.WeightedGramSum(true, v[0], R0, R1, R0)
			return t.Add(t.Sum(t.Mul(C, C)), t.Add(t.SumSquares(t.MatMul(R0, R1, false, false)), t.SumSquares(v[0])))
		}, randIn([2]int{3, 1}, [2]int{5, 5}, [2]int{5, 5})})
	cs = append(cs, gcase{"WeightedGramSum/general",
		func(t *ad.Tape, v []*ad.Var) *ad.Var { return t.WeightedGramSum(false, v[0], v[1:]...) },
		randIn([2]int{1, 3}, [2]int{4, 3}, [2]int{4, 6}, [2]int{4, 1})})
	return cs
}

// TestWeightedGramSumValue: WeightedGramSum with weights w equals GramSum
// of the factors scaled by √w_r (positive weights), to rounding, and is
// exactly symmetric; with all weights 1 it is GramSum bit for bit (the
// same rank-k updates with alpha 1).
func TestWeightedGramSumValue(t *testing.T) {
	rng := rand.New(rand.NewPCG(15, 16))
	tp := ad.NewTape()
	const P, M = 6, 20
	w := adtest.RandPos(rng, 1, P, 0.1, 10)
	var rs, scaled []*ad.Var
	for r := 0; r < P; r++ {
		R := tp.Tril(tp.Const(adtest.Rand(rng, M, M)), false, 0)
		rs = append(rs, R)
		scaled = append(scaled, tp.Scale(math.Sqrt(w.At(0, r)), R))
	}
	got := tp.WeightedGramSum(true, tp.Const(w), rs...).Val
	if want := tp.GramSum(true, scaled...).Val; !mat.EqualApprox(got, want, 1e-12) {
		t.Fatal("WeightedGramSum differs from GramSum of the scaled factors")
	}
	if !mat.Equal(got, got.T()) {
		t.Fatal("WeightedGramSum is not exactly symmetric")
	}
	ones := mat.NewDense(1, P, nil)
	for r := range P {
		ones.Set(0, r, 1)
	}
	if !mat.Equal(tp.WeightedGramSum(true, tp.Const(ones), rs...).Val, tp.GramSum(true, rs...).Val) {
		t.Fatal("WeightedGramSum with unit weights is not GramSum")
	}
}

func TestGramSumGradients(t *testing.T) {
	for i, c := range gramCases() {
		t.Run(c.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(i), 77))
			for trial := 0; trial < 2; trial++ {
				rep := adtest.Check(c.f, c.in(rng), uint64(100*i+trial))
				if rep.MaxRelErr > tol {
					t.Fatalf("trial %d: %v", trial, rep)
				}
			}
		})
	}
}

// TestGramSumMatchesConcat: GramSum's value is MatMul of the factors side by
// side with its own transpose, and exactly symmetric.
func TestGramSumMatchesConcat(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	tp := ad.NewTape()
	var rs []*ad.Var
	for r := 0; r < 7; r++ {
		rs = append(rs, tp.Tril(tp.Const(adtest.Rand(rng, 30, 30)), false, 0))
	}
	got := tp.GramSum(true, rs...).Val
	Rc := tp.ConcatCols(rs...)
	want := tp.MatMul(Rc, Rc, false, true).Val
	if !mat.EqualApprox(got, want, 1e-12) {
		t.Fatal("GramSum differs from [R_1 … R_P][R_1 … R_P]ᵀ")
	}
	if !mat.Equal(got, got.T()) {
		t.Fatal("GramSum is not exactly symmetric")
	}
}
