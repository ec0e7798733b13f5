package paper

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/mgpteam/mgp/pkg/paper/values"
)

// settingKeys are the config keys the paper varies within a table (Table
// 4's model.d_w), in PaperTable4's order, and the data sets it varies each
// on.
func settingKeys() (keys []string, on map[string][]string) {
	on = map[string][]string{}
	for _, c := range values.Table4() {
		if !slices.Contains(keys, c.Key) {
			keys = append(keys, c.Key)
		}
		if !slices.Contains(on[c.Key], c.Dataset) {
			on[c.Key] = append(on[c.Key], c.Dataset)
		}
	}
	return keys, on
}

// SettingComparisons states, for every setting the paper varies and every
// data set it varies it on (Table 4: d_w on mnist), which model has the lower mean at each
// value of the setting, and for each model whether its mean falls as the
// setting grows, ours beside the paper's: the questions of Table 4 (does
// SLGP beat CVAE, do both improve with d_w). Only cells with runs and
// rows whose Settings hold the key take part; means over one or two runs
// are compared all the same, and the text says how many runs there are.
func (h headlineTable) SettingComparisons() []string {
	var out []string
	keys, on := settingKeys()
	for _, key := range keys {
		name := key[strings.LastIndex(key, ".")+1:]
		for j, d := range h.Datasets {
			if !slices.Contains(on[key], d) {
				continue
			}
			type entry struct {
				label, model, value, series string
				c                           headlineCell
			}
			var es []entry
			for _, r := range h.Rows {
				v, ok := r.Spec.Settings[key]
				if c := r.Cells[j]; ok && c.N > 0 {
					es = append(es, entry{r.Label, r.Spec.Model, v, seriesKey(r.Spec.Settings, key), c})
				}
			}
			var values, models []string
			for _, e := range es {
				if !slices.Contains(values, e.value) {
					values = append(values, e.value)
				}
				if !slices.Contains(models, e.model) {
					models = append(models, e.model)
				}
			}
			slices.SortFunc(values, compareSettingValues)
			for _, v := range values {
				at := filter(es, func(e entry) bool { return e.value == v })
				if len(at) < 2 {
					continue
				}
				slices.SortStableFunc(at, func(a, b entry) int { return cmp.Compare(a.c.Mean, b.c.Mean) })
				var parts []string
				for _, e := range at {
					parts = append(parts, fmt.Sprintf("%s %.2f (n = %d)", e.label, e.c.Mean, e.c.N))
				}
				// the lowest row by its label: rows of one model may differ in protocol
				s := fmt.Sprintf("%s, %s = %s: lowest %s; ours in order: %s", d, name, v, at[0].label, strings.Join(parts, " < "))
				if best := paperLowest(at, func(e entry) headlineCell { return e.c }, func(e entry) string { return e.model }); best != "" {
					s += "; the paper's lowest: " + strings.ToUpper(best)
				}
				out = append(out, s+".")
			}
			for _, m := range models {
				var series []string
				for _, e := range es {
					if e.model == m && !slices.Contains(series, e.series) {
						series = append(series, e.series)
					}
				}
				for _, sk := range series {
					rows := filter(es, func(e entry) bool { return e.model == m && e.series == sk })
					if len(rows) < 2 {
						continue
					}
					slices.SortStableFunc(rows, func(a, b entry) int { return compareSettingValues(a.value, b.value) })
					first, last := rows[0], rows[len(rows)-1]
					who := strings.ToUpper(m)
					if len(series) > 1 {
						who = first.label + " to " + last.label + ","
					}
					s := fmt.Sprintf("%s, %s from %s = %s to %s: ours %s (%.2f to %.2f)", d, who, name, first.value, last.value,
						direction(first.c.Mean, last.c.Mean), first.c.Mean, last.c.Mean)
					if first.c.HasPaper && last.c.HasPaper {
						s += fmt.Sprintf(", the paper's %s (%.2f to %.2f)", direction(first.c.Paper.Mean, last.c.Paper.Mean), first.c.Paper.Mean, last.c.Paper.Mean)
					}
					out = append(out, s+".")
				}
			}
		}
	}
	return out
}

// seriesKey identifies the rows that differ only in the varied setting
// key: their model settings other than key and their protocol settings
// (seriesProtocolKeys), sorted. Rows of one model with another key (SLGP
// with model.noise_per_output beside the paper's SLGP) or another
// protocol (CVAE with held-out selection beside CVAE at its last
// iteration) form a series of their own, so that a trend along key never
// mixes them.
func seriesKey(settings map[string]string, key string) string {
	var parts []string
	for k, v := range settings {
		switch {
		case k == key:
		case strings.HasPrefix(k, "model."):
			parts = append(parts, k+"="+v)
		case slices.Contains(seriesProtocolKeys, k) && v != "" && v != "0" && v != "false":
			parts = append(parts, k+"="+v)
		}
	}
	slices.Sort(parts)
	return strings.Join(parts, ";")
}

// seriesProtocolKeys are the training settings that change what a row
// reports (held-out selection and its cadence, the iterations): rows that
// differ in one are never one series. Unset, zero and false are the same.
var seriesProtocolKeys = []string{"train.validation", "train.select_every", "train.iterations"}

// filter returns the elements of es that keep accepts, in order.
func filter[E any](es []E, keep func(E) bool) []E {
	var out []E
	for _, e := range es {
		if keep(e) {
			out = append(out, e)
		}
	}
	return out
}

// paperLowest is the model of the entry with the lowest paper value, ""
// unless every entry has one.
func paperLowest[E any](es []E, cell func(E) headlineCell, model func(E) string) string {
	best := -1
	for i, e := range es {
		c := cell(e)
		if !c.HasPaper {
			return ""
		}
		if best < 0 || c.Paper.Mean < cell(es[best]).Paper.Mean {
			best = i
		}
	}
	if best < 0 {
		return ""
	}
	return model(es[best])
}

// direction says whether an NLL got better going from a to b.
func direction(a, b float64) string {
	switch {
	case b < a:
		return "improves (lower)"
	case b > a:
		return "worsens (higher)"
	}
	return "is unchanged"
}

// compareSettingValues orders setting values numerically when both are
// numbers, as text otherwise.
func compareSettingValues(a, b string) int {
	x, errA := strconv.ParseFloat(a, 64)
	y, errB := strconv.ParseFloat(b, 64)
	if errA == nil && errB == nil {
		return cmp.Compare(x, y)
	}
	return strings.Compare(a, b)
}
