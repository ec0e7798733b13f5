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

// tol is the gradient-check tolerance of the foundation issue: relative
// error (with an absolute floor at magnitude 1) below 1e-6.
const tol = 1e-6

type gcase struct {
	name string
	f    adtest.Func
	in   func(rng *rand.Rand) []*mat.Dense
}

func randIn(shapes ...[2]int) func(rng *rand.Rand) []*mat.Dense {
	return func(rng *rand.Rand) []*mat.Dense {
		out := make([]*mat.Dense, len(shapes))
		for i, s := range shapes {
			out[i] = adtest.Rand(rng, s[0], s[1])
		}
		return out
	}
}

func posIn(shapes ...[2]int) func(rng *rand.Rand) []*mat.Dense {
	return func(rng *rand.Rand) []*mat.Dense {
		out := make([]*mat.Dense, len(shapes))
		for i, s := range shapes {
			out[i] = adtest.RandPos(rng, s[0], s[1], 0.5, 2)
		}
		return out
	}
}

// spd builds a symmetric positive-definite matrix from a free square a:
// a aᵀ + n I, so finite differences see a symmetric perturbation.
func spd(t *ad.Tape, a *ad.Var) *ad.Var {
	n := a.Rows()
	return t.AddDiag(t.MatMul(a, a, false, true), float64(n))
}

// lowerWell turns a free square a into a well-conditioned lower-triangular
// factor: tril(a) with |diag| bounded away from 0.
func lowerWell(t *ad.Tape, a *ad.Var) *ad.Var {
	n := a.Rows()
	return t.Add(t.Tril(a, false, 0), t.DiagOf(t.Const(ad.Fill(n, 1, 3))))
}

func unaryCases() []gcase {
	var cs []gcase
	shapes := [][2]int{{1, 1}, {3, 4}, {5, 2}}
	type u struct {
		name string
		op   func(t *ad.Tape, a *ad.Var) *ad.Var
		pos  bool
	}
	ops := []u{
		{"Exp", (*ad.Tape).Exp, false},
		{"Log", (*ad.Tape).Log, true},
		{"Log1p", (*ad.Tape).Log1p, true},
		{"Sqrt", (*ad.Tape).Sqrt, true},
		{"Square", (*ad.Tape).Square, false},
		{"Softplus", (*ad.Tape).Softplus, false},
		{"Sigmoid", (*ad.Tape).Sigmoid, false},
		{"ReLU", (*ad.Tape).ReLU, false},
		{"LeakyReLU", func(t *ad.Tape, a *ad.Var) *ad.Var { return t.LeakyReLU(a, 0.1) }, false},
		{"Tanh", (*ad.Tape).Tanh, false},
		{"Neg", (*ad.Tape).Neg, false},
		{"Abs", (*ad.Tape).Abs, false},
		{"Scale", func(t *ad.Tape, a *ad.Var) *ad.Var { return t.Scale(-1.7, a) }, false},
		{"AddConst", func(t *ad.Tape, a *ad.Var) *ad.Var { return t.AddConst(a, 0.3) }, false},
		{"LogAddExpConst", func(t *ad.Tape, a *ad.Var) *ad.Var { return t.LogAddExpConst(a, -0.4) }, false},
	}
	for _, o := range ops {
		for _, s := range shapes {
			op := o.op
			in := randIn(s)
			if o.pos {
				in = posIn(s)
			}
			cs = append(cs, gcase{fmt.Sprintf("%s/%dx%d", o.name, s[0], s[1]),
				func(t *ad.Tape, v []*ad.Var) *ad.Var { return op(t, v[0]) }, in})
		}
	}
	return cs
}

func binaryCases() []gcase {
	var cs []gcase
	type b struct {
		name string
		op   func(t *ad.Tape, a, b *ad.Var) *ad.Var
	}
	ops := []b{{"Add", (*ad.Tape).Add}, {"Sub", (*ad.Tape).Sub}, {"Mul", (*ad.Tape).Mul}, {"Div", (*ad.Tape).Div}}
	pairs := [][2][2]int{
		{{3, 4}, {3, 4}}, {{3, 4}, {1, 4}}, {{3, 4}, {3, 1}}, {{3, 4}, {1, 1}},
		{{1, 1}, {1, 1}}, {{1, 4}, {3, 4}}, {{3, 1}, {1, 4}}, {{1, 1}, {2, 5}},
	}
	for _, o := range ops {
		for _, p := range pairs {
			op := o.op
			in := randIn(p[0], p[1])
			if o.name == "Div" {
				in = func(rng *rand.Rand) []*mat.Dense {
					return []*mat.Dense{adtest.Rand(rng, p[0][0], p[0][1]), adtest.RandPos(rng, p[1][0], p[1][1], 0.5, 2)}
				}
			}
			cs = append(cs, gcase{fmt.Sprintf("%s/%dx%d_%dx%d", o.name, p[0][0], p[0][1], p[1][0], p[1][1]),
				func(t *ad.Tape, v []*ad.Var) *ad.Var { return op(t, v[0], v[1]) }, in})
		}
	}
	return cs
}

func otherCases() []gcase {
	one := func(op func(t *ad.Tape, a *ad.Var) *ad.Var) adtest.Func {
		return func(t *ad.Tape, v []*ad.Var) *ad.Var { return op(t, v[0]) }
	}
	cs := []gcase{
		{"Sum/3x4", one((*ad.Tape).Sum), randIn([2]int{3, 4})},
		{"Sum/1x1", one((*ad.Tape).Sum), randIn([2]int{1, 1})},
		{"Mean/2x5", one((*ad.Tape).Mean), randIn([2]int{2, 5})},
		{"RowSum/3x4", one((*ad.Tape).RowSum), randIn([2]int{3, 4})},
		{"RowMean/4x3", one((*ad.Tape).RowMean), randIn([2]int{4, 3})},
		{"ColSum/3x4", one((*ad.Tape).ColSum), randIn([2]int{3, 4})},
		{"ColMean/1x1", one((*ad.Tape).ColMean), randIn([2]int{1, 1})},
		{"ColMean/5x2", one((*ad.Tape).ColMean), randIn([2]int{5, 2})},
		{"ColSumSquares/3x4", one((*ad.Tape).ColSumSquares), randIn([2]int{3, 4})},
		{"SumSquares/2x3", one((*ad.Tape).SumSquares), randIn([2]int{2, 3})},
		{"RowLogSumExp/3x4", one((*ad.Tape).RowLogSumExp), randIn([2]int{3, 4})},
		{"RowLogSumExp/1x1", one((*ad.Tape).RowLogSumExp), randIn([2]int{1, 1})},
		{"ColLogSumExp/4x3", one((*ad.Tape).ColLogSumExp), randIn([2]int{4, 3})},
		{"RowSoftmax/3x4", one((*ad.Tape).RowSoftmax), randIn([2]int{3, 4})},
		{"RowLogSoftmax/2x5", one((*ad.Tape).RowLogSoftmax), randIn([2]int{2, 5})},
		{"Transpose/3x4", one((*ad.Tape).Transpose), randIn([2]int{3, 4})},
		{"Transpose/1x1", one((*ad.Tape).Transpose), randIn([2]int{1, 1})},
		{"SliceCols/3x5", one(func(t *ad.Tape, a *ad.Var) *ad.Var { return t.SliceCols(a, 1, 4) }), randIn([2]int{3, 5})},
		{"SliceRows/5x3", one(func(t *ad.Tape, a *ad.Var) *ad.Var { return t.SliceRows(a, 2, 5) }), randIn([2]int{5, 3})},
		{"SliceRows/1x1", one(func(t *ad.Tape, a *ad.Var) *ad.Var { return t.SliceRows(a, 0, 1) }), randIn([2]int{1, 1})},
		{"ConcatCols/3", func(t *ad.Tape, v []*ad.Var) *ad.Var { return t.ConcatCols(v[0], v[1], v[0]) },
			randIn([2]int{3, 2}, [2]int{3, 1})},
		{"ConcatRows/3", func(t *ad.Tape, v []*ad.Var) *ad.Var { return t.ConcatRows(v[0], v[1], v[1]) },
			randIn([2]int{2, 3}, [2]int{1, 3})},
		{"GatherRows/repeats", one(func(t *ad.Tape, a *ad.Var) *ad.Var { return t.GatherRows(a, []int{2, 0, 2, 3, 2}) }),
			randIn([2]int{4, 3})},
		{"Tile/3x2x4", one(func(t *ad.Tape, a *ad.Var) *ad.Var { return t.Tile(a, 4) }), randIn([2]int{3, 2})},
		{"Reshape/3x4->2x6", one(func(t *ad.Tape, a *ad.Var) *ad.Var { return t.Reshape(a, 2, 6) }), randIn([2]int{3, 4})},
		{"DiagOf/4x1", one((*ad.Tape).DiagOf), randIn([2]int{4, 1})},
		{"DiagOf/1x1", one((*ad.Tape).DiagOf), randIn([2]int{1, 1})},
		{"ExtractDiag/4x4", one((*ad.Tape).ExtractDiag), randIn([2]int{4, 4})},
		{"AddDiag/3x3", one(func(t *ad.Tape, a *ad.Var) *ad.Var { return t.AddDiag(a, 0.7) }), randIn([2]int{3, 3})},
		{"Tril/4x4", one(func(t *ad.Tape, a *ad.Var) *ad.Var { return t.Tril(a, false, 0) }), randIn([2]int{4, 4})},
		{"TrilPosDiag/4x4", one(func(t *ad.Tape, a *ad.Var) *ad.Var { return t.Tril(a, true, 1e-6) }), randIn([2]int{4, 4})},
		{"GaussLogPdf/same", func(t *ad.Tape, v []*ad.Var) *ad.Var {
			return t.GaussLogPdf(v[0], v[1], t.AddConst(t.Square(v[2]), 0.3))
		},
			randIn([2]int{3, 4}, [2]int{3, 4}, [2]int{3, 4})},
		{"GaussLogPdf/bcast", func(t *ad.Tape, v []*ad.Var) *ad.Var {
			return t.GaussLogPdf(v[0], v[1], t.AddConst(t.Square(v[2]), 0.3))
		},
			randIn([2]int{3, 4}, [2]int{3, 1}, [2]int{1, 1})},
	}
	// MatMul: all four transpose cases, rectangular and 1x1.
	for _, tt := range [][2]bool{{false, false}, {true, false}, {false, true}, {true, true}} {
		ta, tb := tt[0], tt[1]
		sa, sb := [2]int{3, 4}, [2]int{4, 2}
		if ta {
			sa = [2]int{4, 3}
		}
		if tb {
			sb = [2]int{2, 4}
		}
		cs = append(cs, gcase{fmt.Sprintf("MatMul/ta=%v,tb=%v", ta, tb),
			func(t *ad.Tape, v []*ad.Var) *ad.Var { return t.MatMul(v[0], v[1], ta, tb) }, randIn(sa, sb)})
	}
	cs = append(cs,
		gcase{"MatMul/1x1", func(t *ad.Tape, v []*ad.Var) *ad.Var { return t.MatMul(v[0], v[1], false, false) },
			randIn([2]int{1, 1}, [2]int{1, 1})},
		gcase{"MatMul/self", func(t *ad.Tape, v []*ad.Var) *ad.Var { return t.MatMul(v[0], v[0], true, false) },
			randIn([2]int{3, 2})},
	)
	// Linear algebra.
	for _, n := range []int{1, 2, 5} {
		cs = append(cs,
			gcase{fmt.Sprintf("Cholesky/%d", n), func(t *ad.Tape, v []*ad.Var) *ad.Var { return t.Cholesky(spd(t, v[0])) },
				randIn([2]int{n, n})},
			gcase{fmt.Sprintf("LogDet/%d", n), func(t *ad.Tape, v []*ad.Var) *ad.Var {
				return t.SumLogSqDiag(t.Cholesky(spd(t, v[0])))
			}, randIn([2]int{n, n})},
			gcase{fmt.Sprintf("SumLogSqDiag/%d", n), func(t *ad.Tape, v []*ad.Var) *ad.Var { return t.SumLogSqDiag(lowerWell(t, v[0])) },
				randIn([2]int{n, n})},
		)
		for _, tr := range []bool{false, true} {
			cs = append(cs, gcase{fmt.Sprintf("TriSolve/%d/trans=%v", n, tr),
				func(t *ad.Tape, v []*ad.Var) *ad.Var { return t.TriSolve(lowerWell(t, v[0]), v[1], tr) },
				randIn([2]int{n, n}, [2]int{n, 3})})
		}
	}
	cs = append(cs, gcase{"TriSolve/chol-composed", func(t *ad.Tape, v []*ad.Var) *ad.Var {
		L := t.Cholesky(spd(t, v[0]))
		return t.TriSolve(L, t.TriSolve(L, v[1], false), true)
	}, randIn([2]int{4, 4}, [2]int{4, 2})})
	return cs
}

func TestGradients(t *testing.T) {
	all := append(append(unaryCases(), binaryCases()...), otherCases()...)
	all = append(append(append(all, fusedCases()...), quadCases()...), triInverseCases()...)
	for i, c := range all {
		t.Run(c.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(i), 7))
			for trial := 0; trial < 2; trial++ {
				rep := adtest.Check(c.f, c.in(rng), uint64(100*i+trial))
				if rep.MaxRelErr > tol {
					t.Fatalf("trial %d: %v", trial, rep)
				}
			}
		})
	}
}

// TestCheckerCatchesWrongBackward is the proof that the checker works: an op
// whose backward is deliberately wrong must fail it.
func TestCheckerCatchesWrongBackward(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	rep := adtest.Check(func(t *ad.Tape, v []*ad.Var) *ad.Var { return t.WrongScaleForTest(v[0]) },
		[]*mat.Dense{adtest.Rand(rng, 3, 2)}, 5)
	if rep.MaxRelErr < 0.1 {
		t.Fatalf("checker missed a wrong backward: %v", rep)
	}
}

func TestLogDetGradIsInverse(t *testing.T) {
	// d logdet(A)/dA = A⁻¹ for symmetric A (checked through the composed
	// Cholesky + SumLogSqDiag path).
	rng := rand.New(rand.NewPCG(3, 4))
	B := adtest.Rand(rng, 4, 4)
	var A mat.Dense
	A.Mul(B, B.T())
	for i := 0; i < 4; i++ {
		A.Set(i, i, A.At(i, i)+4)
	}
	tp := ad.NewTape()
	a := tp.Leaf(&A, true)
	tp.Backward(tp.SumLogSqDiag(tp.Cholesky(a)))
	var inv mat.Dense
	if err := inv.Inverse(&A); err != nil {
		t.Fatal(err)
	}
	if !mat.EqualApprox(a.Grad, &inv, 1e-10) {
		t.Fatalf("grad\n%v\nwant\n%v", mat.Formatted(a.Grad), mat.Formatted(&inv))
	}
}

func TestCholeskyJitterAndFailure(t *testing.T) {
	tp := ad.NewTape()
	// Rank-one PSD matrix: plain Cholesky fails, jitter rescues it.
	v := mat.NewDense(3, 1, []float64{1, 2, 3})
	var A mat.Dense
	A.Mul(v, v.T())
	L := tp.Cholesky(tp.Const(&A))
	if tp.Err() != nil || tp.Jitters()[0] == 0 {
		t.Fatalf("want rescued with jitter, err %v, jitters %v", tp.Err(), tp.Jitters())
	}
	_ = L
	tp.Reset()
	bad := mat.NewDense(2, 2, []float64{-1, 0, 0, -1})
	tp.Cholesky(tp.Const(bad))
	var npd *ad.NotPDError
	if err := tp.Err(); err == nil {
		t.Fatal("want NotPDError")
	} else if e, ok := err.(*ad.NotPDError); !ok {
		t.Fatalf("want *NotPDError, got %T", err)
	} else {
		npd = e
	}
	if npd.LastJitter <= 0 {
		t.Fatal("want the last jitter reported")
	}
}

// TestCholeskyReconstructs: on the active backend (gonum's LAPACK, or
// OpenBLAS's dpotrf with the openblas tag) L is lower triangular with a
// positive diagonal and L Lᵀ = A, for sizes on both sides of LAPACK's
// blocking; a NaN matrix is an error, not a silent NaN factor.
func TestCholeskyReconstructs(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	for _, n := range []int{1, 7, 150} {
		G := adtest.Rand(rng, n, n+3)
		var A mat.Dense
		A.Mul(G, G.T())
		tp := ad.NewTape()
		L := tp.Cholesky(tp.Const(&A)).Val
		if tp.Err() != nil || tp.Jitters()[0] != 0 {
			t.Fatalf("n=%d: err %v, jitter %v", n, tp.Err(), tp.Jitters())
		}
		for i := 0; i < n; i++ {
			if L.At(i, i) <= 0 {
				t.Fatalf("n=%d: L[%d,%d] = %g", n, i, i, L.At(i, i))
			}
			for j := i + 1; j < n; j++ {
				if L.At(i, j) != 0 {
					t.Fatalf("n=%d: L[%d,%d] = %g above the diagonal", n, i, j, L.At(i, j))
				}
			}
		}
		var R mat.Dense
		R.Mul(L, L.T())
		if !mat.EqualApprox(&R, &A, 1e-10*mat.Norm(&A, math.Inf(1))) {
			t.Fatalf("n=%d: L Lᵀ differs from A", n)
		}
	}
	tp := ad.NewTape()
	tp.Cholesky(tp.Const(mat.NewDense(2, 2, []float64{math.NaN(), 0, 0, 1})))
	if tp.Err() == nil {
		t.Fatal("NaN matrix factorised without an error")
	}
}

func TestShapePanicNamesOp(t *testing.T) {
	defer func() {
		r := recover()
		if r == nil || fmt.Sprint(r) != "autodiff: Add: incompatible shapes 2x3 and 3x2" {
			t.Fatalf("panic = %v", r)
		}
	}()
	tp := ad.NewTape()
	tp.Add(tp.Const(mat.NewDense(2, 3, nil)), tp.Const(mat.NewDense(3, 2, nil)))
}

func TestBufferReuseAcrossResets(t *testing.T) {
	tp := ad.NewTape()
	x := mat.NewDense(3, 2, []float64{1, 2, 3, 4, 5, 6})
	run := func() float64 {
		tp.Reset()
		a := tp.Leaf(x, true)
		l := tp.Sum(tp.Square(tp.MatMul(a, a, true, false)))
		tp.Backward(l)
		return a.Grad.At(0, 0)
	}
	g1 := run()
	allocs := testing.AllocsPerRun(20, func() { run() })
	if g2 := run(); g1 != g2 {
		t.Fatalf("gradient changed across resets: %v vs %v", g1, g2)
	}
	if allocs > 0 {
		t.Fatalf("warm step allocates %v times", allocs)
	}
}

func TestStopGradBlocks(t *testing.T) {
	tp := ad.NewTape()
	a := tp.Leaf(mat.NewDense(1, 2, []float64{1.5, -2}), true)
	tp.Backward(tp.Sum(tp.Add(a, tp.Square(tp.StopGrad(a)))))
	if a.Grad.At(0, 0) != 1 || a.Grad.At(0, 1) != 1 {
		t.Fatalf("grad %v, want ones (no flow through StopGrad)", mat.Formatted(a.Grad))
	}
}
