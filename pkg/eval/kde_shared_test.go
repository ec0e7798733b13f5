package eval

import (
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// pixelData returns P samples of dy outputs (sd 0.2 around a per-output
// mean, as a noisy digit) and n test rows of 256-level pixel values, most
// of them 0, like mnist's; a few entries are the edge cases of the cache's
// key: -0, NaN, ±Inf and values between the levels.
func pixelData(P, n, dy int, seed uint64) (S, Y *mat.Dense) {
	r := rand.New(rand.NewPCG(seed, 11))
	S = mat.NewDense(P, dy, nil)
	for d := 0; d < dy; d++ {
		mu := r.Float64()
		for p := 0; p < P; p++ {
			S.Set(p, d, mu+0.2*r.NormFloat64())
		}
	}
	Y = mat.NewDense(n, dy, nil)
	for i := 0; i < n; i++ {
		for d := 0; d < dy; d++ {
			if r.Float64() < 0.3 {
				Y.Set(i, d, float64(r.IntN(256))/255)
			}
		}
	}
	Y.Set(0, 0, math.Copysign(0, -1))
	Y.Set(1, 0, math.NaN())
	Y.Set(2, 1, math.Inf(1))
	Y.Set(3, 1, math.Inf(-1))
	Y.Set(4, 2, 0.123456789)
	return S, Y
}

// TestKDESharedIsPerRow: every entry is the bits KDELogDensities gives for
// that test row alone against the same samples, including repeated values
// (scored once), -0 against 0, NaN and infinite values, and a constant
// column (bandwidth at its floor).
func TestKDESharedIsPerRow(t *testing.T) {
	const P, n, dy = 200, 300, 7
	S, Y := pixelData(P, n, dy, 1)
	for p := 0; p < P; p++ {
		S.Set(p, dy-1, 0) // every sample 0: the bandwidth's floor
	}
	got, err := KDELogDensitiesShared(S, Y, nil)
	if err != nil {
		t.Fatal(err)
	}
	ld := mat.NewDense(1, dy, nil)
	repeats := 0
	for i := 0; i < n; i++ {
		if _, err := KDELogDensities(S, Y.Slice(i, i+1, 0, dy).(*mat.Dense), ld); err != nil {
			t.Fatal(err)
		}
		for d := 0; d < dy; d++ {
			w, g := ld.At(0, d), got.At(i, d)
			if math.Float64bits(g) != math.Float64bits(w) {
				t.Fatalf("(%d, %d), y = %v: shared %v (%x), per row %v (%x)", i, d, Y.At(i, d), g, math.Float64bits(g), w, math.Float64bits(w))
			}
			if Y.At(i, d) == 0 {
				repeats++
			}
		}
	}
	if repeats < n {
		t.Fatalf("only %d zero entries: the data do not exercise the cache", repeats)
	}
	if v := got.At(1, 0); !math.IsNaN(v) {
		t.Fatalf("NaN test value scored %v, want NaN", v)
	}
}

// TestKDESharedDst: a dst of the right shape is written in place, one of
// another shape is replaced; mismatched outputs are an error.
func TestKDESharedDst(t *testing.T) {
	S, Y := pixelData(50, 20, 3, 2)
	dst := mat.NewDense(20, 3, nil)
	got, err := KDELogDensitiesShared(S, Y, dst)
	if err != nil || got != dst {
		t.Fatalf("in place: %v, same matrix %v", err, got == dst)
	}
	if got, err := KDELogDensitiesShared(S, Y, mat.NewDense(2, 2, nil)); err != nil || got == nil {
		t.Fatalf("wrong-shaped dst: %v", err)
	} else if r, c := got.Dims(); r != 20 || c != 3 {
		t.Fatalf("wrong-shaped dst: result %dx%d", r, c)
	}
	if _, err := KDELogDensitiesShared(S, mat.NewDense(20, 4, nil), nil); err == nil {
		t.Fatal("3 sample columns for 4 outputs: no error")
	}
}

// BenchmarkKDEShared scores one mnist label's test images (700 x 784
// pixels, 200 samples), shared against per row (the Table 4 scoring before
// KDELogDensitiesShared).
func BenchmarkKDEShared(b *testing.B) {
	const P, n, dy = 200, 700, 784
	S, Y := pixelData(P, n, dy, 3)
	b.Run("shared", func(b *testing.B) {
		dst := mat.NewDense(n, dy, nil)
		b.ReportAllocs()
		for b.Loop() {
			if _, err := KDELogDensitiesShared(S, Y, dst); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("per-row", func(b *testing.B) {
		ld := mat.NewDense(1, dy, nil)
		b.ReportAllocs()
		for b.Loop() {
			for i := 0; i < n; i++ {
				if _, err := KDELogDensities(S, Y.Slice(i, i+1, 0, dy).(*mat.Dense), ld); err != nil {
					b.Fatal(err)
				}
			}
		}
	})
}
