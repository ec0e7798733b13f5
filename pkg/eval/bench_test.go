package eval

import (
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// benchData returns a P x N sample matrix and N targets from a fixed seed.
func benchData(p, n int) (*mat.Dense, []float64) {
	r := rand.New(rand.NewPCG(1, 2))
	m := mat.NewDense(p, n, nil)
	raw := m.RawMatrix().Data
	for i := range raw {
		raw[i] = r.NormFloat64()
	}
	y := make([]float64, n)
	for i := range y {
		y[i] = r.NormFloat64()
	}
	return m, y
}

// BenchmarkKDENLL evaluates 1000 test points with 200 samples each, reusing
// the output slice: it should not allocate.
func BenchmarkKDENLL(b *testing.B) {
	m, y := benchData(200, 1000)
	ld := make([]float64, len(y))
	b.ReportAllocs()
	for b.Loop() {
		_, ld = KDENLL(m, y, ld)
	}
}

// BenchmarkKDELogDensity is one test point with 200 samples.
func BenchmarkKDELogDensity(b *testing.B) {
	m, y := benchData(200, 1)
	s := mat.Col(nil, 0, m)
	h := SilvermanBandwidth(s)
	b.ReportAllocs()
	for b.Loop() {
		_ = KDELogDensity(s, y[0], h)
	}
}

func TestKDENLLDoesNotAllocate(t *testing.T) {
	m, y := benchData(200, 50)
	ld := make([]float64, len(y))
	if a := testing.AllocsPerRun(20, func() { _, ld = KDENLL(m, y, ld) }); a != 0 {
		t.Fatalf("KDENLL with a reused slice allocates %v times per call", a)
	}
}
