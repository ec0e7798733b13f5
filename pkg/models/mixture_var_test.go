package models

import (
	"math/rand/v2"
	"testing"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"github.com/mgpteam/mgp/pkg/autodiff/adtest"
	"gonum.org/v1/gonum/blas/blas64"
)

// TestAddLowerABt checks addLowerABt against the plain triple loop: the
// lower triangle of A Bᵀ added, the strict upper triangle untouched, at
// sizes around and between its blocks.
func TestAddLowerABt(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 1))
	for _, M := range []int{1, 5, 31, 32, 33, 64, 100, 129} {
		const n = 7
		A, B, G := adtest.Rand(rng, M, n), adtest.Rand(rng, M, n), adtest.Rand(rng, M, M)
		want := mat64Copy(G.RawMatrix().Data)
		for i := 0; i < M; i++ {
			for j := 0; j <= i; j++ {
				s := 0.0
				for k := 0; k < n; k++ {
					s += A.At(i, k) * B.At(j, k)
				}
				want[i*M+j] += s
			}
		}
		addLowerABt(ad.NewTape(), G.RawMatrix(), A.RawMatrix(), B.RawMatrix())
		for i, v := range G.RawMatrix().Data {
			if d := v - want[i]; d > 1e-12 || d < -1e-12 {
				t.Fatalf("M = %d: entry (%d, %d) is %v, want %v", M, i/M, i%M, v, want[i])
			}
		}
	}
}

func mat64Copy(x []float64) []float64 { return append([]float64(nil), x...) }

// BenchmarkAddLowerABt times the lower half of A Bᵀ added into a gradient
// at the nytaxi shape (M = 500, a block of 512 rows): the R̄ product of
// mixVarOp's backward, once per expert and block.
func BenchmarkAddLowerABt(b *testing.B) {
	rng := rand.New(rand.NewPCG(3, 2))
	A, B, G := adtest.Rand(rng, 500, 512), adtest.Rand(rng, 500, 512), adtest.Rand(rng, 500, 500)
	tp := ad.NewTape()
	var g blas64.General = G.RawMatrix()
	b.ReportAllocs()
	for b.Loop() {
		tp.Reset()
		addLowerABt(tp, g, A.RawMatrix(), B.RawMatrix())
	}
}
