package autodiff

import (
	"fmt"
	"math"

	"github.com/mgpteam/mgp/pkg/autodiff/internal/simd"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
)

// Activation is the element-wise function a Dense op applies after the
// affine map.
type Activation int

const (
	// Linear applies nothing: the output is x·W + b.
	Linear Activation = iota
	// ActReLU is max(z, 0), gradient 0 at 0 (as ReLU).
	ActReLU
	// ActLeakyReLU is z where z > 0 and slope·z elsewhere (as LeakyReLU).
	ActLeakyReLU
)

// Dense is the fused layer act(x·W + b) for x (n x k), W (k x m) and the
// row b (1 x m): one GEMM and one pass over the output forward; backward,
// one pass for the activation's derivative and the bias gradient and one
// GEMM per weight and input gradient. It computes exactly what
// act(Add(MatMul(x, W), b)) computes, with one output Var instead of three,
// so an MLP's step touches a third of the memory. slope is used by
// ActLeakyReLU only and must lie in (0, 1).
func (t *Tape) Dense(x, W, b *Var, act Activation, slope float64) *Var {
	n, k := x.Val.Dims()
	wr, m := W.Val.Dims()
	br, bc := b.Val.Dims()
	if wr != k || br != 1 || bc != m {
		panic(fmt.Sprintf("autodiff: Dense: x %dx%d, W %dx%d, b %dx%d", n, k, wr, m, br, bc))
	}
	if act == ActLeakyReLU && !(slope > 0 && slope < 1) {
		panic(fmt.Sprintf("autodiff: Dense: leaky slope %g outside (0, 1)", slope))
	}
	out := t.newVar(n, m)
	blas64.Gemm(blas.NoTrans, blas.NoTrans, 1, general(x.Val), general(W.Val), 0, general(out.Val))
	y, bias := data(out.Val), data(b.Val)
	for i := 0; i < n; i++ {
		row := y[i*m : (i+1)*m]
		switch act {
		case Linear:
			for j, v := range row {
				row[j] = v + bias[j]
			}
		case ActReLU:
			simd.AddBiasReLU(row, bias)
		case ActLeakyReLU:
			for j, v := range row {
				z := v + bias[j]
				if z > 0 {
					row[j] = z
				} else {
					row[j] = slope * z
				}
			}
		}
	}
	if rec := t.record(denseBack, out, x, W, b); rec != nil {
		rec.writes = true
		rec.i0 = int(act)
		rec.f0 = slope
	}
	return out
}

// denseBack: with Ḡ the output gradient and D = act'(z) (read off the
// output: z > 0 exactly where the output is > 0), Z̄ = Ḡ ⊙ D, b̄ += 1ᵀZ̄
// (in the same pass), W̄ += xᵀZ̄, x̄ += Z̄Wᵀ.
func denseBack(t *Tape, rec *record) {
	x, W, b, out := rec.a, rec.b, rec.c, rec.out
	n, m := out.Val.Dims()
	var gb []float64
	if b.needGrad {
		gb = t.accGrad(b)
	}
	zg := out.Grad
	if act := Activation(rec.i0); act != Linear {
		zg = t.scratch(n, m)
	}
	g, y, z := data(out.Grad), data(out.Val), data(zg)
	act, slope := Activation(rec.i0), rec.f0
	for i := 0; i < n; i++ {
		gi, yi, zi := g[i*m:(i+1)*m], y[i*m:(i+1)*m], z[i*m:(i+1)*m]
		switch act {
		case ActReLU:
			if gb != nil {
				simd.ReLUMaskSum(zi, gi, yi, gb) // the bias gradient too
				continue
			}
			reluMask(zi, gi, yi)
		case ActLeakyReLU:
			for j, v := range gi {
				if yi[j] > 0 {
					zi[j] = v
				} else {
					zi[j] = slope * v
				}
			}
		}
		if gb != nil {
			for j, v := range zi {
				gb[j] += v
			}
		}
	}
	Z := general(zg)
	if W.needGrad {
		gw, beta := t.gradFor(W)
		blas64.Gemm(blas.Trans, blas.NoTrans, 1, general(x.Val), Z, beta, general(gw))
	}
	if x.needGrad {
		gx, beta := t.gradFor(x)
		blas64.Gemm(blas.NoTrans, blas.Trans, 1, Z, general(W.Val), beta, general(gx))
	}
}

// reluMask sets z = g where y > 0 and +0 elsewhere, for ReLU outputs y ≥ 0
// (so y > 0 exactly when y's bits are not zero): a bit mask instead of a
// branch, which mispredicts on about half of a layer's units.
func reluMask(z, g, y []float64) {
	g, y = g[:len(z)], y[:len(z)]
	for j := range z {
		yb := math.Float64bits(y[j])
		mask := -((yb | -yb) >> 63) // all ones when yb != 0
		z[j] = math.Float64frombits(math.Float64bits(g[j]) & mask)
	}
}
