package flops

import (
	"bytes"
	"math"
	"strings"
	"testing"
	"time"

	"gonum.org/v1/gonum/blas"
	"gonum.org/v1/gonum/blas/blas64"
	"gonum.org/v1/gonum/lapack/lapack64"
)

func general(r, c int) blas64.General {
	g := blas64.General{Rows: r, Cols: c, Stride: c, Data: make([]float64, r*c)}
	for i := range g.Data {
		g.Data[i] = float64(i%7) + 1
	}
	return g
}

func lower(n int) blas64.Triangular {
	g := general(n, n)
	for i := 0; i < n; i++ {
		g.Data[i*n+i] = float64(n + 2)
	}
	return blas64.Triangular{Uplo: blas.Lower, Diag: blas.NonUnit, N: n, Stride: n, Data: g.Data}
}

// TestCountsOfKnownCalls checks the count of one call of every counted
// shape class against its formula, with exact integers.
func TestCountsOfKnownCalls(t *testing.T) {
	unit := lower(4)
	unit.Diag = blas.Unit
	sym := blas64.Symmetric{Uplo: blas.Lower, N: 4, Stride: 4, Data: general(4, 4).Data}
	cases := []struct {
		name    string
		routine string
		want    int64
		shape   Shape
		call    func()
	}{
		{"gemm 3x4x5", "Dgemm", 2 * 3 * 4 * 5, Shape{3, 4, 5}, func() {
			blas64.Gemm(blas.NoTrans, blas.NoTrans, 1, general(3, 5), general(5, 4), 0, general(3, 4))
		}},
		{"gemm transposed", "Dgemm", 2 * 3 * 4 * 5, Shape{3, 4, 5}, func() {
			blas64.Gemm(blas.Trans, blas.Trans, 1, general(5, 3), general(4, 5), 0, general(3, 4))
		}},
		{"syrk n=4 k=3", "Dsyrk", 4 * 5 * 3, Shape{4, 4, 3}, func() {
			blas64.Syrk(blas.NoTrans, 1, general(4, 3), 0, sym)
		}},
		{"symm left", "Dsymm", 2 * 4 * 4 * 3, Shape{4, 3, 4}, func() {
			blas64.Symm(blas.Left, 1, sym, general(4, 3), 0, general(4, 3))
		}},
		{"trmm left 4x3", "Dtrmm", 4 * 4 * 3, Shape{4, 3, 4}, func() {
			blas64.Trmm(blas.Left, blas.NoTrans, 1, lower(4), general(4, 3))
		}},
		{"trmm right 3x4", "Dtrmm", 3 * 4 * 4, Shape{3, 4, 4}, func() {
			blas64.Trmm(blas.Right, blas.Trans, 1, lower(4), general(3, 4))
		}},
		{"trmm unit", "Dtrmm", 4 * 3 * 3, Shape{4, 3, 4}, func() {
			blas64.Trmm(blas.Left, blas.NoTrans, 1, unit, general(4, 3))
		}},
		{"trsm left 4x3", "Dtrsm", 4 * 4 * 3, Shape{4, 3, 4}, func() {
			blas64.Trsm(blas.Left, blas.NoTrans, 1, lower(4), general(4, 3))
		}},
		{"trsm right 5x4", "Dtrsm", 5 * 4 * 4, Shape{5, 4, 4}, func() {
			blas64.Trsm(blas.Right, blas.Trans, 1, lower(4), general(5, 4))
		}},
		{"gemv 3x4", "Dgemv", 2 * 3 * 4, Shape{}, func() {
			blas64.Gemv(blas.NoTrans, 1, general(3, 4), blas64.Vector{N: 4, Inc: 1, Data: make([]float64, 4)}, 0, blas64.Vector{N: 3, Inc: 1, Data: make([]float64, 3)})
		}},
		{"trsv 4", "Dtrsv", 16, Shape{}, func() {
			blas64.Trsv(blas.NoTrans, lower(4), blas64.Vector{N: 4, Inc: 1, Data: make([]float64, 4)})
		}},
		{"ger 3x4", "Dger", 24, Shape{}, func() {
			blas64.Ger(1, blas64.Vector{N: 3, Inc: 1, Data: make([]float64, 3)}, blas64.Vector{N: 4, Inc: 1, Data: make([]float64, 4)}, general(3, 4))
		}},
		{"dot 5", "Ddot", 10, Shape{}, func() {
			blas64.Dot(blas64.Vector{N: 5, Inc: 1, Data: make([]float64, 5)}, blas64.Vector{N: 5, Inc: 1, Data: make([]float64, 5)})
		}},
		{"axpy 5", "Daxpy", 10, Shape{}, func() {
			blas64.Axpy(2, blas64.Vector{N: 5, Inc: 1, Data: make([]float64, 5)}, blas64.Vector{N: 5, Inc: 1, Data: make([]float64, 5)})
		}},
		{"scal 5", "Dscal", 5, Shape{}, func() {
			blas64.Scal(2, blas64.Vector{N: 5, Inc: 1, Data: make([]float64, 5)})
		}},
	}
	for _, c := range cases {
		got := Count(c.call)
		if got.Total != c.want || got.ByRoutine[c.routine] != c.want || got.Calls[c.routine] != 1 {
			t.Errorf("%s: total %d, %s %d in %d calls; want %d in 1 call", c.name, got.Total, c.routine, got.ByRoutine[c.routine], got.Calls[c.routine], c.want)
		}
		if s, ok := got.Dominant(); ok != (c.shape != Shape{}) || s != c.shape {
			t.Errorf("%s: dominant shape %v (%v), want %v", c.name, s, ok, c.shape)
		}
	}
}

// TestCountRestores checks that Count puts back the implementation it
// found, also when its function panics.
func TestCountRestores(t *testing.T) {
	prev := blas64.Implementation()
	Count(func() {})
	if blas64.Implementation() != prev {
		t.Fatal("Count left its wrapper installed")
	}
	func() {
		defer func() { _ = recover() }()
		Count(func() { panic("x") })
	}()
	if blas64.Implementation() != prev {
		t.Fatal("Count left its wrapper installed after a panic")
	}
}

// TestCholeskyCountsThroughBLAS checks that gonum's LAPACK is counted
// through its BLAS calls: the unblocked Dpotf2 (n = 6) exactly, the
// blocked Dpotrf (n = 300) within 1 % of n³/3.
func TestCholeskyCountsThroughBLAS(t *testing.T) {
	spd := func(n int) blas64.Symmetric {
		a := blas64.Symmetric{Uplo: blas.Lower, N: n, Stride: n, Data: make([]float64, n*n)}
		for i := 0; i < n; i++ {
			for j := 0; j < n; j++ {
				a.Data[i*n+j] = 1 / float64(1+i+j)
			}
			a.Data[i*n+i] += float64(n)
		}
		return a
	}
	const n = 6
	var want int64
	for j := 0; j < n; j++ {
		want += 2 * int64(j) // Ddot
		if j < n-1 {
			want += 2*int64(n-j-1)*int64(j) + int64(n-j-1) // Dgemv, Dscal
		}
	}
	a := spd(n)
	if got := Count(func() { lapack64.Potrf(a) }); got.Total != want {
		t.Errorf("Potrf n=%d: %d flops, want %d", n, got.Total, want)
	}
	const big = 300
	b := spd(big)
	got := Count(func() { lapack64.Potrf(b) })
	if ref := float64(big) * big * big / 3; math.Abs(float64(got.Total)-ref) > 0.01*ref {
		t.Errorf("Potrf n=%d: %d flops, want n³/3 = %.0f within 1%%", big, got.Total, ref)
	}
	if got.Level3() == 0 {
		t.Errorf("blocked Potrf counted no level-3 flops: %v", got.ByRoutine)
	}
}

// TestTable checks the derived columns and the table's layout on a
// constructed row (no timing involved).
func TestTable(t *testing.T) {
	r := Row{Step: "sgp", Shape: "B=512", Counts: Counts{Total: 2e9, ByRoutine: map[string]int64{"Dgemm": 1e9}},
		Time: Timing{Wall: 100 * time.Millisecond, CPU: 80 * time.Millisecond}, BLAS: 64 * time.Millisecond,
		Gemm: Shape{512, 100, 100}, GemmRate: 40}
	if got := r.Rate(); got != 25 {
		t.Errorf("rate %v, want 25", got)
	}
	if got := r.Floor(); got != 50*time.Millisecond {
		t.Errorf("floor %v, want 50ms", got)
	}
	if got := r.Ratio(); got != 1.6 {
		t.Errorf("ratio %v, want 1.6", got)
	}
	if got := r.BLASRate(); got != 31.25 {
		t.Errorf("BLAS rate %v, want 31.25", got)
	}
	if got := r.Outside(); got != 36*time.Millisecond {
		t.Errorf("outside %v, want 36ms", got)
	}
	r2 := r
	r2.Step, r2.BLAS = "shgp", 0
	var buf bytes.Buffer
	if err := WriteTable(&buf, []Row{r, r2}); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"| sgp | B=512 | 2 | 50.0 | 100 | 80 | 64 | 36 | 31.2 | 25 | 512×100×100 | 40 | 50 | 1.60 |",
		"| shgp | B=512 | 2 | 50.0 | 100 | 80 | - | - | - | 25 | 512×100×100 | 40 | 50 | 1.60 |",
	} {
		if !strings.Contains(buf.String(), want) {
			t.Errorf("table:\n%s\nwant a line %s", buf.String(), want)
		}
	}
}

// TestCountTimesBLAS checks that InBLAS is zero without BLAS calls and,
// with them, positive and within the wall time of the whole function (an
// invariant, not a speed threshold).
func TestCountTimesBLAS(t *testing.T) {
	if got := Count(func() {}).InBLAS; got != 0 {
		t.Errorf("no BLAS call: InBLAS %v, want 0", got)
	}
	a, b, c := general(120, 80), general(80, 90), general(120, 90)
	var whole time.Duration
	got := Count(func() {
		t0 := time.Now()
		for i := 0; i < 3; i++ {
			blas64.Gemm(blas.NoTrans, blas.NoTrans, 1, a, b, 0, c)
		}
		whole = time.Since(t0)
	})
	if got.InBLAS <= 0 || got.InBLAS > whole {
		t.Errorf("three Dgemm calls: InBLAS %v, want in (0, %v]", got.InBLAS, whole)
	}
}

// TestWriteShapes checks the per-shape lines on a constructed row: sorted by
// time, shares of the BLAS time, rates from each shape's flops and time.
func TestWriteShapes(t *testing.T) {
	big, small := Shape{256, 100, 100}, Shape{256, 9, 100}
	r := Row{Step: "slgp", Shape: "uci", BLAS: 20 * time.Millisecond, Timed: Counts{
		ByShape:     map[Shape]int64{big: 600e6, small: 20e6},
		TimeByShape: map[Shape]time.Duration{big: 15 * time.Millisecond, small: 2 * time.Millisecond},
	}}
	var buf bytes.Buffer
	if err := r.WriteShapes(&buf, 5); err != nil {
		t.Fatal(err)
	}
	out := buf.String()
	a := strings.Index(out, "| 256×100×100 | 15 | 75.0 | 600 | 40 |")
	b := strings.Index(out, "| 256×9×100 | 2 | 10.0 | 20 | 10 |")
	if a < 0 || b < 0 || b < a {
		t.Errorf("shapes:\n%s\nwant 256×100×100 (15 ms, 40 GFLOP/s) before 256×9×100 (2 ms, 10 GFLOP/s)", out)
	}
	buf.Reset()
	if err := r.WriteShapes(&buf, 1); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(buf.String(), "256×9×100") {
		t.Errorf("n = 1 wrote more than one shape:\n%s", buf.String())
	}
}

// TestCountTimesShapes checks that level-3 time is kept per shape and that
// level-1 calls add to InBLAS only.
func TestCountTimesShapes(t *testing.T) {
	a, b, c := general(60, 40), general(40, 50), general(60, 50)
	x := make([]float64, 1000)
	got := Count(func() {
		blas64.Gemm(blas.NoTrans, blas.NoTrans, 1, a, b, 0, c)
		blas64.Scal(2, blas64.Vector{N: len(x), Inc: 1, Data: x})
	})
	if len(got.TimeByShape) != 1 || got.TimeByShape[Shape{60, 50, 40}] <= 0 {
		t.Fatalf("TimeByShape %v, want only 60×50×40 with a positive time", got.TimeByShape)
	}
	if got.TimeByShape[Shape{60, 50, 40}] >= got.InBLAS {
		t.Errorf("shape time %v not below InBLAS %v: the Dscal's time went to the Dgemm's shape", got.TimeByShape[Shape{60, 50, 40}], got.InBLAS)
	}
}
