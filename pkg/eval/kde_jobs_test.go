package eval

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// TestKDELogDensitiesJobsSameBits: the KDE log densities are the same bits
// whether the test points are scored in one block or split over 2, 3 or
// more goroutines than points, for one and for three outputs, NaN and
// identical samples included; a shape mismatch is an error either way.
func TestKDELogDensitiesJobsSameBits(t *testing.T) {
	r := rand.New(rand.NewPCG(4, 5))
	for _, dy := range []int{1, 3} {
		const n, p = 53, 40
		s := mat.NewDense(p, n*dy, nil)
		raw := s.RawMatrix().Data
		for i := range raw {
			raw[i] = r.NormFloat64()
		}
		for k := 0; k < p; k++ {
			s.Set(k, 2, 0.5) // identical samples: the bandwidth floor
		}
		s.Set(3, 5, math.NaN())
		Y := mat.NewDense(n, dy, nil)
		for i := range Y.RawMatrix().Data {
			Y.RawMatrix().Data[i] = r.NormFloat64()
		}
		want, err := KDELogDensities(s, Y, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, jobs := range []int{0, 1, 2, 3, n + 4} {
			got, err := KDELogDensitiesJobs(s, Y, mat.NewDense(n, dy, nil), jobs)
			if err != nil {
				t.Fatal(err)
			}
			for i, v := range got.RawMatrix().Data {
				if w := want.RawMatrix().Data[i]; math.Float64bits(v) != math.Float64bits(w) {
					t.Fatalf("d_y %d, jobs %d: entry %d is %v, one block's %v", dy, jobs, i, v, w)
				}
			}
		}
		if _, err := KDELogDensitiesJobs(s, mat.NewDense(n+1, dy, nil), nil, 2); err == nil {
			t.Errorf("d_y %d: no error for %d points against %d sample columns", dy, n+1, n*dy)
		}
	}
}

// BenchmarkKDELogDensitiesJobs scores an evaluation block of the nytaxi
// shape (20,000 points, 200 samples, one output) in 1 and 2 blocks; the
// output matrix is reused, so it should not allocate beyond the
// goroutines.
func BenchmarkKDELogDensitiesJobs(b *testing.B) {
	s, y := benchData(200, 20000)
	Y := mat.NewDense(len(y), 1, y)
	dst := mat.NewDense(len(y), 1, nil)
	for _, jobs := range []int{1, 2} {
		b.Run(fmt.Sprintf("jobs=%d", jobs), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if _, err := KDELogDensitiesJobs(s, Y, dst, jobs); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
