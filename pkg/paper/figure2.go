package paper

import (
	"fmt"
	"strings"

	"github.com/mgpteam/mgp/pkg/plot"
	"gonum.org/v1/gonum/mat"
	gplot "gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
)

// toyTitles are the column titles of the toy figures.
var toyTitles = map[string]string{
	"hetero": "hetero (heteroscedastic)",
	"step":   "step (discontinuous)",
	"moons":  "moons (multi-modal)",
}

// centralQuantile is the share of samples at each end that may fall
// outside a Fig. 2 panel's y range (the clipped points are counted in a
// note).
const centralQuantile = 0.005

// figure2 builds the paper's Fig. 2 (models.md §10.5) from fits: one column
// per toy, a first row with the training data, then one row per model of
// paperModels that has fits, each panel one predictive sample of y
// (crosses) and of f (circles) at every test input, drawn with seed. The
// panels of a column share their axes. It returns the notes worth logging
// (points outside the plotted range).
func figure2(fits toyFits, toys []string, seed uint64, title string) (*plot.Grid, []string, error) {
	rows := fits.paperRows()
	g := &plot.Grid{
		Title:     title,
		RowLabels: append([]string{"training data"}, upper(rows)...),
		Panels:    make([][]*gplot.Plot, 1+len(rows)),
		Legend:    plot.ToyLegend(),
		PanelW:    3.3 * vg.Inch,
		PanelH:    2.4 * vg.Inch,
	}
	for r := range g.Panels {
		g.Panels[r] = make([]*gplot.Plot, len(toys))
	}
	var notes []string
	for c, toy := range toys {
		g.ColTitles = append(g.ColTitles, toyTitle(toy))
		data := fits.anyFit(toy)
		if data == nil {
			notes = append(notes, fmt.Sprintf("figure 2: no model trained on %s: column left empty", toy))
			continue
		}
		xtr, ytr := mat.Col(nil, 0, data.xTrain), mat.Col(nil, 0, data.yTrain)
		var xr, yr axisRange
		xr.include(xtr...)
		xr.include(mat.Col(nil, 0, data.xTest)...)
		yr.include(ytr...)
		p, err := plot.ToyScatter("", nil, nil, nil, xtr, ytr)
		if err != nil {
			return nil, nil, fmt.Errorf("figure 2: %s data: %w", toy, err)
		}
		g.Panels[0][c] = p
		samples := make([][]float64, len(rows)) // y- and f-samples per row
		for r, m := range rows {
			f := fits[m][toy]
			if f == nil {
				notes = append(notes, fmt.Sprintf("figure 2: %s was not trained on %s: panel left empty", strings.ToUpper(m), toy))
				continue
			}
			x, ys, fs := oneSample(f, seed)
			p, err := plot.ToyScatter("", x, perPoint(ys), perPoint(fs), nil, nil)
			if err != nil {
				return nil, nil, fmt.Errorf("figure 2: %s on %s: %w", strings.ToUpper(m), toy, err)
			}
			g.Panels[r+1][c] = p
			samples[r] = append(ys, fs...)
			yr.includeCentral(samples[r], centralQuantile)
		}
		xr, yr = xr.padded(0.03), yr.padded(0.05)
		for r, row := range g.Panels {
			if row[c] == nil {
				continue
			}
			xr.applyX(row[c])
			yr.applyY(row[c])
			if r > 0 {
				if n := yr.outside(samples[r-1]); n > 0 {
					notes = append(notes, fmt.Sprintf("figure 2: %s on %s: %d of %d sampled values lie outside the plotted y range [%.2f, %.2f]",
						strings.ToUpper(rows[r-1]), toy, n, len(samples[r-1]), yr.lo, yr.hi))
				}
			}
		}
	}
	return g, notes, nil
}

// toyTitle is the column title of toy.
func toyTitle(toy string) string {
	if t, ok := toyTitles[toy]; ok {
		return t
	}
	return toy
}

// upper returns the model names in upper case, as the figures label them.
func upper(names []string) []string {
	out := make([]string, len(names))
	for i, n := range names {
		out[i] = strings.ToUpper(n)
	}
	return out
}
