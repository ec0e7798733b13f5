package sweep

import "testing"

// TestSchedule checks the makespan of runs given in order to the first
// free worker, and the rounding of durations.
func TestSchedule(t *testing.T) {
	for _, c := range []struct {
		d    []float64
		jobs int
		want float64
	}{
		{[]float64{3, 1, 1, 1}, 2, 3},
		{[]float64{1, 1, 1, 1}, 2, 2},
		{[]float64{2, 2}, 0, 4}, // at least one worker
		{nil, 3, 0},
	} {
		if got := schedule(c.d, c.jobs); got != c.want {
			t.Errorf("schedule(%v, %d) = %g, want %g", c.d, c.jobs, got, c.want)
		}
	}
	for sec, want := range map[float64]string{0.04: "0s", 1.26: "1.3s", 61.4: "1m1s", 3700: "1h2m0s"} {
		if got := fmtDur(sec); got != want {
			t.Errorf("fmtDur(%g) = %q, want %q", sec, got, want)
		}
	}
}
