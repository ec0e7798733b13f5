package data

import (
	"fmt"
	"math"
	"strings"

	"gonum.org/v1/gonum/mat"
)

// MinSpread is the smallest spread (largest minus smallest value) a
// standardised column may have: below it the squares of the deviations
// underflow and the column would be standardised as if it were constant.
const MinSpread = 1e-150

// statRows returns the rows the statistics of stats are fitted on: the
// training rows for "train", every row (nil) otherwise.
func statRows(stats string, sp Split) []int {
	if stats == "train" {
		return sp.Train
	}
	return nil
}

// checkSpread refuses, over the given rows of ds (nil: all), a column that
// varies by less than MinSpread when standardised (its variance would
// underflow to 0), and a target column that does not vary at all: every
// one when standardised, or when all of them are constant otherwise (a
// target without variation is nothing to model). The error names the
// column.
func checkSpread(ds *Dataset, rows []int, standardised bool) error {
	yNames := strings.Split(ds.YName, ",")
	for _, part := range []struct {
		kind   string
		a      *mat.Dense
		names  []string
		target bool
	}{{"input", ds.X, ds.XNames, false}, {"target", ds.Y, yNames, true}} {
		spread := columnSpreads(part.a, rows)
		constant := 0
		for j, s := range spread {
			name := columnLabel(part.names, j)
			switch {
			case s == 0:
				constant++
				if part.target && standardised {
					return fmt.Errorf("data set %q: target column %s holds one value only: a target without variation is nothing to model; check data.target names the right column", ds.Name, name)
				}
			case standardised && s < MinSpread:
				return fmt.Errorf("data set %q: %s column %s varies by only %g, too little to standardise (its variance underflows): rescale that column (e.g. to other units) so that its values differ by well over 1e-150",
					ds.Name, part.kind, name, s)
			}
		}
		if part.target && len(spread) > 0 && constant == len(spread) {
			return fmt.Errorf("data set %q: every target column holds one value only: a target without variation is nothing to model", ds.Name)
		}
	}
	return nil
}

// columnSpreads returns each column's largest minus smallest value over
// the given rows (nil: all); NaN for a column holding a NaN.
func columnSpreads(a *mat.Dense, rows []int) []float64 {
	if a == nil || a.IsEmpty() {
		return nil
	}
	r, c := a.Dims()
	if rows == nil {
		rows = identity(r)
	}
	if len(rows) == 0 {
		return nil
	}
	lo := append([]float64(nil), a.RawRowView(rows[0])...)
	hi := append([]float64(nil), lo...)
	for _, i := range rows {
		for j, v := range a.RawRowView(i)[:c] {
			lo[j], hi[j] = math.Min(lo[j], v), math.Max(hi[j], v)
		}
	}
	for j := range lo {
		hi[j] -= lo[j]
	}
	return hi
}

// columnLabel is the quoted name of column j, or #j+1 when it has none.
func columnLabel(names []string, j int) string {
	if j < len(names) && names[j] != "" {
		return fmt.Sprintf("%q", names[j])
	}
	return fmt.Sprintf("#%d", j+1)
}
