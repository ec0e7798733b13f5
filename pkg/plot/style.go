package plot

import (
	"fmt"
	"image/color"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
)

// Colours shared by the figures.
var (
	black     = color.Gray{Y: 0}
	grey      = color.Gray{Y: 128}
	lightGrey = color.Gray{Y: 180}
	bandFill  = color.NRGBA{R: 70, G: 130, B: 180, A: 70}
)

// legendPadding is the space between legend entries.
const legendPadding = 1.5 * vg.Millimeter

// newPlot returns a plot with title, axis labels, about five labelled
// ticks per axis and a top-left legend.
func newPlot(title, xlabel, ylabel string) *plot.Plot {
	p := plot.New()
	p.Title.Text = title
	p.X.Label.Text = xlabel
	p.Y.Label.Text = ylabel
	p.X.Tick.Marker = NiceTicks{}
	p.Y.Tick.Marker = NiceTicks{}
	p.Legend.Top = true
	p.Legend.Left = true
	p.Legend.Padding = legendPadding
	return p
}

// xys pairs x and y, which must have the same length.
func xys(what string, x, y []float64) (plotter.XYs, error) {
	if len(x) != len(y) {
		return nil, fmt.Errorf("plot: %s: %d x values, %d y values", what, len(x), len(y))
	}
	pts := make(plotter.XYs, len(x))
	for i := range x {
		pts[i] = plotter.XY{X: x[i], Y: y[i]}
	}
	return pts, nil
}

// samplePoints flattens per-test-point samples into (x_i, s) pairs.
func samplePoints(what string, x []float64, samples [][]float64) (plotter.XYs, error) {
	if len(samples) != len(x) {
		return nil, fmt.Errorf("plot: %s: samples for %d points, %d test inputs", what, len(samples), len(x))
	}
	var pts plotter.XYs
	for i, s := range samples {
		for _, v := range s {
			pts = append(pts, plotter.XY{X: x[i], Y: v})
		}
	}
	return pts, nil
}
