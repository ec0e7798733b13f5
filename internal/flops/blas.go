package flops

import (
	"time"

	"gonum.org/v1/gonum/blas"
)

// The flop counts below are the usual ones (LAWN 41): one multiply and one
// add per term of every inner product, alpha and beta scalings not
// counted, a triangular factor with a unit diagonal skipping its diagonal.

// triFlops is the count of a triangular product or solve on an n x n
// factor applied to r vectors: n² per vector, n² - n with a unit diagonal.
func triFlops(d blas.Diag, n, r int) int64 {
	if d == blas.Unit {
		return int64(n) * int64(n-1) * int64(r)
	}
	return int64(n) * int64(n) * int64(r)
}

// Dgemm counts 2·m·n·k.
func (w counter) Dgemm(tA, tB blas.Transpose, m, n, k int, alpha float64, a []float64, lda int, b []float64, ldb int, beta float64, c []float64, ldc int) {
	defer w.c.clock(time.Now())
	w.add3("Dgemm", 2*int64(m)*int64(n)*int64(k), Shape{m, n, k})
	w.Float64.Dgemm(tA, tB, m, n, k, alpha, a, lda, b, ldb, beta, c, ldc)
}

// Dsymm counts 2·m²·n (A on the left, m x m) or 2·m·n² (on the right).
func (w counter) Dsymm(s blas.Side, ul blas.Uplo, m, n int, alpha float64, a []float64, lda int, b []float64, ldb int, beta float64, c []float64, ldc int) {
	defer w.c.clock(time.Now())
	k := n
	if s == blas.Left {
		k = m
	}
	w.add3("Dsymm", 2*int64(m)*int64(n)*int64(k), Shape{m, n, k})
	w.Float64.Dsymm(s, ul, m, n, alpha, a, lda, b, ldb, beta, c, ldc)
}

// Dsyrk counts n·(n+1)·k: one triangle of an n x n product with inner
// dimension k.
func (w counter) Dsyrk(ul blas.Uplo, t blas.Transpose, n, k int, alpha float64, a []float64, lda int, beta float64, c []float64, ldc int) {
	defer w.c.clock(time.Now())
	w.add3("Dsyrk", int64(n)*int64(n+1)*int64(k), Shape{n, n, k})
	w.Float64.Dsyrk(ul, t, n, k, alpha, a, lda, beta, c, ldc)
}

// Dsyr2k counts 2·n·(n+1)·k.
func (w counter) Dsyr2k(ul blas.Uplo, t blas.Transpose, n, k int, alpha float64, a []float64, lda int, b []float64, ldb int, beta float64, c []float64, ldc int) {
	defer w.c.clock(time.Now())
	w.add3("Dsyr2k", 2*int64(n)*int64(n+1)*int64(k), Shape{n, n, k})
	w.Float64.Dsyr2k(ul, t, n, k, alpha, a, lda, b, ldb, beta, c, ldc)
}

// triShape is the GEMM-equivalent shape of a TRMM or TRSM on an m x n B
// and its triangular factor's order.
func triShape(s blas.Side, m, n int) (Shape, int, int) {
	if s == blas.Left {
		return Shape{m, n, m}, m, n
	}
	return Shape{m, n, n}, n, m
}

// Dtrmm counts m²·n (factor on the left) or m·n² (on the right), less the
// diagonal's multiplications when it is a unit diagonal.
func (w counter) Dtrmm(s blas.Side, ul blas.Uplo, tA blas.Transpose, d blas.Diag, m, n int, alpha float64, a []float64, lda int, b []float64, ldb int) {
	defer w.c.clock(time.Now())
	sh, order, r := triShape(s, m, n)
	w.add3("Dtrmm", triFlops(d, order, r), sh)
	w.Float64.Dtrmm(s, ul, tA, d, m, n, alpha, a, lda, b, ldb)
}

// Dtrsm counts as Dtrmm.
func (w counter) Dtrsm(s blas.Side, ul blas.Uplo, tA blas.Transpose, d blas.Diag, m, n int, alpha float64, a []float64, lda int, b []float64, ldb int) {
	defer w.c.clock(time.Now())
	sh, order, r := triShape(s, m, n)
	w.add3("Dtrsm", triFlops(d, order, r), sh)
	w.Float64.Dtrsm(s, ul, tA, d, m, n, alpha, a, lda, b, ldb)
}

// Dgemv counts 2·m·n.
func (w counter) Dgemv(tA blas.Transpose, m, n int, alpha float64, a []float64, lda int, x []float64, incX int, beta float64, y []float64, incY int) {
	defer w.c.clock(time.Now())
	w.add("Dgemv", 2*int64(m)*int64(n))
	w.Float64.Dgemv(tA, m, n, alpha, a, lda, x, incX, beta, y, incY)
}

// Dtrmv counts n² (n² - n with a unit diagonal).
func (w counter) Dtrmv(ul blas.Uplo, tA blas.Transpose, d blas.Diag, n int, a []float64, lda int, x []float64, incX int) {
	defer w.c.clock(time.Now())
	w.add("Dtrmv", triFlops(d, n, 1))
	w.Float64.Dtrmv(ul, tA, d, n, a, lda, x, incX)
}

// Dtpmv counts as Dtrmv.
func (w counter) Dtpmv(ul blas.Uplo, tA blas.Transpose, d blas.Diag, n int, ap []float64, x []float64, incX int) {
	defer w.c.clock(time.Now())
	w.add("Dtpmv", triFlops(d, n, 1))
	w.Float64.Dtpmv(ul, tA, d, n, ap, x, incX)
}

// Dtrsv counts as Dtrmv.
func (w counter) Dtrsv(ul blas.Uplo, tA blas.Transpose, d blas.Diag, n int, a []float64, lda int, x []float64, incX int) {
	defer w.c.clock(time.Now())
	w.add("Dtrsv", triFlops(d, n, 1))
	w.Float64.Dtrsv(ul, tA, d, n, a, lda, x, incX)
}

// Dtpsv counts as Dtrmv.
func (w counter) Dtpsv(ul blas.Uplo, tA blas.Transpose, d blas.Diag, n int, ap []float64, x []float64, incX int) {
	defer w.c.clock(time.Now())
	w.add("Dtpsv", triFlops(d, n, 1))
	w.Float64.Dtpsv(ul, tA, d, n, ap, x, incX)
}

// Dsymv counts 2·n².
func (w counter) Dsymv(ul blas.Uplo, n int, alpha float64, a []float64, lda int, x []float64, incX int, beta float64, y []float64, incY int) {
	defer w.c.clock(time.Now())
	w.add("Dsymv", 2*int64(n)*int64(n))
	w.Float64.Dsymv(ul, n, alpha, a, lda, x, incX, beta, y, incY)
}

// Dspmv counts as Dsymv.
func (w counter) Dspmv(ul blas.Uplo, n int, alpha float64, ap []float64, x []float64, incX int, beta float64, y []float64, incY int) {
	defer w.c.clock(time.Now())
	w.add("Dspmv", 2*int64(n)*int64(n))
	w.Float64.Dspmv(ul, n, alpha, ap, x, incX, beta, y, incY)
}

// Dger counts 2·m·n.
func (w counter) Dger(m, n int, alpha float64, x []float64, incX int, y []float64, incY int, a []float64, lda int) {
	defer w.c.clock(time.Now())
	w.add("Dger", 2*int64(m)*int64(n))
	w.Float64.Dger(m, n, alpha, x, incX, y, incY, a, lda)
}

// Dsyr counts n·(n+1).
func (w counter) Dsyr(ul blas.Uplo, n int, alpha float64, x []float64, incX int, a []float64, lda int) {
	defer w.c.clock(time.Now())
	w.add("Dsyr", int64(n)*int64(n+1))
	w.Float64.Dsyr(ul, n, alpha, x, incX, a, lda)
}

// Dspr counts as Dsyr.
func (w counter) Dspr(ul blas.Uplo, n int, alpha float64, x []float64, incX int, ap []float64) {
	defer w.c.clock(time.Now())
	w.add("Dspr", int64(n)*int64(n+1))
	w.Float64.Dspr(ul, n, alpha, x, incX, ap)
}

// Dsyr2 counts 2·n·(n+1).
func (w counter) Dsyr2(ul blas.Uplo, n int, alpha float64, x []float64, incX int, y []float64, incY int, a []float64, lda int) {
	defer w.c.clock(time.Now())
	w.add("Dsyr2", 2*int64(n)*int64(n+1))
	w.Float64.Dsyr2(ul, n, alpha, x, incX, y, incY, a, lda)
}

// Dspr2 counts as Dsyr2.
func (w counter) Dspr2(ul blas.Uplo, n int, alpha float64, x []float64, incX int, y []float64, incY int, ap []float64) {
	defer w.c.clock(time.Now())
	w.add("Dspr2", 2*int64(n)*int64(n+1))
	w.Float64.Dspr2(ul, n, alpha, x, incX, y, incY, ap)
}

// Ddot counts 2·n.
func (w counter) Ddot(n int, x []float64, incX int, y []float64, incY int) float64 {
	defer w.c.clock(time.Now())
	w.add("Ddot", 2*int64(n))
	return w.Float64.Ddot(n, x, incX, y, incY)
}

// Daxpy counts 2·n.
func (w counter) Daxpy(n int, alpha float64, x []float64, incX int, y []float64, incY int) {
	defer w.c.clock(time.Now())
	w.add("Daxpy", 2*int64(n))
	w.Float64.Daxpy(n, alpha, x, incX, y, incY)
}

// Dscal counts n.
func (w counter) Dscal(n int, alpha float64, x []float64, incX int) {
	defer w.c.clock(time.Now())
	w.add("Dscal", int64(n))
	w.Float64.Dscal(n, alpha, x, incX)
}

// Dnrm2 counts 2·n.
func (w counter) Dnrm2(n int, x []float64, incX int) float64 {
	defer w.c.clock(time.Now())
	w.add("Dnrm2", 2*int64(n))
	return w.Float64.Dnrm2(n, x, incX)
}

// Dasum counts n.
func (w counter) Dasum(n int, x []float64, incX int) float64 {
	defer w.c.clock(time.Now())
	w.add("Dasum", int64(n))
	return w.Float64.Dasum(n, x, incX)
}

// Drot counts 6·n.
func (w counter) Drot(n int, x []float64, incX int, y []float64, incY int, c float64, s float64) {
	defer w.c.clock(time.Now())
	w.add("Drot", 6*int64(n))
	w.Float64.Drot(n, x, incX, y, incY, c, s)
}
