package plot

import (
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Points draws one labelled scatter per entry of series, where series[name]
// holds {x, y} of equal length (e.g. the means of q(w|x,y) and p(w|x) at the
// training inputs, Fig. 3(iii)). Series are drawn in the order of their
// sorted names, each with its own colour and glyph. It fails on mismatched
// lengths or non-finite values.
func Points(title, xlabel, ylabel string, series map[string][2][]float64) (*plot.Plot, error) {
	return drawSeries(title, xlabel, ylabel, series, func(i int, pts plotter.XYs) (legendPlotter, error) {
		s, err := plotter.NewScatter(pts)
		if err != nil {
			return nil, err
		}
		s.GlyphStyle.Color = plotutil.Color(i)
		s.GlyphStyle.Radius = vg.Points(1.5)
		s.GlyphStyle.Shape = []draw.GlyphDrawer{draw.CircleGlyph{}, draw.TriangleGlyph{}, draw.BoxGlyph{}}[i%3]
		return s, nil
	})
}
