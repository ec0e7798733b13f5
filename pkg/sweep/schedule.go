package sweep

import (
	"slices"
	"time"
)

// schedule returns the makespan of running durations in order on jobs
// workers, each run going to the first worker free.
func schedule(durations []float64, jobs int) float64 {
	free := make([]float64, max(jobs, 1))
	for _, d := range durations {
		i := 0
		for k := range free {
			if free[k] < free[i] {
				i = k
			}
		}
		free[i] += d
	}
	return slices.Max(free)
}

// fmtDur formats seconds as a rounded duration.
func fmtDur(sec float64) string {
	d := time.Duration(sec * float64(time.Second))
	switch {
	case d >= time.Hour:
		return d.Round(time.Minute).String()
	case d >= time.Minute:
		return d.Round(time.Second).String()
	}
	return d.Round(100 * time.Millisecond).String()
}

// FormatSeconds formats seconds as the dry run shows a cost: a duration
// rounded to its scale (for callers that list runs beside a sweep's, such
// as mgp verify's plan).
func FormatSeconds(sec float64) string { return fmtDur(sec) }

// WallSeconds is the wall time of runs of the given durations taken in
// order by jobs workers, each run going to the first worker free, as the
// dry run reckons it.
func WallSeconds(durations []float64, jobs int) float64 { return schedule(durations, jobs) }
