package eval

import (
	"encoding/csv"
	"strconv"
	"strings"
)

// csvHeader names the columns CSVTable writes.
var csvHeader = []string{
	"model", "dataset", "n", "mean", "std", "stderr", "median",
	"rmse_mean", "rmse_std", "values", "split_seeds", "model_seeds",
}

// CSVTable renders rows as CSV (RFC 4180, via encoding/csv) with a header
// line and one line per row. Numbers use the shortest representation that
// round-trips to the same float64; the per-run values and seeds are joined
// with ";" in one field each.
func CSVTable(rows []Row) string {
	var b strings.Builder
	w := csv.NewWriter(&b)
	_ = w.Write(csvHeader) // a strings.Builder never fails
	for _, r := range rows {
		_ = w.Write([]string{
			r.Model, r.Dataset, strconv.Itoa(r.N),
			formatFloat(r.Mean), formatFloat(r.Std), formatFloat(r.StdErr), formatFloat(r.Median),
			formatFloat(r.RMSEMean), formatFloat(r.RMSEStd),
			joinFloats(r.Values), joinUints(r.SplitSeeds), joinUints(r.ModelSeeds),
		})
	}
	w.Flush()
	return b.String()
}

// formatFloat formats v in the shortest round-tripping form.
func formatFloat(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }

// joinFloats joins formatted floats with ";".
func joinFloats(x []float64) string {
	s := make([]string, len(x))
	for i, v := range x {
		s[i] = formatFloat(v)
	}
	return strings.Join(s, ";")
}

// joinUints joins unsigned integers with ";".
func joinUints(x []uint64) string {
	s := make([]string, len(x))
	for i, v := range x {
		s[i] = strconv.FormatUint(v, 10)
	}
	return strings.Join(s, ";")
}
