package autodiff_test

import (
	"math"
	"math/rand/v2"
	"testing"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"github.com/mgpteam/mgp/pkg/autodiff/adtest"
	"gonum.org/v1/gonum/mat"
)

// writesSharedCases check the ops that write their input's gradient on its
// first touch in a Backward pass (Tril, AddDiag, Reshape, SliceCols,
// SliceRows, ConcatRows, ConcatCols, SolveLink) when
// that input also feeds another op: recorded after the other op (its
// backward runs first and writes) and before it (it then adds to what the
// other op wrote).
func writesSharedCases() []gcase {
	sq := func(t *ad.Tape, a *ad.Var) *ad.Var { return t.Sum(t.Square(a)) }
	ops := []struct {
		name string
		f    func(t *ad.Tape, a *ad.Var) *ad.Var
	}{
		{"Tril", func(t *ad.Tape, a *ad.Var) *ad.Var { return t.Tril(a, false, 0) }},
		{"TrilPosDiag", func(t *ad.Tape, a *ad.Var) *ad.Var { return t.Tril(a, true, 1e-6) }},
		{"AddDiag", func(t *ad.Tape, a *ad.Var) *ad.Var { return t.AddDiag(a, 0.7) }},
		{"Reshape", func(t *ad.Tape, a *ad.Var) *ad.Var { return t.Reshape(a, 2, 8) }},
		{"SliceCols", func(t *ad.Tape, a *ad.Var) *ad.Var { return t.SliceCols(a, 1, 3) }},
		{"SliceRows", func(t *ad.Tape, a *ad.Var) *ad.Var { return t.SliceRows(a, 1, 3) }},
		{"SliceCols/both-halves", func(t *ad.Tape, a *ad.Var) *ad.Var {
			return t.Mul(t.SliceCols(a, 0, 2), t.Exp(t.SliceCols(a, 2, 4)))
		}},
		{"ConcatRows/twice", func(t *ad.Tape, a *ad.Var) *ad.Var { return t.ConcatRows(a, t.Scale(2, a), a) }},
		{"ConcatCols/twice", func(t *ad.Tape, a *ad.Var) *ad.Var { return t.ConcatCols(a, a, t.Square(a)) }},
	}
	var cs []gcase
	for _, op := range ops {
		cs = append(cs,
			gcase{op.name + "/shared/written-first", func(t *ad.Tape, v []*ad.Var) *ad.Var {
				other := sq(t, v[0])
				return t.Add(other, sq(t, op.f(t, v[0])))
			}, randIn([2]int{4, 4})},
			gcase{op.name + "/shared/added-to", func(t *ad.Tape, v []*ad.Var) *ad.Var {
				mine := sq(t, op.f(t, v[0]))
				return t.Add(mine, sq(t, v[0]))
			}, randIn([2]int{4, 4})},
		)
	}
	// SolveLink with its V (m, and the AddDiag output R Rᵀ - I) and L also
	// read by other ops, before and after the links.
	const n, k = 5, 7
	link := func(after bool) func(t *ad.Tape, v []*ad.Var) *ad.Var {
		return func(t *ad.Tape, v []*ad.Var) *ad.Var {
			L := lowerWell(t, t.Scale(1/math.Sqrt(n), v[0]))
			R := t.Scale(1/math.Sqrt(n), v[3])
			Q0 := t.AddDiag(t.MatMul(R, R, false, true), -1)
			var extra *ad.Var
			if !after {
				extra = t.Add(t.Add(sq(t, v[2]), sq(t, Q0)), sq(t, L))
			}
			m := t.SolveLink(v[2], L, 1)
			Q := t.SolveLink(Q0, L, 2)
			A := t.TriSolve(t.StopGrad(L), v[1], false)
			out := t.Add(t.Sum(t.MatMul(A, m, true, false)), t.Sum(t.QuadCols(Q, A, true)))
			if after {
				extra = t.Add(t.Add(sq(t, v[2]), sq(t, Q0)), sq(t, L))
			}
			return t.Add(out, extra)
		}
	}
	in := randIn([2]int{n, n}, [2]int{n, k}, [2]int{n, 2}, [2]int{n, n})
	return append(cs, gcase{"SolveLink/shared/written-first", link(false), in},
		gcase{"SolveLink/shared/added-to", link(true), in})
}

func TestWritesSharedGradients(t *testing.T) {
	for i, c := range writesSharedCases() {
		t.Run(c.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(i), 11))
			for trial := 0; trial < 2; trial++ {
				rep := adtest.Check(c.f, c.in(rng), uint64(100*i+trial))
				if rep.MaxRelErr > tol {
					t.Fatalf("trial %d: %v", trial, rep)
				}
			}
		})
	}
}

// TestSlicesClearStaleGradient: a reused gradient buffer holding a previous
// pass's values outside a slice must read zero there after a pass in which
// the slice is the input's only consumer (SliceCols and SliceRows write the
// whole gradient on first touch).
func TestSlicesClearStaleGradient(t *testing.T) {
	for _, c := range []struct {
		name  string
		slice func(tp *ad.Tape, a *ad.Var) *ad.Var
		in    func(i, j int) bool
	}{
		{"SliceCols", func(tp *ad.Tape, a *ad.Var) *ad.Var { return tp.SliceCols(a, 1, 2) }, func(_, j int) bool { return j == 1 }},
		{"SliceRows", func(tp *ad.Tape, a *ad.Var) *ad.Var { return tp.SliceRows(a, 1, 2) }, func(i, _ int) bool { return i == 1 }},
	} {
		tp := ad.NewTape()
		x := mat.NewDense(3, 3, []float64{1, 2, 3, 4, 5, 6, 7, 8, 9})
		run := func(alsoSquare bool) *mat.Dense {
			tp.Reset()
			a := tp.Leaf(x, true)
			l := tp.Sum(c.slice(tp, a))
			if alsoSquare {
				l = tp.Add(tp.Sum(tp.Square(a)), l)
			}
			tp.Backward(l)
			return a.Grad
		}
		run(true)
		g := run(false)
		for i := 0; i < 3; i++ {
			for j := 0; j < 3; j++ {
				want := 0.0
				if c.in(i, j) {
					want = 1
				}
				if g.At(i, j) != want {
					t.Fatalf("%s: second pass: gradient[%d][%d] = %v, want %v", c.name, i, j, g.At(i, j), want)
				}
			}
		}
	}
}

// TestTrilClearsStaleUpperGradient: a reused gradient buffer holding a
// previous pass's values above the diagonal must read zero there after a
// pass in which Tril is the input's only consumer (it writes the whole
// gradient on first touch, not just the lower triangle).
func TestTrilClearsStaleUpperGradient(t *testing.T) {
	tp := ad.NewTape()
	x := mat.NewDense(3, 3, []float64{1, 2, 3, 4, 5, 6, 7, 8, 9})
	run := func(alsoSquare bool) *mat.Dense {
		tp.Reset()
		a := tp.Leaf(x, true)
		l := tp.Sum(tp.Tril(a, false, 0))
		if alsoSquare {
			l = tp.Add(tp.Sum(tp.Square(a)), l)
		}
		tp.Backward(l)
		return a.Grad
	}
	if g := run(true); g.At(0, 2) != 6 { // 2·3, from the square
		t.Fatalf("first pass: upper gradient %v, want 6", g.At(0, 2))
	}
	g := run(false)
	for i := 0; i < 3; i++ {
		for j := 0; j < 3; j++ {
			want := 0.0
			if j <= i {
				want = 1
			}
			if g.At(i, j) != want {
				t.Fatalf("second pass: gradient[%d][%d] = %v, want %v", i, j, g.At(i, j), want)
			}
		}
	}
}
