package flops

import (
	"fmt"
	"io"
	"time"
)

// Row is one line of the floor table: a step, the flops it runs through
// BLAS, its timing, and the DGEMM it is measured against (the GEMM
// equivalent of its dominant level-3 shape, timed in the same process).
type Row struct {
	Step, Shape string
	Counts      Counts
	Time        Timing
	Gemm        Shape
	GemmTime    Timing
	GemmRate    float64 // GFLOP/s
}

// Measure fills a Row for step: one warm-up call, one counted call, the
// timed calls (Time), then the DGEMM of the dominant level-3 shape (or of
// fallback when the step runs no level-3 call). Each call of step must do
// the same work. Count's caveats apply: nothing else may use BLAS
// meanwhile.
func Measure(name, shape string, step func(), fallback Shape, minReps int, minDur time.Duration) Row {
	step()
	r := Row{Step: name, Shape: shape, Counts: Count(step)}
	r.Time = Time(step, minReps, minDur)
	r.Gemm = fallback
	if s, ok := r.Counts.Dominant(); ok {
		r.Gemm = s
	}
	r.GemmTime, r.GemmRate = GemmRate(r.Gemm, minReps, minDur)
	return r
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
// share of them in level-3 calls, its wall and CPU time (ms), its rate,
// the DGEMM shape and rate, the floor time and the ratio step/floor.
func WriteTable(w io.Writer, rows []Row) error {
	if _, err := fmt.Fprintln(w, "| step | shape | GFLOP/step | level-3 % | wall ms | cpu ms | GFLOP/s | DGEMM m×n×k | DGEMM GFLOP/s | floor ms | step/floor |\n|---|---|---|---|---|---|---|---|---|---|---|"); err != nil {
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
		if _, err := fmt.Fprintf(w, "| %s | %s | %.4g | %.1f | %s | %s | %.3g | %d×%d×%d | %.3g | %s | %.2f |\n",
			r.Step, r.Shape, r.Counts.GFLOP(), l3, ms(r.Time.Wall), ms(r.Time.CPU), r.Rate(),
			r.Gemm.M, r.Gemm.N, r.Gemm.K, r.GemmRate, ms(r.Floor()), r.Ratio()); err != nil {
			return err
		}
	}
	return nil
}
