package verify

import (
	"encoding/json"
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/mgpteam/mgp/pkg/results"
)

// DefaultTolerance is the default of Options.Tolerance.
const DefaultTolerance = 1e-6

// Row is one compared number: its key, the committed and the new value.
type Row struct {
	Key string  `json:"key"`
	Old float64 `json:"old"`
	New float64 `json:"new"`
}

// MarshalJSON writes a Row, non-finite values as strings ("NaN", "+Inf",
// "-Inf"), as result files do.
func (r Row) MarshalJSON() ([]byte, error) {
	return json.Marshal(struct {
		Key      string `json:"key"`
		Old, New any
	}{r.Key, jsonNumber(r.Old), jsonNumber(r.New)})
}

// Diff is the comparison of two sets of numbers keyed alike.
type Diff struct {
	// Compared counts the committed keys compared.
	Compared int `json:"compared"`
	// Identical: every committed number is there, bit for bit.
	Identical bool `json:"identical"`
	// Within: every committed number is there within the tolerance.
	Within bool `json:"within"`
	// MaxAbs is the largest |new - old| and MaxKey its key ("" when all
	// are equal).
	MaxAbs float64 `json:"max_abs_diff"`
	MaxKey string  `json:"max_key,omitempty"`
	// Missing lists the committed keys the re-run lacks.
	Missing []string `json:"missing,omitempty"`
	// Rows are every compared number that is not bit for bit the same, in
	// key order.
	Rows []Row `json:"rows,omitempty"`
}

// within says whether new is old within tol: |new - old| <= tol·max(1,
// |old|) (absolute for values up to 1 in size, relative above).
func within(old, new, tol float64) bool {
	if same(old, new) {
		return true
	}
	return math.Abs(new-old) <= tol*math.Max(1, math.Abs(old))
}

// same says whether two numbers are bit for bit equal (two NaNs count as
// equal).
func same(a, b float64) bool {
	return math.Float64bits(a) == math.Float64bits(b) || (math.IsNaN(a) && math.IsNaN(b))
}

// compareNumbers compares every key of old with new's under tol. Keys
// only new has (metrics a later binary added) are not compared.
func compareNumbers(old, new map[string]float64, tol float64) Diff {
	d := Diff{Identical: true, Within: true}
	keys := make([]string, 0, len(old))
	for k := range old {
		keys = append(keys, k)
	}
	slices.SortFunc(keys, compareKeys)
	for _, k := range keys {
		d.Compared++
		nv, ok := new[k]
		if !ok {
			d.Missing = append(d.Missing, k)
			d.Identical, d.Within = false, false
			continue
		}
		ov := old[k]
		if same(ov, nv) {
			continue
		}
		d.Identical = false
		d.Rows = append(d.Rows, Row{Key: k, Old: ov, New: nv})
		if !within(ov, nv, tol) {
			d.Within = false
		}
		if a := math.Abs(nv - ov); a > d.MaxAbs || math.IsNaN(a) || d.MaxKey == "" {
			d.MaxAbs, d.MaxKey = a, k
		}
	}
	return d
}

// compareKeys orders keys with an "@<iteration>" part by iteration, then
// by the rest, and plain keys by name.
func compareKeys(a, b string) int {
	ia, ra := splitIter(a)
	ib, rb := splitIter(b)
	if ia != ib {
		return ia - ib
	}
	return strings.Compare(ra, rb)
}

// splitIter splits "trace@2500.elbo" into 2500 and the key; a key without
// an iteration gives -1.
func splitIter(k string) (int, string) {
	_, rest, ok := strings.Cut(k, "@")
	if !ok {
		return -1, k
	}
	var it int
	if _, err := fmt.Sscanf(rest, "%d", &it); err != nil {
		return -1, k
	}
	return it, k
}

// MetricNumbers returns every number of a result's "metrics" object under
// its dotted key as result.json writes it (nll, rmse, calibration.crps,
// calibration.pit_hist[3], ...).
func MetricNumbers(m results.Metrics) map[string]float64 {
	out := map[string]float64{}
	b, err := json.Marshal(m)
	if err != nil {
		return out
	}
	var v any
	if json.Unmarshal(b, &v) == nil {
		flatten("", v, out)
	}
	return out
}

// TraceNumbers returns the numbers of r's trace points and held-out checks
// at iterations up to upTo (0: all) under keys "trace@<iter>.elbo",
// "trace@<iter>.test_nll", "trace@<iter>.diagnostics.<name>" and
// "check@<iter>.val_nll".
func TraceNumbers(r *results.Result, upTo int) map[string]float64 {
	out := map[string]float64{}
	for _, p := range r.Trace {
		if upTo > 0 && p.Iter > upTo {
			continue
		}
		b, err := json.Marshal(p)
		var v map[string]any
		if err != nil || json.Unmarshal(b, &v) != nil {
			continue
		}
		delete(v, "iter")
		flatten(fmt.Sprintf("trace@%d", p.Iter), v, out)
	}
	if r.Selection != nil {
		for _, c := range r.Selection.Trace {
			if upTo <= 0 || c.Iter <= upTo {
				out[fmt.Sprintf("check@%d.val_nll", c.Iter)] = c.NLL
			}
		}
	}
	return out
}

// flatten stores the numbers of a decoded JSON value under dotted keys.
func flatten(prefix string, v any, out map[string]float64) {
	join := func(k string) string {
		if prefix == "" {
			return k
		}
		return prefix + "." + k
	}
	switch x := v.(type) {
	case map[string]any:
		for k, sub := range x {
			flatten(join(k), sub, out)
		}
	case []any:
		for i, sub := range x {
			flatten(fmt.Sprintf("%s[%d]", prefix, i), sub, out)
		}
	case float64:
		out[prefix] = x
	case string:
		switch x {
		case "NaN":
			out[prefix] = math.NaN()
		case "+Inf", "Inf":
			out[prefix] = math.Inf(1)
		case "-Inf":
			out[prefix] = math.Inf(-1)
		}
	}
}

// firstTraceDifference is the first iteration whose trace numbers are not
// bit for bit the same in both runs (-1: none; compared over the
// iterations the committed run traced).
func firstTraceDifference(old, new *results.Result) int {
	d := compareNumbers(TraceNumbers(old, 0), TraceNumbers(new, 0), 0)
	first := -1
	for _, k := range append(slices.Clone(d.Missing), keysOf(d.Rows)...) {
		if it, _ := splitIter(k); it >= 0 && (first < 0 || it < first) {
			first = it
		}
	}
	return first
}

// keysOf returns the rows' keys.
func keysOf(rows []Row) []string {
	out := make([]string, len(rows))
	for i, r := range rows {
		out[i] = r.Key
	}
	return out
}

// jsonNumber is x as JSON can hold it: the number, or its name when it
// is not finite.
func jsonNumber(x float64) any {
	switch {
	case math.IsNaN(x):
		return "NaN"
	case math.IsInf(x, 1):
		return "+Inf"
	case math.IsInf(x, -1):
		return "-Inf"
	}
	return x
}
