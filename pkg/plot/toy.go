package plot

import (
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// ToyScatter draws the predictive samples of a toy case in normalised units
// (models.md §10.5, Fig. 2): the training data as small grey points, the
// y-samples as black crosses and the f-samples as grey circles.
// ySamples[i] and fSamples[i] hold a few samples at xTest[i]; either may be
// nil to leave that layer out, and xTrain may be empty. Layers with points
// get a legend entry. It fails on mismatched lengths or non-finite values.
func ToyScatter(title string, xTest []float64, ySamples, fSamples [][]float64, xTrain, yTrain []float64) (*plot.Plot, error) {
	p := newPlot(title, "x (normalised)", "y (normalised)")

	if err := addTraining(p, xTrain, yTrain); err != nil {
		return nil, err
	}

	layers := []struct {
		name    string
		samples [][]float64
		style   draw.GlyphStyle
	}{
		{"y samples", ySamples, ySampleStyle},
		{"f samples", fSamples, fSampleStyle},
	}
	for _, l := range layers {
		if l.samples == nil {
			continue
		}
		pts, err := samplePoints(l.name, xTest, l.samples)
		if err != nil {
			return nil, err
		}
		if len(pts) == 0 {
			continue
		}
		s, err := plotter.NewScatter(pts)
		if err != nil {
			return nil, err
		}
		s.GlyphStyle = l.style
		p.Add(s)
		p.Legend.Add(l.name, s)
	}
	return p, nil
}

// Glyphs of the toy figures.
var (
	trainStyle   = draw.GlyphStyle{Color: lightGrey, Radius: vg.Points(1.2), Shape: draw.CircleGlyph{}}
	ySampleStyle = draw.GlyphStyle{Color: black, Radius: vg.Points(1.8), Shape: draw.CrossGlyph{}}
	fSampleStyle = draw.GlyphStyle{Color: grey, Radius: vg.Points(2), Shape: draw.RingGlyph{}}
)

// ToyLegend is the legend of ToyScatter's layers, for a Grid of toy panels
// that shares one legend: the training data, a y-sample and an f-sample.
func ToyLegend() *plot.Legend {
	l := plot.NewLegend()
	l.Padding = legendPadding
	l.Add("training data", glyphThumb(trainStyle))
	l.Add("sample of y", glyphThumb(ySampleStyle))
	l.Add("sample of f", glyphThumb(fSampleStyle))
	return &l
}

// glyphThumb is a legend thumbnail showing one glyph.
type glyphThumb draw.GlyphStyle

// Thumbnail draws the glyph in the middle of c.
func (g glyphThumb) Thumbnail(c *draw.Canvas) {
	c.DrawGlyph(draw.GlyphStyle(g), c.Center())
}
