package plot

import (
	"errors"
	"fmt"
	"math"
	"slices"
)

// Series is one curve, Y against X (e.g. one run's test NLL against
// iteration). X need not be sorted; an x value may appear only once.
type Series struct {
	X, Y []float64
}

// Envelope is several series summarised at the x values they share: the
// mean over the series at each x with their minimum and maximum (the
// paper's Figs. 4-6: the mean over runs with a min/max band).
type Envelope struct {
	// X holds the shared x values in increasing order.
	X []float64
	// Mean, Min and Max hold the mean, minimum and maximum over the series
	// at each X.
	Mean, Min, Max []float64
	// N is the number of series summarised.
	N int
	// Dropped holds, in increasing order, the x values some but not all
	// series have a finite y at (left out of the envelope).
	Dropped []float64
}

// NewEnvelope summarises runs at the x values where every series has a
// finite y; a non-finite y (a failed evaluation) counts as missing. It
// fails when there is no series, a series has mismatched lengths or an x
// value twice, or no x value is shared by all series.
func NewEnvelope(runs []Series) (Envelope, error) {
	if len(runs) == 0 {
		return Envelope{}, errors.New("plot: envelope of no series")
	}
	vals := make([]map[float64]float64, len(runs))
	count := map[float64]int{}
	for i, s := range runs {
		if len(s.X) != len(s.Y) {
			return Envelope{}, fmt.Errorf("plot: envelope: series %d has %d x values, %d y values", i, len(s.X), len(s.Y))
		}
		vals[i] = make(map[float64]float64, len(s.X))
		for k, x := range s.X {
			if _, dup := vals[i][x]; dup || math.IsNaN(x) {
				return Envelope{}, fmt.Errorf("plot: envelope: series %d has x = %v twice or not a number", i, x)
			}
			y := s.Y[k]
			if math.IsNaN(y) || math.IsInf(y, 0) {
				count[x] += 0 // seen, but missing here
				continue
			}
			vals[i][x] = y
			count[x]++
		}
	}
	e := Envelope{N: len(runs)}
	for x, c := range count {
		if c == len(runs) {
			e.X = append(e.X, x)
		} else {
			e.Dropped = append(e.Dropped, x)
		}
	}
	slices.Sort(e.X)
	slices.Sort(e.Dropped)
	if len(e.X) == 0 {
		return Envelope{}, fmt.Errorf("plot: envelope: the %d series share no x value with a finite y", len(runs))
	}
	for _, x := range e.X {
		lo, hi, sum := math.Inf(1), math.Inf(-1), 0.0
		for _, v := range vals {
			y := v[x]
			lo, hi, sum = min(lo, y), max(hi, y), sum+y
		}
		e.Mean = append(e.Mean, sum/float64(len(runs)))
		e.Min = append(e.Min, lo)
		e.Max = append(e.Max, hi)
	}
	return e, nil
}
