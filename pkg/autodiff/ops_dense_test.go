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

// fusedCases (run by TestGradients) are the finite-difference checks of the fused Dense layer (x,
// W and b all differentiated, every activation, a 1-row and a 1-unit case)
// and of TriMatMul (both orientations; L is a free square matrix of which
// only the lower triangle is read, so the check also covers the zero
// gradient of the strict upper triangle).
func fusedCases() []gcase {
	var cs []gcase
	acts := []struct {
		name  string
		act   ad.Activation
		slope float64
	}{{"linear", ad.Linear, 0}, {"relu", ad.ActReLU, 0}, {"leaky", ad.ActLeakyReLU, 0.1}}
	for _, a := range acts {
		for _, s := range [][3]int{{1, 1, 1}, {5, 3, 4}, {1, 4, 2}, {6, 2, 1}} {
			n, k, m := s[0], s[1], s[2]
			cs = append(cs, gcase{fmt.Sprintf("Dense/%s/%dx%dx%d", a.name, n, k, m),
				func(t *ad.Tape, v []*ad.Var) *ad.Var { return t.Dense(v[0], v[1], v[2], a.act, a.slope) },
				randIn([2]int{n, k}, [2]int{k, m}, [2]int{1, m})})
		}
	}
	cs = append(cs, gcase{"Dense/stacked", func(t *ad.Tape, v []*ad.Var) *ad.Var {
		h := t.Dense(v[0], v[1], v[2], ad.ActReLU, 0)
		return t.Dense(h, v[3], v[4], ad.Linear, 0)
	}, randIn([2]int{4, 3}, [2]int{3, 5}, [2]int{1, 5}, [2]int{5, 2}, [2]int{1, 2})})
	for _, n := range []int{1, 2, 5} {
		for _, tr := range []bool{false, true} {
			cs = append(cs, gcase{fmt.Sprintf("TriMatMul/%d/trans=%v", n, tr),
				func(t *ad.Tape, v []*ad.Var) *ad.Var { return t.TriMatMul(v[0], v[1], tr) },
				randIn([2]int{n, n}, [2]int{n, 3})})
		}
	}
	return cs
}

// TestDenseMatchesComposedOps: the fused layer gives bit for bit the value
// and the gradients of MatMul + Add + activation.
func TestDenseMatchesComposedOps(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	X, W, B := adtest.Rand(rng, 37, 6), adtest.Rand(rng, 6, 9), adtest.Rand(rng, 1, 9)
	G := adtest.Rand(rng, 37, 9)
	for _, act := range []ad.Activation{ad.Linear, ad.ActReLU, ad.ActLeakyReLU} {
		run := func(fused bool) [4]*mat.Dense {
			tp := ad.NewTape()
			x, w, b := tp.Leaf(X, true), tp.Leaf(W, true), tp.Leaf(B, true)
			var out *ad.Var
			if fused {
				out = tp.Dense(x, w, b, act, 0.2)
			} else {
				out = tp.Add(tp.MatMul(x, w, false, false), b)
				switch act {
				case ad.ActReLU:
					out = tp.ReLU(out)
				case ad.ActLeakyReLU:
					out = tp.LeakyReLU(out, 0.2)
				}
			}
			tp.BackwardWith(out, G)
			return [4]*mat.Dense{mat.DenseCopyOf(out.Val), mat.DenseCopyOf(x.Grad), mat.DenseCopyOf(w.Grad), mat.DenseCopyOf(b.Grad)}
		}
		f, c := run(true), run(false)
		for k, what := range []string{"value", "x grad", "W grad", "b grad"} {
			if !mat.Equal(f[k], c[k]) {
				t.Errorf("activation %d: %s differs from the composed ops", act, what)
			}
		}
	}
}

// TestTriMatMulMatchesMatMul: the TRMM product equals the GEMM with L's
// strict upper triangle zeroed, to rounding.
func TestTriMatMulMatchesMatMul(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, tr := range []bool{false, true} {
		L, B := adtest.Rand(rng, 40, 40), adtest.Rand(rng, 40, 70)
		Lz := mat.DenseCopyOf(L)
		for i := 0; i < 40; i++ {
			for j := i + 1; j < 40; j++ {
				Lz.Set(i, j, 0)
			}
		}
		tp := ad.NewTape()
		got := tp.TriMatMul(tp.Const(L), tp.Const(B), tr).Val
		want := tp.MatMul(tp.Const(Lz), tp.Const(B), tr, false).Val
		if !mat.EqualApprox(got, want, 1e-12) {
			t.Errorf("transposed=%v: TriMatMul differs from MatMul", tr)
		}
	}
}

// quadCases (run by TestGradients) are the finite-difference checks of
// TriSolve at n = 70, TriMatMul at n = 40 and of QuadCols: a general Q, and
// a symmetric Q built on the tape (R Rᵀ - I, as the SVGP layer uses it).
func quadCases() []gcase {
	var cs []gcase
	// TriSolve at a size whose L̄ product spans several row blocks of
	// gemmLowerNT (block 32).
	for _, tr := range []bool{false, true} {
		cs = append(cs, gcase{fmt.Sprintf("TriSolve/70/trans=%v", tr),
			func(t *ad.Tape, v []*ad.Var) *ad.Var {
				// off-diagonal entries scaled by 1/√n keep L⁻¹ of order 1
				return t.TriSolve(lowerWell(t, t.Scale(1/math.Sqrt(70), v[0])), v[1], tr)
			},
			randIn([2]int{70, 70}, [2]int{70, 2})})
		cs = append(cs, gcase{fmt.Sprintf("TriMatMul/40/trans=%v", tr),
			func(t *ad.Tape, v []*ad.Var) *ad.Var { return t.TriMatMul(v[0], v[1], tr) },
			randIn([2]int{40, 40}, [2]int{40, 3})})
	}
	for _, s := range [][2]int{{1, 1}, {3, 4}, {5, 2}, {40, 3}} {
		k, n := s[0], s[1]
		cs = append(cs,
			gcase{fmt.Sprintf("QuadCols/general/%dx%d", k, n),
				func(t *ad.Tape, v []*ad.Var) *ad.Var { return t.QuadCols(v[0], v[1], false) },
				randIn([2]int{k, k}, [2]int{k, n})},
			gcase{fmt.Sprintf("QuadCols/RRt-I/%dx%d", k, n),
				func(t *ad.Tape, v []*ad.Var) *ad.Var {
					R := t.Scale(1/math.Sqrt(float64(k)), v[0]) // RRᵀ of order 1 at every k
					return t.QuadCols(t.AddDiag(t.MatMul(R, R, false, true), -1), v[1], true)
				},
				randIn([2]int{k, k}, [2]int{k, n})},
			// A read again after QuadCols, whose backward then adds to Ā
			// instead of writing it on first touch; and Q read twice.
			gcase{fmt.Sprintf("QuadCols/shared/%dx%d", k, n),
				func(t *ad.Tape, v []*ad.Var) *ad.Var {
					q := t.QuadCols(v[0], v[1], false)
					q = t.Add(q, t.QuadCols(v[0], t.Scale(0.5, v[1]), false))
					return t.Add(t.Sum(q), t.SumSquares(v[1]))
				},
				randIn([2]int{k, k}, [2]int{k, n})})
	}
	cs = append(cs, solveLinkCases()...)
	return cs
}

// solveLinkCases check SolveLink as the whitened SVGP layer uses it: solves
// A = L⁻¹K with L's gradient stopped, K split into column blocks (each
// solved on its own, as the layer's row blocks), read only through Aᵀm
// (m linked with c = 1) and AᵀQA (Q = R Rᵀ - I linked with c = 2). The
// finite differences see L through the solves; the analytic gradient gets
// it only from the links, so L̄ is right only if they carry it.
func solveLinkCases() []gcase {
	var cs []gcase
	for _, s := range [][3]int{{3, 4, 1}, {6, 10, 2}, {40, 9, 3}} {
		n, k, blocks := s[0], s[1], s[2]
		// inv: as the layer does when it forms L⁻¹ (TriInverse), A = L⁻¹K
		// by TriMatMul and the links' backward with L⁻¹ (SolveLinkInv).
		for _, inv := range []bool{false, true} {
			name := "SolveLink"
			if inv {
				name = "SolveLinkInv"
			}
			cs = append(cs, gcase{fmt.Sprintf("%s/%dx%d/blocks=%d", name, n, k, blocks),
				func(t *ad.Tape, v []*ad.Var) *ad.Var {
					L := lowerWell(t, t.Scale(1/math.Sqrt(float64(n)), v[0]))
					R := t.Scale(1/math.Sqrt(float64(n)), v[3])
					Ls := t.StopGrad(L)
					var Li *ad.Var
					if inv {
						Li = t.TriInverse(Ls)
					}
					m := t.SolveLinkInv(v[2], L, Li, 1)
					Q := t.SolveLinkInv(t.AddDiag(t.MatMul(R, R, false, true), -1), L, Li, 2)
					var outs []*ad.Var
					for b := 0; b < blocks; b++ {
						K := t.SliceCols(v[1], b*k/blocks, (b+1)*k/blocks)
						var A *ad.Var
						if inv {
							A = t.TriMatMul(Li, K, false)
						} else {
							A = t.TriSolve(Ls, K, false)
						}
						outs = append(outs, t.ConcatRows(t.Transpose(t.MatMul(A, m, true, false)), t.QuadCols(Q, A, true)))
					}
					return t.ConcatCols(outs...)
				},
				randIn([2]int{n, n}, [2]int{n, k}, [2]int{n, 2}, [2]int{n, n})})
		}
	}
	return cs
}
