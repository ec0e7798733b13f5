package models

import (
	"errors"
	"fmt"
	"math"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"github.com/mgpteam/mgp/pkg/models/nn"
	"gonum.org/v1/gonum/mat"
)

// log2Pi is log(2π), as autodiff's GaussLogPdf takes it.
var log2Pi = math.Log(2 * math.Pi)

// gaussHeadOp is the Gaussian log-likelihood of a network's mean and
// variance head, summed over each row, as an autodiff custom op on the
// inputs out (n x 2D), whose first D columns are means μ and last D raw
// values ρ, and y (b x D, n a multiple of b): row r of the n x 1 result is
//
//	Σ_d log N(y_{r mod b, d} | μ_{rd}, Softplus(ρ_{rd} + shift) + floor).
//
// It computes, value for value and gradient for gradient (to the bit), what
//
//	mu, raw := SliceCols(out, 0, D), SliceCols(out, D, 2D)
//	v := AddConst(Softplus(AddConst(raw, shift)), floor)
//	RowSum(GaussLogPdf(Tile(y, n/b), mu, v))
//
// computes, in one pass forward and one backward, with the variances (its
// aux) as its only n x D intermediate instead of nine on the tape. y gets
// no gradient: it must not need one. Use it through a pointer (cvaeHead),
// so that putting it on the tape allocates nothing.
type gaussHeadOp struct{ shift, floor float64 }

// cvaeHead is the head of CVAE's heteroscedastic decoder: the variance
// floor and softplus shift of flooredVar.
var cvaeHead = &gaussHeadOp{shift: nn.DefaultShift, floor: NNVarFloor}

// gaussHeadRowSums applies h to the targets y and the head's output out.
func gaussHeadRowSums(t *ad.Tape, h *gaussHeadOp, y, out *ad.Var) *ad.Var {
	return t.Custom(h, out, y)
}

func (*gaussHeadOp) Name() string { return "GaussHeadRowSums" }

func (*gaussHeadOp) Shape(in []*ad.Var) (int, int, error) {
	out, y := in[0], in[1]
	b, D := y.Val.Dims()
	n, c := out.Val.Dims()
	if c != 2*D || n%b != 0 {
		return 0, 0, fmt.Errorf("y %dx%d, out %dx%d", b, D, n, c)
	}
	if y.NeedsGrad() {
		return 0, 0, errors.New("y must not need a gradient")
	}
	return n, 1, nil
}

func (h *gaussHeadOp) Forward(t *ad.Tape, res *mat.Dense, in []*ad.Var) (*mat.Dense, error) {
	out, y := in[0], in[1]
	b, D := y.Val.Dims()
	n, c := out.Val.Dims()
	V := t.Scratch(n, D)
	yd, od, vd, rd := rawData(y.Val), rawData(out.Val), rawData(V), rawData(res)
	for r := 0; r < n; r++ {
		i := r % b
		yr, mu, raw, vr := yd[i*D:(i+1)*D], od[r*c:r*c+D], od[r*c+D:(r+1)*c], vd[r*D:(r+1)*D]
		s := 0.0 // RowSum's sum, from 0 in column order
		for d, m := range mu {
			v := ad.Softplus(raw[d]+h.shift) + h.floor
			vr[d] = v
			x := yr[d] - m
			s += -0.5*(log2Pi+math.Log(v)) - x*x/(2*v)
		}
		rd[r] = s
	}
	return V, nil
}

// Backward repeats, per element, the backward passes of the chain that
// the op fuses, each gradient starting from the zero the tape would have
// given it (0 + g, 0 - g: the same signed zeros, so adding them into out's
// zeroed gradient gives the chain's bits): RowSum, GaussLogPdf's d and v,
// Sub's μ, AddConst, Softplus, AddConst, and the two SliceCols (the raw
// columns first, then the means).
func (h *gaussHeadOp) Backward(_ *ad.Tape, res *ad.Var, in []*ad.Var, V *mat.Dense) {
	out, y := in[0], in[1]
	b, D := y.Val.Dims()
	n, c := out.Val.Dims()
	g, ga, yd, od, vd := rawData(res.Grad), rawData(out.Grad), rawData(y.Val), rawData(out.Val), rawData(V)
	for r := 0; r < n; r++ {
		i := r % b
		yr, mu, raw, vr := yd[i*D:(i+1)*D], od[r*c:r*c+D], od[r*c+D:(r+1)*c], vd[r*D:(r+1)*D]
		gMu, gRaw := ga[r*c:r*c+D], ga[r*c+D:(r+1)*c]
		G := 0 + g[r]*1 // RowSum's backward
		for d, m := range mu {
			v, x := vr[d], yr[d]-m
			gd := 0 - G*x/v
			gv := 0 + 0.5*G*(x*x/(v*v)-1/v)
			gm := 0 + -1*gd
			gsp := 0 + gv
			ga1 := 0 + gsp*ad.Sigmoid(raw[d]+h.shift)
			gRaw[d] += 0 + ga1
			gMu[d] += gm
		}
	}
}

// rawData returns the contiguous storage of m.
func rawData(m *mat.Dense) []float64 { return m.RawMatrix().Data }
