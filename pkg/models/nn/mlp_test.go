package nn

import (
	"math"
	"math/rand/v2"
	"testing"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"github.com/mgpteam/mgp/pkg/autodiff/adtest"
	"gonum.org/v1/gonum/mat"
)

// TestHeadsGradientFD checks the MLP with both variance heads against
// central differences (models.md §11 item 8, "every MLP head").
func TestHeadsGradientFD(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	m := NewMLP("m_", []int{3, 5, 4, 4}, rng)
	x := adtest.Rand(rng, 6, 3)
	nu0 := ad.NewScalar("nu0", ad.Positive, 0.3)
	ps := ad.NewParamSet(append(m.Params(), nu0)...)
	tp := ad.NewTape()
	G := adtest.Rand(rng, 6, 6)
	loss := func() *ad.Var {
		tp.Reset()
		mean, raw := SplitHead(tp, m.Forward(tp, tp.Const(x)))
		out := tp.ConcatCols(mean, SoftplusVar(tp, raw), BoundedVar(tp, raw, nu0.On(tp)))
		return tp.Sum(tp.Mul(out, tp.Const(G)))
	}
	l := loss()
	tp.Backward(l)
	g := ps.FlattenGrad(nil)
	x0 := ps.Flatten(nil)
	xs := append([]float64(nil), x0...)
	for k := range xs {
		h := 1e-6 * max(1, math.Abs(x0[k]))
		xs[k] = x0[k] + h
		ps.Unflatten(xs)
		fp := loss().Scalar()
		xs[k] = x0[k] - h
		ps.Unflatten(xs)
		fm := loss().Scalar()
		xs[k] = x0[k]
		ps.Unflatten(xs)
		num := (fp - fm) / (2 * h)
		if e := math.Abs(num-g[k]) / max(1, math.Abs(num)); e > 1e-6 {
			t.Fatalf("param element %d: analytic %v, numeric %v", k, g[k], num)
		}
	}
}

func TestInitAndHeads(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	m := NewMLP("m_", []int{100, 100, 2}, rng)
	w := m.Layers[0].W.Raw.RawMatrix().Data
	var s2 float64
	for _, v := range w {
		if math.Abs(v) > 2*math.Sqrt(2.0/200)+1e-12 {
			t.Fatalf("weight %v outside the truncation at 2 sd", v)
		}
		s2 += v * v
	}
	// TruncNormal[-2,2] has sd 0.8796; scaled by √(2/200) = 0.1.
	if sd := math.Sqrt(s2 / float64(len(w))); math.Abs(sd-0.08796) > 0.003 {
		t.Fatalf("weight sd %v, want about 0.088", sd)
	}
	if b := m.Layers[0].B.Raw.At(0, 0); b != 0 {
		t.Fatal("biases must start at 0")
	}
	tp := ad.NewTape()
	// Default head at r = 0: sp(-5) ≈ 0.0067 (models.md §1.4).
	if v := SoftplusVar(tp, tp.Scalar(0)).Scalar(); math.Abs(v-0.006715348489117967) > 1e-15 {
		t.Fatalf("sp(0-5) = %v", v)
	}
	if v := BoundedVar(tp, tp.Scalar(0), tp.Scalar(0.01)).Scalar(); v != 0.005 {
		t.Fatalf("nu0·sig(0) = %v", v)
	}
}

func TestDeadFractions(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	m := NewMLP("m_", []int{2, 4, 1}, rng)
	// Kill unit 0 and 2 of the hidden layer with large negative biases.
	m.Layers[0].B.Raw.Set(0, 0, -1e6)
	m.Layers[0].B.Raw.Set(0, 2, -1e6)
	m.Layers[0].B.Raw.Set(0, 1, 1e6)
	m.Layers[0].B.Raw.Set(0, 3, 1e6)
	if f := m.DeadFractions(mat.NewDense(3, 2, []float64{1, 2, 3, 4, -5, 6})); f[0] != 0.5 {
		t.Fatalf("dead fraction %v, want 0.5", f)
	}
}

// TestLeakyHidden: with LeakySlope the hidden units pass slope·x for x <= 0,
// so a unit killed by a large negative bias still moves the output and still
// receives gradient; DeadFractions counts it as stuck.
func TestLeakyHidden(t *testing.T) {
	rng := rand.New(rand.NewPCG(7, 8))
	m := NewMLP("m_", []int{2, 3, 1}, rng)
	m.Layers[0].B.Raw.Set(0, 1, -50)
	x := adtest.Rand(rng, 4, 2)
	out := func(slope float64) (*mat.Dense, float64) {
		m.LeakySlope = slope
		tp := ad.NewTape()
		y := m.Forward(tp, tp.Const(x))
		tp.Backward(tp.Sum(y))
		return mat.DenseCopyOf(y.Val), m.Layers[0].W.Grad().At(0, 1)
	}
	yr, gr := out(0)
	yl, gl := out(0.1)
	// Hand computation of the leaky forward.
	W0, b0 := m.Layers[0].W.Raw, m.Layers[0].B.Raw
	W1, b1 := m.Layers[1].W.Raw, m.Layers[1].B.Raw
	for i := 0; i < 4; i++ {
		want := b1.At(0, 0)
		for j := 0; j < 3; j++ {
			pre := b0.At(0, j) + x.At(i, 0)*W0.At(0, j) + x.At(i, 1)*W0.At(1, j)
			if pre <= 0 {
				pre *= 0.1
			}
			want += pre * W1.At(j, 0)
		}
		if math.Abs(yl.At(i, 0)-want) > 1e-12 {
			t.Fatalf("row %d: leaky forward %v, hand %v", i, yl.At(i, 0), want)
		}
	}
	if mat.Equal(yr, yl) {
		t.Fatal("leaky and plain ReLU outputs agree despite a negative unit")
	}
	if gr != 0 || gl == 0 {
		t.Fatalf("gradient into the killed unit: ReLU %v (want 0), leaky %v (want nonzero)", gr, gl)
	}
	if d := m.DeadFractions(x)[0]; math.Abs(d-1.0/3) > 1e-12 {
		t.Fatalf("dead fraction %v, want 1/3", d)
	}
}

// TestForwardRowsMatchesForward: ForwardRows in blocks of 7 (and 1, and
// more than the rows) gives Forward's outputs and gradients to rounding:
// only the order of the weight gradients' row sums differs.
func TestForwardRowsMatchesForward(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 6))
	m := NewMLP("m_", []int{4, 9, 9, 3}, rng)
	ps := ad.NewParamSet(m.Params()...)
	X := adtest.Rand(rng, 40, 4)
	G := adtest.Rand(rng, 40, 3)
	run := func(block int) (out, gx *mat.Dense, gp []float64) {
		tp := ad.NewTape()
		x := tp.Leaf(X, true)
		y := m.ForwardRows(tp, x, block)
		tp.Backward(tp.Sum(tp.Mul(y, tp.Const(G))))
		return mat.DenseCopyOf(y.Val), mat.DenseCopyOf(x.Grad), ps.FlattenGrad(nil)
	}
	want, wantX, wantP := run(0)
	for _, block := range []int{1, 7, 40, 100} {
		got, gotX, gotP := run(block)
		if !mat.EqualApprox(got, want, 1e-14) || !mat.EqualApprox(gotX, wantX, 1e-13) {
			t.Errorf("block %d: outputs or input gradients differ from Forward's", block)
		}
		for k := range wantP {
			if math.Abs(gotP[k]-wantP[k]) > 1e-12*max(1, math.Abs(wantP[k])) {
				t.Fatalf("block %d: parameter gradient %d is %v, Forward's %v", block, k, gotP[k], wantP[k])
			}
		}
	}
}
