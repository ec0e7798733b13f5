package models

import (
	"fmt"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/mat"
)

// mixVarOp is the variance part of mixtureMarginals for one block of rows
// as one op: for A = L⁻¹K_ZX (M x n), the kernel's diagonal k (n x 1) and
// the P lower-triangular factors R_r (M x M, only the lower triangle
// read), the n x P variances
//
//	ν_jr = (k_j − ‖a_j‖²) + ‖R_rᵀa_j‖²,
//
// the values of Sub, ColSumSquares, TriMatMul, Add, Transpose and
// ConcatCols composed (bit for bit), without their n-column
// intermediates on the tape. Backward, with X_r = R_rᵀA kept from the
// forward pass and X̄_r = 2 X_r diag(ν̄_r) formed in its place,
//
//	k̄ += Σ_r ν̄_r,  R̄_r += tril(A X̄_rᵀ),  Ā += −2 A diag(Σ_r ν̄_r) + Σ_r R_r X̄_r,
//
// one TRMM forward and one TRMM and one lower-half GEMM backward per
// output, as the composed ops, but two element-wise passes over M x n per
// output instead of about six (gradient clears, copies, the reduction's
// backward, the sums into Ā). The gradients agree with the composed ops'
// to rounding: Ā and R̄ are summed in another order
// (TestMixtureMarginalsMatchLayer).
type mixVarOp struct{}

// Name implements ad.CustomOp.
func (mixVarOp) Name() string { return "mixture variances" }

// Shape implements ad.CustomOp: inputs A (M x n), k (n x 1), R_1..R_P.
func (mixVarOp) Shape(in []*ad.Var) (int, int, error) {
	if len(in) < 3 {
		return 0, 0, fmt.Errorf("%d inputs, want A, k and at least one factor", len(in))
	}
	M, n := in[0].Val.Dims()
	if r, c := in[1].Val.Dims(); r != n || c != 1 {
		return 0, 0, fmt.Errorf("k is %dx%d for A %dx%d, want %dx1", r, c, M, n, n)
	}
	for _, R := range in[2:] {
		if r, c := R.Val.Dims(); r != M || c != M {
			return 0, 0, fmt.Errorf("factor %dx%d for A %dx%d", r, c, M, n)
		}
	}
	return n, len(in) - 2, nil
}

// Forward implements ad.CustomOp; aux holds X_r = R_rᵀA, P·M x n.
func (mixVarOp) Forward(t *ad.Tape, out *mat.Dense, in []*ad.Var) (*mat.Dense, error) {
	A, k, rs := in[0].Val.RawMatrix(), in[1].Val.RawMatrix(), in[2:]
	M, n, P := A.Rows, A.Cols, len(rs)
	aux := t.Scratch(P*M, n)
	ss := t.Scratch(2, n).RawMatrix().Data
	base, s := ss[:n], ss[n:]
	colSumSq(s, A.Data, M, n)
	for j := range base {
		base[j] = k.Data[j] - s[j]
	}
	o, x := out.RawMatrix().Data, aux.RawMatrix().Data
	for r, R := range rs {
		xr := x[r*M*n : (r+1)*M*n]
		copy(xr, A.Data[:M*n])
		blas64.Trmm(blas.Left, blas.Trans, 1, lower(R.Val), blas64.General{Rows: M, Cols: n, Stride: n, Data: xr})
		colSumSq(s, xr, M, n)
		for j, v := range s {
			o[j*P+r] = base[j] + v
		}
	}
	return aux, nil
}

// Backward implements ad.CustomOp; it overwrites aux with X̄_r and then
// R_r X̄_r.
func (mixVarOp) Backward(t *ad.Tape, out *ad.Var, in []*ad.Var, aux *mat.Dense) {
	Av, kv, rs := in[0], in[1], in[2:]
	A := Av.Val.RawMatrix()
	M, n, P := A.Rows, A.Cols, len(rs)
	g := out.Grad.RawMatrix().Data
	gsum := t.Scratch(1, n).RawMatrix().Data
	for j := range gsum {
		v := 0.0
		for r := range P {
			v += g[j*P+r]
		}
		gsum[j] = v
	}
	if kv.NeedsGrad() {
		gk := kv.Grad.RawMatrix().Data
		for j, v := range gsum {
			gk[j] += v
		}
	}
	var ga []float64
	if Av.NeedsGrad() {
		ga = Av.Grad.RawMatrix().Data
		for i := range M {
			gi, ai := ga[i*n:(i+1)*n], A.Data[i*n:(i+1)*n]
			for j, v := range ai {
				ga[i*n+j] = gi[j] + 2*v*(-gsum[j])
			}
		}
	}
	x := aux.RawMatrix().Data
	for r, R := range rs {
		if !R.NeedsGrad() && ga == nil {
			continue
		}
		xr := x[r*M*n : (r+1)*M*n]
		for i := range M {
			row := xr[i*n : (i+1)*n]
			for j, v := range row {
				row[j] = 2 * v * g[j*P+r]
			}
		}
		X := blas64.General{Rows: M, Cols: n, Stride: n, Data: xr}
		if R.NeedsGrad() {
			addLowerABt(t, R.Grad.RawMatrix(), A, X)
		}
		if ga != nil {
			blas64.Trmm(blas.Left, blas.NoTrans, 1, lower(R.Val), X)
			for i, v := range xr {
				ga[i] += v
			}
		}
	}
}

// colSumSq sets s[j] = Σ_i x_ij² for the m x n row-major x, summing down
// the rows as autodiff's ColSumSquares does.
func colSumSq(s, x []float64, m, n int) {
	clear(s)
	for i := range m {
		for j, v := range x[i*n : (i+1)*n] {
			s[j] += v * v
		}
	}
}

// lower views the square m as a lower-triangular matrix.
func lower(m *mat.Dense) blas64.Triangular {
	raw := m.RawMatrix()
	return blas64.Triangular{Uplo: blas.Lower, Diag: blas.NonUnit, N: raw.Rows, Stride: raw.Stride, Data: raw.Data}
}

// lowerABtBlock is the order of the diagonal blocks of addLowerABt.
const lowerABtBlock = 32

// addLowerABt adds the lower triangle (diagonal included) of A Bᵀ (A, B
// M x n) to the M x M G, recursively: the lower triangles of the two
// diagonal halves, and the block below them as one GEMM, down to diagonal
// blocks of lowerABtBlock, which go through a small scratch of which only
// the lower triangle is added. The flops are those of row blocks of that
// height, but in fewer and larger GEMMs (at M = 500, n = 512 on
// OpenBLAS, about a tenth less CPU time than 16 row-block GEMMs:
// BenchmarkAddLowerABt, interleaved runs under load). G's strict upper
// triangle is not touched.
func addLowerABt(t *ad.Tape, G, A, B blas64.General) {
	d := t.Scratch(lowerABtBlock, lowerABtBlock).RawMatrix()
	addLowerABtRange(G, A, B, d, 0, G.Rows)
}

// addLowerABtRange is addLowerABt on rows and columns [r0, r1) of G.
func addLowerABtRange(G, A, B, d blas64.General, r0, r1 int) {
	rows := func(X blas64.General, i0, i1 int) blas64.General {
		return blas64.General{Rows: i1 - i0, Cols: X.Cols, Stride: X.Stride, Data: X.Data[i0*X.Stride:]}
	}
	h := r1 - r0
	if h <= lowerABtBlock {
		blas64.Gemm(blas.NoTrans, blas.Trans, 1, rows(A, r0, r1), rows(B, r0, r1), 0, blas64.General{Rows: h, Cols: h, Stride: d.Stride, Data: d.Data})
		for i := range h {
			gi := G.Data[(r0+i)*G.Stride+r0:]
			for j, v := range d.Data[i*d.Stride : i*d.Stride+i+1] {
				gi[j] += v
			}
		}
		return
	}
	mid := r0 + (h/2+lowerABtBlock-1)/lowerABtBlock*lowerABtBlock
	addLowerABtRange(G, A, B, d, r0, mid)
	g := blas64.General{Rows: r1 - mid, Cols: mid - r0, Stride: G.Stride, Data: G.Data[mid*G.Stride+r0:]}
	blas64.Gemm(blas.NoTrans, blas.Trans, 1, rows(A, mid, r1), rows(B, r0, mid), 1, g)
	addLowerABtRange(G, A, B, d, mid, r1)
}
