package eval

import (
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// TestCalibrationJobsSameBits: the calibration of blocks added with 2, 3
// or more goroutines than pairs is the same bits as with one (CRPS,
// coverage, every PIT value), for one and three outputs with a NaN sample.
func TestCalibrationJobsSameBits(t *testing.T) {
	r := rand.New(rand.NewPCG(6, 7))
	for _, dy := range []int{1, 3} {
		const n, p = 41, 30
		blocks := make([][2]*mat.Dense, 3)
		for b := range blocks {
			s := mat.NewDense(p, n*dy, nil)
			for i := range s.RawMatrix().Data {
				s.RawMatrix().Data[i] = r.NormFloat64()
			}
			s.Set(4, 7, math.NaN())
			Y := mat.NewDense(n, dy, nil)
			for i := range Y.RawMatrix().Data {
				Y.RawMatrix().Data[i] = r.NormFloat64()
			}
			blocks[b] = [2]*mat.Dense{s, Y}
		}
		run := func(jobs int) Calibration {
			a := NewCalibrationAccumulator(dy)
			for _, b := range blocks {
				if err := a.AddJobs(b[0], b[1], jobs); err != nil {
					t.Fatal(err)
				}
			}
			return a.Result([]float64{2, 3, 4}[:dy])
		}
		want := run(1)
		for _, jobs := range []int{2, 3, n*dy + 5} {
			got := run(jobs)
			if math.Float64bits(got.CRPS) != math.Float64bits(want.CRPS) || math.Float64bits(got.PITKS) != math.Float64bits(want.PITKS) {
				t.Errorf("d_y %d, jobs %d: CRPS %v PIT KS %v, one job's %v %v", dy, jobs, got.CRPS, got.PITKS, want.CRPS, want.PITKS)
			}
			for k := range want.Coverage {
				if got.Coverage[k] != want.Coverage[k] {
					t.Errorf("d_y %d, jobs %d: coverage %d is %v, one job's %v", dy, jobs, k, got.Coverage[k], want.Coverage[k])
				}
			}
			for i, v := range want.PIT {
				if math.Float64bits(got.PIT[i]) != math.Float64bits(v) {
					t.Fatalf("d_y %d, jobs %d: PIT %d is %v, one job's %v", dy, jobs, i, got.PIT[i], v)
				}
			}
		}
	}
}

// BenchmarkCalibrationAddJobs adds an evaluation block of the nytaxi shape
// (20,000 points, 200 samples, one output) to a fresh accumulator with 1
// and 2 goroutines.
func BenchmarkCalibrationAddJobs(b *testing.B) {
	s, y := benchData(200, 20000)
	Y := mat.NewDense(len(y), 1, y)
	for _, jobs := range []int{1, 2} {
		b.Run(fmt.Sprintf("jobs=%d", jobs), func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if err := NewCalibrationAccumulator(1).AddJobs(s, Y, jobs); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
