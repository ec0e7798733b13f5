package plot

import (
	"fmt"
	"maps"
	"slices"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
)

// legendPlotter is a plotter that can also draw its own legend entry.
type legendPlotter interface {
	plot.Plotter
	plot.Thumbnailer
}

// drawSeries builds a plot with one labelled element per entry of series
// ({x, y} of equal length), in the order of the sorted names; mk makes the
// i-th element from its points. It fails on mismatched lengths or
// non-finite values.
func drawSeries(title, xlabel, ylabel string, series map[string][2][]float64,
	mk func(i int, pts plotter.XYs) (legendPlotter, error)) (*plot.Plot, error) {
	p := newPlot(title, xlabel, ylabel)
	for i, name := range slices.Sorted(maps.Keys(series)) {
		xy := series[name]
		pts, err := xys(name, xy[0], xy[1])
		if err != nil {
			return nil, err
		}
		el, err := mk(i, pts)
		if err != nil {
			return nil, fmt.Errorf("plot: %s: %w", name, err)
		}
		p.Add(el)
		p.Legend.Add(name, el)
	}
	return p, nil
}
