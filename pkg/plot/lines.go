package plot

import (
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
)

// Lines draws one labelled line per entry of series, where series[name]
// holds {x, y} of equal length (e.g. test NLL against iteration, Figs. 4–6).
// Lines are drawn in the order of their sorted names, each with its own
// colour, and a new dash pattern each time the palette wraps. It fails on
// mismatched lengths or non-finite values.
func Lines(title, xlabel, ylabel string, series map[string][2][]float64) (*plot.Plot, error) {
	return drawSeries(title, xlabel, ylabel, series, func(i int, pts plotter.XYs) (legendPlotter, error) {
		l, err := plotter.NewLine(pts)
		if err != nil {
			return nil, err
		}
		l.LineStyle.Width = vg.Points(1.2)
		l.LineStyle.Color = plotutil.Color(i)
		l.LineStyle.Dashes = plotutil.Dashes(i / len(plotutil.DefaultColors))
		return l, nil
	})
}
