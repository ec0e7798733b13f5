package paper

import (
	"fmt"
	"strings"

	"github.com/mgpteam/mgp/pkg/results"
	"github.com/mgpteam/mgp/pkg/sweep"
)

// headlineSettings are the config settings of a headline row's runs, for
// the paper's values that depend on one (Table 4's d_w): the sweep's
// overrides for every run and for the row's variant (key → value as
// written, e.g. "model.d_w" → "2"), then, over them, the config recorded
// in the first of the row's results (the runs' own record wins where a
// sweep file was edited after them).
func headlineSettings(spec *sweep.Spec, h sweep.HeadlineEntry, own []results.ResultFile) map[string]string {
	out := map[string]string{}
	sets := spec.Set
	for _, v := range spec.Variants {
		if v.Name == h.Variant {
			sets = append(sets[:len(sets):len(sets)], v.Set...)
		}
	}
	for _, o := range sets {
		if k, v, ok := strings.Cut(o.String(), "="); ok {
			out[k] = v
		}
	}
	for _, f := range own {
		r := f.Result
		if r == nil || r.Model != h.Model || r.Variant != h.Variant || len(r.Config) == 0 {
			continue
		}
		for k, v := range results.FlattenConfig(r.Config) {
			if v != nil {
				out[k] = fmt.Sprint(v)
			}
		}
		break
	}
	return out
}
