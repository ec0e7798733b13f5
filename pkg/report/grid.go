package report

import (
	"slices"
)

// grid lays cells out as Table 3 does: one row per (model, variant,
// protocol), one column per data set.
type grid struct {
	rows     []gridRow
	datasets []string
	cells    map[gridKey]Cell
	// ranked counts the cells with a rank (a finite mean) per data set.
	ranked map[string]int
}

// gridRow is one row of a grid.
type gridRow struct {
	// label is the row's name: the model, its variant in brackets, and the
	// protocol in parentheses when the model/variant has several.
	label    string
	model    string
	variant  string
	protocol Protocol
}

// gridKey locates a cell: row index and data set.
type gridKey struct {
	row     int
	dataset string
}

// newGrid places cells, which must be in Summarise's row order.
func newGrid(cells []Cell) grid {
	type mv struct{ model, variant string }
	protocols := map[mv][]Protocol{}
	for _, c := range cells {
		k := mv{c.Model, c.Variant}
		if !slices.Contains(protocols[k], c.Protocol) {
			protocols[k] = append(protocols[k], c.Protocol)
		}
	}
	type rk struct {
		mv
		p Protocol
	}
	index := map[rk]int{}
	g := grid{cells: map[gridKey]Cell{}, ranked: map[string]int{}}
	for _, c := range cells {
		k := rk{mv{c.Model, c.Variant}, c.Protocol}
		i, ok := index[k]
		if !ok {
			i = len(g.rows)
			index[k] = i
			g.rows = append(g.rows, gridRow{
				label: rowLabel(c.Model, c.Variant, c.Protocol, protocols[k.mv]),
				model: c.Model, variant: c.Variant, protocol: c.Protocol,
			})
		}
		if !slices.Contains(g.datasets, c.Dataset) {
			g.datasets = append(g.datasets, c.Dataset)
		}
		g.cells[gridKey{i, c.Dataset}] = c
		if c.Rank > 0 {
			g.ranked[c.Dataset]++
		}
	}
	slices.SortFunc(g.datasets, func(a, b string) int { return compareNames(datasetOrder, a, b) })
	return g
}

// rowLabel names a row: MODEL, MODEL [beta=0.1] or MODEL (2000 its). The
// protocol is named only when the model/variant comes with several
// (siblings), and then only by the parts that differ.
func rowLabel(model, variant string, p Protocol, siblings []Protocol) string {
	s := model
	if variant != "" {
		s += " [" + variant + "]"
	}
	if len(siblings) > 1 {
		s += " (" + p.text(varyingParts(siblings), shortWords) + ")"
	}
	return s
}
