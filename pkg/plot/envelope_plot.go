package plot

import (
	"fmt"
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
)

// bandAlpha is the opacity of an envelope's min/max band (of 255).
const bandAlpha = 60

// Envelopes draws one line per envelope, its mean against x, over a band
// from its minimum to its maximum shaded in the line's colour, in the
// order given; labels[i] names envs[i] in the legend (whose entries show
// the line over its band). The bands are drawn under all the lines. It fails when the counts differ, an envelope
// is empty or malformed, or a value is not finite.
func Envelopes(title, xlabel, ylabel string, labels []string, envs []Envelope) (*plot.Plot, error) {
	if len(labels) != len(envs) {
		return nil, fmt.Errorf("plot: Envelopes: %d labels for %d envelopes", len(labels), len(envs))
	}
	p := newPlot(title, xlabel, ylabel)
	var bands, lines []plot.Plotter // every band under every line
	for i, e := range envs {
		n := len(e.X)
		if n == 0 || len(e.Mean) != n || len(e.Min) != n || len(e.Max) != n {
			return nil, fmt.Errorf("plot: Envelopes: %s: lengths x %d, mean %d, min %d, max %d", labels[i], n, len(e.Mean), len(e.Min), len(e.Max))
		}
		for k := range n {
			for _, v := range []float64{e.X[k], e.Mean[k], e.Min[k], e.Max[k]} {
				if math.IsNaN(v) || math.IsInf(v, 0) {
					return nil, fmt.Errorf("plot: Envelopes: %s: non-finite value at x = %v", labels[i], e.X[k])
				}
			}
		}
		idx := sortedIndex(e.X)
		line := make(plotter.XYs, n)
		poly := make(plotter.XYs, 2*n)
		for k, j := range idx {
			line[k] = plotter.XY{X: e.X[j], Y: e.Mean[j]}
			poly[k] = plotter.XY{X: e.X[j], Y: e.Max[j]}
			poly[2*n-1-k] = plotter.XY{X: e.X[j], Y: e.Min[j]}
		}
		band, err := plotter.NewPolygon(poly)
		if err != nil {
			return nil, fmt.Errorf("plot: Envelopes: %s: %w", labels[i], err)
		}
		band.LineStyle.Width = 0
		c := color.NRGBAModel.Convert(plotutil.Color(i)).(color.NRGBA)
		c.A = bandAlpha
		band.Color = c
		l, err := plotter.NewLine(line)
		if err != nil {
			return nil, fmt.Errorf("plot: Envelopes: %s: %w", labels[i], err)
		}
		l.LineStyle.Width = vg.Points(1.5)
		l.LineStyle.Color = plotutil.Color(i)
		l.LineStyle.Dashes = plotutil.Dashes(i / len(plotutil.DefaultColors))
		bands, lines = append(bands, band), append(lines, l)
		p.Legend.Add(labels[i], band, l)
	}
	p.Add(bands...)
	p.Add(lines...)
	return p, nil
}
