package flops

import (
	"fmt"
	"io"
	"slices"
	"time"
)

// Row is one line of the floor table: a step, the flops it runs through
// BLAS, its timing, and the DGEMM it is measured against (the GEMM
// equivalent of its dominant level-3 shape, timed in the same process).
type Row struct {
	Step, Shape string
	Counts      Counts
	Time        Timing
	// BLAS is the median wall time per step spent inside BLAS routines
	// (Counts.InBLAS over as many counted calls as Time.Reps, at least 3
	// and at most maxBLASReps), and Timed the counts of that median call
	// (its TimeByShape).
	BLAS     time.Duration
	Timed    Counts
	Gemm     Shape
	GemmTime Timing
	GemmRate float64 // GFLOP/s
}

// Measure fills a Row for step: one warm-up call, one counted call, the
// timed calls (Time), as many counted calls for the time inside BLAS
// (their median InBLAS), then the DGEMM of the dominant level-3 shape (or
// of fallback when the step runs no level-3 call). Each call of step must do
// the same work. Count's caveats apply: nothing else may use BLAS
// meanwhile.
func Measure(name, shape string, step func(), fallback Shape, minReps int, minDur time.Duration) Row {
	step()
	r := Row{Step: name, Shape: shape, Counts: Count(step)}
	r.Time = Time(step, minReps, minDur)
	r.Timed = blasTime(step, min(max(3, r.Time.Reps), maxBLASReps))
	r.BLAS = r.Timed.InBLAS
	r.Gemm = fallback
	if s, ok := r.Counts.Dominant(); ok {
		r.Gemm = s
	}
	r.GemmTime, r.GemmRate = GemmRate(r.Gemm, minReps, minDur)
	return r
}

// maxBLASReps caps the counted calls behind Row.BLAS: a fast step is timed
// thousands of times, and each counted call keeps its own maps.
const maxBLASReps = 51

// blasTime counts reps calls of step and returns the counts of the call
// with the median InBLAS.
func blasTime(step func(), reps int) Counts {
	cs := make([]Counts, reps)
	for i := range cs {
		cs[i] = Count(step)
	}
	slices.SortFunc(cs, func(a, b Counts) int { return cmpInt(int64(a.InBLAS), int64(b.InBLAS)) })
	return cs[reps/2]
}

// WriteShapes writes, for the step of r, its n level-3 shapes that took the
// most BLAS time in the timed call: per shape the ms per step, the share of
// the BLAS time, the MFLOP and the rate in GFLOP/s (all calls of one
// GEMM-equivalent shape together, whatever routine or transposes).
func (r Row) WriteShapes(w io.Writer, n int) error {
	shapes := make([]Shape, 0, len(r.Timed.TimeByShape))
	for s := range r.Timed.TimeByShape {
		shapes = append(shapes, s)
	}
	tb := r.Timed.TimeByShape
	slices.SortFunc(shapes, func(a, b Shape) int {
		if tb[a] != tb[b] {
			return cmpInt(int64(tb[b]), int64(tb[a]))
		}
		return cmpInt(r.Timed.ByShape[b], r.Timed.ByShape[a])
	})
	if _, err := fmt.Fprintf(w, "\n%s, %s: %d level-3 shapes, %.3g ms in BLAS\n\n| m×n×k | ms | %% of BLAS | MFLOP | GFLOP/s |\n|---|---|---|---|---|\n",
		r.Step, r.Shape, len(shapes), float64(r.BLAS)/1e6); err != nil {
		return err
	}
	for _, s := range shapes[:min(n, len(shapes))] {
		share := 0.0
		if r.BLAS > 0 {
			share = 100 * float64(tb[s]) / float64(r.BLAS)
		}
		if _, err := fmt.Fprintf(w, "| %d×%d×%d | %.3g | %.1f | %.4g | %.3g |\n", s.M, s.N, s.K,
			float64(tb[s])/1e6, share, float64(r.Timed.ByShape[s])/1e6, Rate(r.Timed.ByShape[s], tb[s])); err != nil {
			return err
		}
	}
	return nil
}

// BLASRate is the rate of the step's BLAS calls alone in GFLOP/s: counted
// flops per BLAS time.
func (r Row) BLASRate() float64 { return Rate(r.Counts.Total, r.BLAS) }

// Outside is the step's wall time outside BLAS (Time.Wall - BLAS), or -1
// when the BLAS time was not measured.
func (r Row) Outside() time.Duration {
	if r.BLAS <= 0 {
		return -1
	}
	return r.Time.Wall - r.BLAS
}

// Rate is the step's achieved rate in GFLOP/s: counted flops per step
// time (Timing.Best).
func (r Row) Rate() float64 { return Rate(r.Counts.Total, r.Time.Best()) }

// Floor is the time the step's counted flops take at the DGEMM's rate.
func (r Row) Floor() time.Duration {
	if r.GemmRate <= 0 {
		return 0
	}
	return time.Duration(float64(r.Counts.Total) / r.GemmRate)
}

// Ratio is step time over floor time (0 when the floor is 0).
func (r Row) Ratio() float64 {
	f := r.Floor()
	if f <= 0 {
		return 0
	}
	return float64(r.Time.Best()) / float64(f)
}

// WriteTable writes rows as a Markdown table: per step its GFLOP, the
// share of them in level-3 calls, its wall and CPU time (ms), the wall
// time inside and outside BLAS and the rate of the BLAS calls alone, its
// rate, the DGEMM shape and rate, the floor time and the ratio step/floor.
func WriteTable(w io.Writer, rows []Row) error {
	if _, err := fmt.Fprintln(w, "| step | shape | GFLOP/step | level-3 % | wall ms | cpu ms | in BLAS ms | outside BLAS ms | BLAS GFLOP/s | GFLOP/s | DGEMM m×n×k | DGEMM GFLOP/s | floor ms | step/floor |\n|---|---|---|---|---|---|---|---|---|---|---|---|---|---|"); err != nil {
		return err
	}
	ms := func(d time.Duration) string {
		if d < 0 {
			return "-"
		}
		return fmt.Sprintf("%.3g", float64(d)/1e6)
	}
	for _, r := range rows {
		l3 := 0.0
		if r.Counts.Total > 0 {
			l3 = 100 * float64(r.Counts.Level3()) / float64(r.Counts.Total)
		}
		blas, rate := "-", "-"
		if r.BLAS > 0 {
			blas, rate = ms(r.BLAS), fmt.Sprintf("%.3g", r.BLASRate())
		}
		if _, err := fmt.Fprintf(w, "| %s | %s | %.4g | %.1f | %s | %s | %s | %s | %s | %.3g | %d×%d×%d | %.3g | %s | %.2f |\n",
			r.Step, r.Shape, r.Counts.GFLOP(), l3, ms(r.Time.Wall), ms(r.Time.CPU), blas, ms(r.Outside()), rate, r.Rate(),
			r.Gemm.M, r.Gemm.N, r.Gemm.K, r.GemmRate, ms(r.Floor()), r.Ratio()); err != nil {
			return err
		}
	}
	return nil
}
