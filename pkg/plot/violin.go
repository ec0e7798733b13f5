package plot

import (
	"fmt"
	"image/color"
	"math"

	"gonum.org/v1/gonum/stat"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// ViolinGrid is the number of heights at which a violin's outline is
// evaluated.
const ViolinGrid = 101

// ViolinCut is how far, in bandwidths, a violin reaches beyond its smallest
// and largest value.
const ViolinCut = 2.0

// ViolinShape is the outline of one violin: at height Y[k] the violin
// spans Position ± HalfWidth[k] (in x data units).
type ViolinShape struct {
	Y, HalfWidth []float64
	// Bandwidth is the KDE bandwidth used (Silverman's rule).
	Bandwidth float64
}

// NewViolinShape returns the outline of the violin of values: the Gaussian
// KDE of the values with Silverman's bandwidth h = sd·(3n/4)^(-1/5) (sd with
// ddof 1, the rule of the test NLL's KDE), evaluated at ViolinGrid heights
// from min − ViolinCut·h to max + ViolinCut·h and scaled so that its widest
// point is maxHalf. With one value, or values all equal, the bandwidth is
// 5 % of the value's magnitude (1 if it is 0). Values must be finite and at
// least one.
func NewViolinShape(values []float64, maxHalf float64) (ViolinShape, error) {
	if len(values) == 0 {
		return ViolinShape{}, fmt.Errorf("plot: violin: no values")
	}
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, v := range values {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return ViolinShape{}, fmt.Errorf("plot: violin: value %v is not finite", v)
		}
		lo, hi = min(lo, v), max(hi, v)
	}
	h := 0.0
	if len(values) > 1 {
		h = stat.StdDev(values, nil) * math.Pow(0.75*float64(len(values)), -0.2)
	}
	if !(h > 0) {
		h = 0.05 * math.Abs(values[0])
		if h == 0 {
			h = 1
		}
	}
	s := ViolinShape{Y: make([]float64, ViolinGrid), HalfWidth: make([]float64, ViolinGrid), Bandwidth: h}
	a, b := lo-ViolinCut*h, hi+ViolinCut*h
	peak := 0.0
	for k := range s.Y {
		y := a + (b-a)*float64(k)/float64(ViolinGrid-1)
		var d float64
		for _, v := range values {
			z := (y - v) / h
			d += math.Exp(-0.5 * z * z)
		}
		s.Y[k], s.HalfWidth[k] = y, d
		peak = max(peak, d)
	}
	for k := range s.HalfWidth {
		s.HalfWidth[k] *= maxHalf / peak
	}
	return s, nil
}

// Outline returns the closed outline of the violin at x = position: up
// the right side (position + half-width), down the left side, back to the
// first point.
func (s ViolinShape) Outline(position float64) plotter.XYs {
	out := make(plotter.XYs, 0, 2*len(s.Y)+1)
	for k := range s.Y {
		out = append(out, plotter.XY{X: position + s.HalfWidth[k], Y: s.Y[k]})
	}
	for k := len(s.Y) - 1; k >= 0; k-- {
		out = append(out, plotter.XY{X: position - s.HalfWidth[k], Y: s.Y[k]})
	}
	return append(out, out[0])
}

// MinViolinValues is the fewest values a category needs for its violin
// body to be drawn: a density of one value is only the bandwidth's bell,
// so such a category is drawn as its point alone.
const MinViolinValues = 2

// Violins is a gonum/plot Plotter that draws, for each category, a violin
// (NewViolinShape, mirrored about the category's x position; only with at
// least MinViolinValues values) and the category's values as points on
// its axis.
type Violins struct {
	// Values holds each category's values; category i sits at x = i.
	Values [][]float64
	// Shapes are the violins' outlines, one per category.
	Shapes []ViolinShape
	// Fill and Line style the violins, Point the values.
	Fill  color.Color
	Line  draw.LineStyle
	Point draw.GlyphStyle
}

// ViolinHalfWidth is the widest half-width of a violin, in x units (the
// categories are 1 apart).
const ViolinHalfWidth = 0.4

// NewViolins returns the violins of the categories' values, category i at
// x = i. Each category needs at least one finite value.
func NewViolins(values [][]float64) (*Violins, error) {
	v := &Violins{Values: values,
		Fill:  color.NRGBA{R: 70, G: 130, B: 180, A: 110},
		Line:  draw.LineStyle{Color: black, Width: vg.Points(0.8)},
		Point: draw.GlyphStyle{Color: black, Radius: vg.Points(1.8), Shape: draw.CircleGlyph{}},
	}
	for i, vals := range values {
		s, err := NewViolinShape(vals, ViolinHalfWidth)
		if err != nil {
			return nil, fmt.Errorf("category %d of %d: %w", i+1, len(values), err)
		}
		v.Shapes = append(v.Shapes, s)
	}
	return v, nil
}

// Plot draws the violins and the points (plot.Plotter).
func (v *Violins) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	for i, s := range v.Shapes {
		x := float64(i)
		if len(v.Values[i]) >= MinViolinValues {
			var outline []vg.Point
			for _, pt := range s.Outline(x) {
				outline = append(outline, vg.Point{X: trX(pt.X), Y: trY(pt.Y)})
			}
			c.FillPolygon(v.Fill, c.ClipPolygonXY(outline))
			c.StrokeLines(v.Line, c.ClipLinesXY(outline)...)
		}
		for _, y := range v.Values[i] {
			c.DrawGlyph(v.Point, vg.Point{X: trX(x), Y: trY(y)})
		}
	}
}

// DataRange covers every violin (plot.DataRanger).
func (v *Violins) DataRange() (xmin, xmax, ymin, ymax float64) {
	xmin, xmax = -0.5, float64(len(v.Shapes))-0.5
	ymin, ymax = math.Inf(1), math.Inf(-1)
	for _, s := range v.Shapes {
		ymin, ymax = min(ymin, s.Y[0]), max(ymax, s.Y[len(s.Y)-1])
	}
	return xmin, xmax, ymin, ymax
}

// Margins of a violin plot's y axis beyond its violins, as shares of their
// span: ViolinPadBelow keeps the lowest tail well clear of the tick labels
// (the names) under it, ViolinPadAbove keeps the highest from the top.
const (
	ViolinPadBelow = 0.12
	ViolinPadAbove = 0.04
)

// ViolinPlot returns a plot of the violins of values, one per name, with
// the names as the x tick labels under the x axis title xlabel.
func ViolinPlot(title, xlabel, ylabel string, names []string, values [][]float64) (*plot.Plot, error) {
	if len(names) != len(values) {
		return nil, fmt.Errorf("plot: violins: %d names for %d categories", len(names), len(values))
	}
	for i, vals := range values {
		if len(vals) == 0 {
			return nil, fmt.Errorf("plot: violins: %s has no values", names[i])
		}
	}
	v, err := NewViolins(values)
	if err != nil {
		return nil, err
	}
	p := newPlot(title, xlabel, ylabel)
	p.Add(v)
	p.NominalX(names...)
	p.X.Min, p.X.Max = -0.5, float64(len(names))-0.5
	span := p.Y.Max - p.Y.Min
	p.Y.Min, p.Y.Max = p.Y.Min-ViolinPadBelow*span, p.Y.Max+ViolinPadAbove*span
	return p, nil
}
