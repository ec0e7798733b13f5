// Package nn holds the multilayer perceptrons of mgp's latent-variable
// models and neural competitors (models.md §1.4): dense layers with ReLU
// hidden units and a linear last layer whose output splits into a mean and
// a raw variance.
package nn

import (
	"fmt"
	"math"
	"math/rand/v2"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"gonum.org/v1/gonum/mat"
)

// Dense is one affine layer: x W + b, with W (in x out) and b (1 x out).
type Dense struct {
	W, B *ad.Param
}

// MLP is a stack of Dense layers with ReLU after every layer but the last
// ([C]'s mlp_share).
type MLP struct {
	Layers []Dense
	Sizes  []int
	// LeakySlope, when positive, makes the hidden units leaky ReLUs with
	// this slope for negative inputs (a remedy for dead units, models.md
	// §5.6a); 0 is the plain ReLU of the paper.
	LeakySlope float64
}

// act applies the hidden-unit activation.
func (m *MLP) act(t *ad.Tape, x *ad.Var) *ad.Var {
	if m.LeakySlope > 0 {
		return t.LeakyReLU(x, m.LeakySlope)
	}
	return t.ReLU(x)
}

// truncNormal draws from N(0, 1) truncated to [-2, 2] by rejection.
func truncNormal(rng *rand.Rand) float64 {
	for {
		if z := rng.NormFloat64(); z >= -2 && z <= 2 {
			return z
		}
	}
}

// NewMLP builds an MLP with layer sizes sizes = [d_in, h_1, ..., h_L,
// d_out]; weights are TruncNormal[-2,2](0,1)·√(2/(n_in+n_out)) from rng,
// biases 0 (models.md §1.4). Params are named prefix+"W<k>"/"b<k>".
func NewMLP(prefix string, sizes []int, rng *rand.Rand) *MLP {
	if len(sizes) < 2 {
		panic(fmt.Sprintf("nn: MLP needs at least input and output sizes, got %v", sizes))
	}
	m := &MLP{Sizes: append([]int(nil), sizes...)}
	for k := 0; k+1 < len(sizes); k++ {
		in, out := sizes[k], sizes[k+1]
		W := mat.NewDense(in, out, nil)
		s := math.Sqrt(2 / float64(in+out))
		for i := 0; i < in; i++ {
			for j := 0; j < out; j++ {
				W.Set(i, j, s*truncNormal(rng))
			}
		}
		m.Layers = append(m.Layers, Dense{
			W: ad.NewParam(fmt.Sprintf("%sW%d", prefix, k+1), ad.Identity, W),
			B: ad.NewParam(fmt.Sprintf("%sb%d", prefix, k+1), ad.Identity, mat.NewDense(1, out, nil)),
		})
	}
	return m
}

// ZeroOutputCols sets the weights and biases of output columns [c0, c1) of
// the last layer to zero, so those outputs start at 0 for every input.
func (m *MLP) ZeroOutputCols(c0, c1 int) {
	last := m.Layers[len(m.Layers)-1]
	for _, p := range []*ad.Param{last.W, last.B} {
		r, _ := p.Raw.Dims()
		for i := 0; i < r; i++ {
			for j := c0; j < c1; j++ {
				p.Raw.Set(i, j, 0)
			}
		}
	}
}

// Params lists the weights and biases in layer order.
func (m *MLP) Params() []*ad.Param {
	var ps []*ad.Param
	for _, l := range m.Layers {
		ps = append(ps, l.W, l.B)
	}
	return ps
}

// Forward maps x (n x d_in) to the output (n x d_out), one fused Dense op
// per layer.
func (m *MLP) Forward(t *ad.Tape, x *ad.Var) *ad.Var {
	hidden, slope := ad.ActReLU, 0.0
	if m.LeakySlope > 0 {
		hidden, slope = ad.ActLeakyReLU, m.LeakySlope
	}
	for k, l := range m.Layers {
		act := hidden
		if k+1 == len(m.Layers) {
			act = ad.Linear
		}
		x = t.Dense(x, l.W.On(t), l.B.On(t), act, slope)
	}
	return x
}

// RowBlock is the block of rows the models pass to ForwardRows for their
// S·b-row networks (SLGP's encoder, CVAE's decoder): 5120 rows at once spill
// every layer's activations out of cache. With the GP layer's blocks
// (gp.DefaultRowBlock) the SLGP step's median over 7 alternating runs fell
// from 63.2 to 55.0 ms (blocks of 512 rows here: 56.7).
const RowBlock = 256

// ForwardRows is Forward taken through the network block rows of x at a
// time (all of x when it has no more rows or block ≤ 0), the outputs
// stacked again: the same per-row values, but each block's activations stay
// in cache from one layer to the next, forward and backward.
func (m *MLP) ForwardRows(t *ad.Tape, x *ad.Var, block int) *ad.Var {
	n := x.Rows()
	if block <= 0 || n <= block {
		return m.Forward(t, x)
	}
	var buf [32]*ad.Var // on the stack for up to 32 blocks
	outs := buf[:0]
	for r0 := 0; r0 < n; r0 += block {
		outs = append(outs, m.Forward(t, t.SliceRows(x, r0, min(n, r0+block))))
	}
	return t.ConcatRows(outs...)
}

// Hidden returns the pre-activations of every hidden layer at x (for
// diagnostics; the activations are what the next layer sees).
func (m *MLP) Hidden(t *ad.Tape, x *ad.Var) []*ad.Var {
	var hs []*ad.Var
	for _, l := range m.Layers[:len(m.Layers)-1] {
		pre := t.Add(t.MatMul(x, l.W.On(t), false, false), l.B.On(t))
		hs = append(hs, pre)
		x = m.act(t, pre)
	}
	return hs
}

// DeadFractions returns, per hidden layer, the fraction of units whose
// pre-activation is <= 0 at every row of X: ReLUs that output 0 everywhere
// and no longer carry information or gradient (models.md §5.6a). For leaky
// units it counts those stuck on the negative side, which still pass a
// slope-scaled gradient.
func (m *MLP) DeadFractions(X *mat.Dense) []float64 {
	t := ad.NewTape()
	t.NoGrad = true
	hs := m.Hidden(t, t.Const(X))
	out := make([]float64, len(hs))
	for k, h := range hs {
		r, c := h.Val.Dims()
		dead := 0
		for j := 0; j < c; j++ {
			alive := false
			for i := 0; i < r && !alive; i++ {
				alive = h.Val.At(i, j) > 0
			}
			if !alive {
				dead++
			}
		}
		out[k] = float64(dead) / float64(c)
	}
	return out
}

// DefaultShift is the -5 inside the default variance head sp(r - 5).
const DefaultShift = -5

// SplitHead splits an n x 2D output into the mean (first D columns) and
// the raw values r (last D columns).
func SplitHead(t *ad.Tape, out *ad.Var) (mean, raw *ad.Var) {
	D := out.Cols() / 2
	return t.SliceCols(out, 0, D), t.SliceCols(out, D, 2*D)
}

// SoftplusVar is the default variance head v = sp(r - 5) (models.md §1.4).
func SoftplusVar(t *ad.Tape, raw *ad.Var) *ad.Var {
	return t.Softplus(t.AddConst(raw, DefaultShift))
}

// BoundedVar is the SLGP encoder's head v = ν₀·sig(r), ν₀ a 1 x 1 Var.
func BoundedVar(t *ad.Tape, raw, nu0 *ad.Var) *ad.Var {
	return t.Mul(t.Sigmoid(raw), nu0)
}
