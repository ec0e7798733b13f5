package plot

import (
	"fmt"
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// endMarkRadius is the radius of an end mark's dot.
const endMarkRadius = 3.5 // points

// AddEndMarks puts one dot per envelope of p (drawn by Envelopes with the
// same envs, in the same order) at the envelope's last x and the height
// finals[i], filled in that line's colour and ringed in black, and one
// legend entry, label, for all of them. The paper's Figs. 4-6 use it for
// each line's final score beside its traced checks, which draw their own
// samples. A NaN final draws no dot for its line; a dot outside a fixed
// y axis is not drawn. It fails when the counts differ, an envelope is
// empty or a final is infinite.
func AddEndMarks(p *plot.Plot, label string, envs []Envelope, finals []float64) error {
	if len(finals) != len(envs) {
		return fmt.Errorf("plot: AddEndMarks: %d finals for %d envelopes", len(finals), len(envs))
	}
	var marks []plot.Plotter
	for i, e := range envs {
		switch {
		case len(e.X) == 0:
			return fmt.Errorf("plot: AddEndMarks: envelope %d is empty", i)
		case math.IsInf(finals[i], 0):
			return fmt.Errorf("plot: AddEndMarks: envelope %d: final %v is not finite", i, finals[i])
		case math.IsNaN(finals[i]):
			continue
		}
		fill, ring := endMark(plotutil.Color(i), plotter.XYs{{X: e.X[len(e.X)-1], Y: finals[i]}})
		marks = append(marks, fill, ring)
	}
	if len(marks) == 0 {
		return nil
	}
	p.Add(marks...)
	fill, ring := endMark(grey, plotter.XYs{{}})
	p.Legend.Add(label, fill, ring)
	return nil
}

// endMark returns the two scatters of a dot at pts: a filled circle in c
// and a black ring around it.
func endMark(c color.Color, pts plotter.XYs) (fill, ring *plotter.Scatter) {
	fill = &plotter.Scatter{XYs: pts, GlyphStyle: draw.GlyphStyle{Color: c, Radius: vg.Points(endMarkRadius), Shape: draw.CircleGlyph{}}}
	ring = &plotter.Scatter{XYs: pts, GlyphStyle: draw.GlyphStyle{Color: black, Radius: vg.Points(endMarkRadius), Shape: draw.RingGlyph{}}}
	return fill, ring
}
