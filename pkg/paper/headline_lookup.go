package paper

import (
	"strings"

	"github.com/mgpteam/mgp/pkg/report"

	"github.com/mgpteam/mgp/pkg/paper/values"
)

// paperLookup finds the paper's value for a headline row (its model and
// the settings its runs were made with) on a data set.
type paperLookup func(s headlineSpec, dataset string) (values.Value, bool)

// table3Lookup looks cells up in a Table 3 map (values.Table3's) by model
// and data set alone; a nil map has no values.
func table3Lookup(paper map[string]map[string]values.Value) paperLookup {
	return func(s headlineSpec, dataset string) (values.Value, bool) {
		return report.LookupValue(paper, s.Model, dataset)
	}
}

// paperValues looks a cell up in every table of the paper: Table 3 by
// model and data set, then Table 4, whose cells also need the setting the
// paper varies: the row's Settings must hold the cell's key with its
// value (model.d_w = 2). A row without that setting has no paper value.
func paperValues() paperLookup {
	t3, t4 := values.Table3(), values.Table4()
	return func(s headlineSpec, dataset string) (values.Value, bool) {
		if v, ok := report.LookupValue(t3, s.Model, dataset); ok {
			return v, true
		}
		for _, c := range t4 {
			if strings.EqualFold(c.Model, s.Model) && strings.EqualFold(c.Dataset, dataset) && s.Settings[c.Key] == c.Value {
				return c.Paper, true
			}
		}
		return values.Value{}, false
	}
}
