package plot

import (
	"fmt"
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/palette/moreland"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// HeatPanel is one heat map of a quantity over a rectangular grid of two
// inputs, with points drawn on top: X[c] and Y[r] are the grid's
// coordinates (increasing) and Z[r][c] the value at (X[c], Y[r]).
type HeatPanel struct {
	// Title heads the panel; XLabel and YLabel name the inputs, ZLabel the
	// quantity (its colour bar's label).
	Title, XLabel, YLabel, ZLabel string
	X, Y                          []float64
	Z                             [][]float64
	// PX and PY are the points drawn on top (cyan dots; e.g. the test
	// inputs: say so in the title).
	PX, PY []float64
}

// heatGrid adapts a HeatPanel to plotter.GridXYZ.
type heatGrid struct{ p *HeatPanel }

func (g heatGrid) Dims() (c, r int)   { return len(g.p.X), len(g.p.Y) }
func (g heatGrid) Z(c, r int) float64 { return g.p.Z[r][c] }
func (g heatGrid) X(c int) float64    { return g.p.X[c] }
func (g heatGrid) Y(r int) float64    { return g.p.Y[r] }
func (g heatGrid) zRange() (lo, hi float64) {
	lo, hi = math.Inf(1), math.Inf(-1)
	for _, row := range g.p.Z {
		for _, v := range row {
			lo, hi = min(lo, v), max(hi, v)
		}
	}
	return lo, hi
}

// check refuses a panel whose grid is too small, ragged, not increasing or
// not finite, or whose points do not pair up.
func (p *HeatPanel) check() error {
	if len(p.X) < 2 || len(p.Y) < 2 {
		return fmt.Errorf("plot: heat map %q: a grid of %d x %d; it needs at least 2 x 2", p.Title, len(p.X), len(p.Y))
	}
	if len(p.Z) != len(p.Y) {
		return fmt.Errorf("plot: heat map %q: %d rows of values for %d y coordinates", p.Title, len(p.Z), len(p.Y))
	}
	for _, axis := range [][]float64{p.X, p.Y} {
		for i := 1; i < len(axis); i++ {
			if !(axis[i] > axis[i-1]) {
				return fmt.Errorf("plot: heat map %q: grid coordinates must increase", p.Title)
			}
		}
	}
	for r, row := range p.Z {
		if len(row) != len(p.X) {
			return fmt.Errorf("plot: heat map %q: row %d has %d values for %d x coordinates", p.Title, r, len(row), len(p.X))
		}
		for _, v := range row {
			if math.IsNaN(v) || math.IsInf(v, 0) {
				return fmt.Errorf("plot: heat map %q: a value is not finite", p.Title)
			}
		}
	}
	if len(p.PX) != len(p.PY) {
		return fmt.Errorf("plot: heat map %q: %d point x values, %d y values", p.Title, len(p.PX), len(p.PY))
	}
	return nil
}

// heatPlots builds a panel's heat map (with its points) and its colour
// bar, both on the colour map's range (the values' range, widened when
// they are all equal).
func (p *HeatPanel) heatPlots() (main, bar *plot.Plot, err error) {
	if err := p.check(); err != nil {
		return nil, nil, err
	}
	g := heatGrid{p}
	lo, hi := g.zRange()
	if hi <= lo {
		lo, hi = lo-0.5, hi+0.5
	}
	cm := moreland.ExtendedBlackBody()
	cm.SetMin(lo)
	cm.SetMax(hi)
	h := plotter.NewHeatMap(g, cm.Palette(255))
	h.Min, h.Max = lo, hi
	h.Rasterized = true // one image: no seams between the cells
	main = newPlot(p.Title, p.XLabel, p.YLabel)
	main.Add(h)
	if len(p.PX) > 0 {
		pts, err := xys(p.Title, p.PX, p.PY)
		if err != nil {
			return nil, nil, err
		}
		s, err := plotter.NewScatter(pts)
		if err != nil {
			return nil, nil, err
		}
		s.GlyphStyle.Shape = draw.CircleGlyph{}
		s.GlyphStyle.Radius = vg.Points(2)
		s.GlyphStyle.Color = pointColour
		main.Add(s)
	}
	bar = plot.New()
	bar.Add(&plotter.ColorBar{ColorMap: cm, Vertical: true})
	bar.HideX()
	bar.Y.Label.Text = p.ZLabel
	bar.Y.Tick.Marker = NiceTicks{}
	return main, bar, nil
}

// pointColour marks the points on a heat map: a cyan that the black-body
// colour map does not use.
var pointColour = color.NRGBA{R: 0, G: 200, B: 230, A: 255}

// colourBarWidth is the width of each panel's colour bar column.
const colourBarWidth = 0.9 * vg.Inch

// SaveHeatPanels draws the panels side by side, each w wide (its colour
// bar included) and h high, into one PNG at path (atomically, as
// SavePNG).
func SaveHeatPanels(panels []HeatPanel, w, h vg.Length, path string) error {
	if len(panels) == 0 {
		return fmt.Errorf("plot: SaveHeatPanels: no panels")
	}
	if w <= 2*colourBarWidth {
		return fmt.Errorf("plot: SaveHeatPanels: a panel %.1f inches wide leaves no room beside its colour bar", w/vg.Inch)
	}
	c, err := draw.NewFormattedCanvas(w*vg.Length(len(panels)), h, "png")
	if err != nil {
		return err
	}
	dc := draw.New(c)
	for i := range panels {
		main, bar, err := panels[i].heatPlots()
		if err != nil {
			return err
		}
		left := w * vg.Length(i)
		right := w * vg.Length(len(panels)-i-1)
		main.Draw(draw.Crop(dc, left, -(right + colourBarWidth), 0, 0))
		bar.Draw(draw.Crop(dc, left+w-colourBarWidth, -right, 0, -0.35*vg.Inch))
	}
	return writeAtomic(path, c)
}
