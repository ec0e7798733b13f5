package autodiff

import (
	"fmt"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/mat"
)

// GramSum returns C = Σ_r R_r R_rᵀ (M x M) of the M x K_r matrices Rs:
// the multi-output SVGP layer's Σ_d R_d R_dᵀ (models.md §9.4), with no
// M x (Σ K_r) concatenation. Forward is one symmetric rank-k update per
// input (half a GEMM's flops); backward, with S = C̄ + C̄ᵀ, R̄_r += S R_r,
// by a triangular product when lower is set (the caller promises every R_r
// is lower triangular, zero above the diagonal, as a Tril output is), else
// by a GEMM. For 784 factors of 100 x 100 that is about a third of the
// flops of ConcatCols followed by MatMul(Rc, Rc, false, true), and none of
// its 63 MB copies.
func (t *Tape) GramSum(lower bool, Rs ...*Var) *Var { return t.gramSum(lower, nil, Rs) }

// WeightedGramSum returns C = Σ_r w_r R_r R_rᵀ (M x M), w holding one
// weight per factor (any shape with len(Rs) entries): the multi-output
// SVGP layer's Σ_d R_d R_dᵀ/σ_d² with a noise variance per output. As
// GramSum, one symmetric rank-k update per factor forward; backward
// R̄_r += w_r S R_r and w̄_r += ½⟨S R_r, R_r⟩ from the same product S R_r,
// so the weights cost no extra product.
func (t *Tape) WeightedGramSum(lower bool, w *Var, Rs ...*Var) *Var {
	if r, c := w.Val.Dims(); r*c != len(Rs) {
		panic(fmt.Sprintf("autodiff: WeightedGramSum: %dx%d weights for %d factors", r, c, len(Rs)))
	}
	return t.gramSum(lower, w, Rs)
}

// gramSum is GramSum (w nil) and WeightedGramSum.
func (t *Tape) gramSum(lower bool, w *Var, Rs []*Var) *Var {
	if len(Rs) == 0 {
		panic("autodiff: GramSum of no matrices")
	}
	M := Rs[0].Rows()
	for _, R := range Rs {
		if R.Rows() != M || (lower && R.Cols() != M) {
			panic(fmt.Sprintf("autodiff: GramSum: %dx%d factor among %d-row ones (lower=%v)", R.Rows(), R.Cols(), M, lower))
		}
	}
	out := t.newVar(M, M)
	C := out.Val.RawMatrix()
	sym := blas64.Symmetric{Uplo: blas.Lower, N: M, Stride: C.Stride, Data: C.Data}
	for r, R := range Rs {
		alpha, beta := 1.0, 1.0
		if w != nil {
			alpha = data(w.Val)[r]
		}
		if r == 0 {
			beta = 0
		}
		blas64.Syrk(blas.NoTrans, alpha, general(R.Val), beta, sym)
	}
	for i := 0; i < M; i++ { // mirror the lower triangle
		for j := 0; j < i; j++ {
			C.Data[j*C.Stride+i] = C.Data[i*C.Stride+j]
		}
	}
	ins := Rs
	if w != nil {
		ins = append([]*Var{w}, Rs...)
	}
	if rec := t.record(gramSumBack, out, ins...); rec != nil {
		rec.a, rec.b, rec.c, rec.d = w, nil, nil, nil
		rec.ins = append(rec.ins, Rs...)
		rec.flag = lower
		rec.writes = true
	}
	return out
}

func gramSumBack(t *Tape, rec *record) {
	M := rec.out.Rows()
	S := t.scratch(M, M) // C̄ + C̄ᵀ
	s, g := data(S), data(rec.out.Grad)
	for i := 0; i < M; i++ {
		for j := 0; j < M; j++ {
			s[i*M+j] = g[i*M+j] + g[j*M+i]
		}
	}
	w := rec.a
	var wv, gw []float64 // the weights and their gradient, ½⟨S R_r, R_r⟩
	if w != nil {
		wv = data(w.Val)
		if w.needGrad {
			gw = data(t.scratchZero(1, len(wv)))
		}
	}
	var T []float64 // S R_r when R̄_r already holds a gradient or w needs one
	for r, R := range rec.ins {
		if !R.needGrad && gw == nil {
			continue
		}
		alpha := 1.0
		if wv != nil {
			alpha = wv[r]
		}
		K := R.Cols()
		var gR *mat.Dense
		beta := 0.0
		if R.needGrad {
			gR, beta = t.gradFor(R)
		}
		if !rec.flag && gw == nil {
			blas64.Gemm(blas.NoTrans, blas.NoTrans, alpha, general(S), general(R.Val), beta, general(gR))
			continue
		}
		var dst []float64
		if gR != nil && beta == 0 {
			dst = data(gR)
		} else {
			if len(T) < M*K {
				T = data(t.scratch(M, K))
			}
			dst = T[:M*K]
		}
		D := blas64.General{Rows: M, Cols: K, Stride: K, Data: dst}
		if rec.flag {
			copy(dst, s)
			blas64.Trmm(blas.Right, blas.NoTrans, 1, lowerTri(R.Val), D)
		} else {
			blas64.Gemm(blas.NoTrans, blas.NoTrans, 1, general(S), general(R.Val), 0, D)
		}
		if gw != nil {
			gw[r] = 0.5 * dotDense(dst, R.Val)
		}
		switch {
		case gR == nil:
		case beta == 0:
			if alpha != 1 {
				blas64.Scal(alpha, blas64.Vector{N: M * K, Inc: 1, Data: dst})
			}
		default:
			gr := data(gR)
			for k, v := range dst {
				gr[k] += alpha * v
			}
		}
	}
	if gw != nil {
		gW, beta := t.gradFor(w)
		d := data(gW)
		for r, v := range gw {
			if beta == 0 {
				d[r] = v
			} else {
				d[r] += v
			}
		}
	}
}

// dotDense is Σ_k a_k b_k over b's entries in row order, a holding them
// contiguously.
func dotDense(a []float64, b *mat.Dense) float64 {
	rb := b.RawMatrix()
	var sum float64
	for i := 0; i < rb.Rows; i++ {
		row := rb.Data[i*rb.Stride : i*rb.Stride+rb.Cols]
		for j, v := range row {
			sum += a[i*rb.Cols+j] * v
		}
	}
	return sum
}
