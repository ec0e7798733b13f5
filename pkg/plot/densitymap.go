package plot

import (
	"fmt"
	"image/color"
	"math"
	"slices"

	"gonum.org/v1/plot"
	gpalette "gonum.org/v1/plot/palette"
	"gonum.org/v1/plot/palette/moreland"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/vgimg"
)

// MapPanel is one map of ColourMaps: points at (X[i], Y[i]) coloured by
// Value[i].
type MapPanel struct {
	Title          string
	X, Y, Value    []float64
	XLabel, YLabel string
}

// ColourMaps is a figure of map panels in a grid of Cols columns, every
// point coloured on one shared colour scale, with the colour bar right of
// the panels (the paper's Fig. 8).
type ColourMaps struct {
	Title  string
	Panels []MapPanel
	Cols   int
	// BarLabel names the coloured quantity.
	BarLabel string
	// Min and Max are the ends of the colour scale; values beyond them get
	// the end colours. Both 0: the 1st and 99th percentiles of all values
	// (ColourRange).
	Min, Max float64
	// PanelW and PanelH are the size of one panel.
	PanelW, PanelH vg.Length
}

// colourBarW is the width of the colour bar's column, tick labels included.
const colourBarW = 1.3 * vg.Inch

// colourTitleH is the height of the figure title's strip.
const colourTitleH = 0.35 * vg.Inch

// ColourRange returns the 1st and 99th percentiles (nearest rank) of the
// finite values of the panels, so that a few extreme points do not wash
// out the scale; lo < hi always (a constant set is widened by 1).
func ColourRange(panels []MapPanel) (lo, hi float64, err error) {
	var all []float64
	for _, p := range panels {
		for _, v := range p.Value {
			if !math.IsNaN(v) && !math.IsInf(v, 0) {
				all = append(all, v)
			}
		}
	}
	if len(all) == 0 {
		return 0, 0, fmt.Errorf("plot: colour maps: no finite values")
	}
	slices.Sort(all)
	at := func(q float64) float64 { return all[min(len(all)-1, int(q*float64(len(all))))] }
	lo, hi = at(0.01), at(0.99)
	if !(hi > lo) {
		lo, hi = lo-0.5, lo+0.5
	}
	return lo, hi, nil
}

// check validates the figure.
func (f *ColourMaps) check() error {
	if len(f.Panels) == 0 || f.Cols < 1 {
		return fmt.Errorf("plot: colour maps: %d panels in %d columns", len(f.Panels), f.Cols)
	}
	for _, p := range f.Panels {
		if len(p.X) != len(p.Y) || len(p.X) != len(p.Value) || len(p.X) == 0 {
			return fmt.Errorf("plot: colour maps: panel %q has %d x, %d y and %d values", p.Title, len(p.X), len(p.Y), len(p.Value))
		}
	}
	if f.PanelW <= 0 || f.PanelH <= 0 {
		return fmt.Errorf("plot: colour maps: panel size must be positive")
	}
	return nil
}

// colourMap returns the shared colour map over [Min, Max] (or ColourRange).
func (f *ColourMaps) colourMap() (gpalette.ColorMap, error) {
	lo, hi := f.Min, f.Max
	if lo == 0 && hi == 0 {
		var err error
		if lo, hi, err = ColourRange(f.Panels); err != nil {
			return nil, err
		}
	}
	if !(hi > lo) {
		return nil, fmt.Errorf("plot: colour maps: colour range [%v, %v] is empty", lo, hi)
	}
	cm, err := moreland.NewLuminance(mapColours)
	if err != nil {
		return nil, err
	}
	cm.SetMin(lo)
	cm.SetMax(hi)
	return cm, nil
}

// mapColours are the control colours of the maps' colour scale, dark
// violet through blue and green to yellow (rising luminance, and no white
// end that would vanish on the white background).
var mapColours = []color.Color{
	color.NRGBA{R: 0x44, G: 0x01, B: 0x54, A: 0xff},
	color.NRGBA{R: 0x3b, G: 0x52, B: 0x8b, A: 0xff},
	color.NRGBA{R: 0x21, G: 0x91, B: 0x8c, A: 0xff},
	color.NRGBA{R: 0x5e, G: 0xc9, B: 0x62, A: 0xff},
	color.NRGBA{R: 0xfd, G: 0xe7, B: 0x25, A: 0xff},
}

// colourOf returns v's colour on cm, clamped to its ends (NaN: grey).
func colourOf(cm gpalette.ColorMap, v float64) draw.GlyphStyle {
	g := draw.GlyphStyle{Radius: vg.Points(1.2), Shape: draw.CircleGlyph{}, Color: grey}
	if math.IsNaN(v) {
		return g
	}
	v = min(max(v, cm.Min()), cm.Max())
	if c, err := cm.At(v); err == nil {
		g.Color = c
	}
	return g
}

// panelPlot returns the scatter plot of one panel.
func panelPlot(p MapPanel, cm gpalette.ColorMap) (*plot.Plot, error) {
	pts, err := xys(p.Title, p.X, p.Y)
	if err != nil {
		return nil, err
	}
	s, err := plotter.NewScatter(pts)
	if err != nil {
		return nil, fmt.Errorf("plot: colour maps: panel %q: %w", p.Title, err)
	}
	s.GlyphStyleFunc = func(i int) draw.GlyphStyle { return colourOf(cm, p.Value[i]) }
	pl := newPlot(p.Title, p.XLabel, p.YLabel)
	pl.Add(s)
	return pl, nil
}

// SavePNG draws the figure into a PNG at path (atomically, as SavePNG).
func (f *ColourMaps) SavePNG(path string) error {
	if err := f.check(); err != nil {
		return err
	}
	cm, err := f.colourMap()
	if err != nil {
		return err
	}
	rows := (len(f.Panels) + f.Cols - 1) / f.Cols
	w := vg.Length(f.Cols)*f.PanelW + colourBarW
	h := vg.Length(rows)*f.PanelH + colourTitleH
	img := vgimg.PngCanvas{Canvas: vgimg.New(w, h)}
	dc := draw.New(img)
	for i, p := range f.Panels {
		pl, err := panelPlot(p, cm)
		if err != nil {
			return err
		}
		r, c := i/f.Cols, i%f.Cols
		x0 := vg.Length(c) * f.PanelW
		y0 := h - colourTitleH - vg.Length(r+1)*f.PanelH
		pl.Draw(draw.Crop(dc, x0, x0+f.PanelW-w, y0, y0+f.PanelH-h))
	}
	bar := plot.New()
	bar.Add(&plotter.ColorBar{ColorMap: cm, Vertical: true})
	bar.HideX()
	bar.Y.Label.Text = f.BarLabel
	bar.Y.Tick.Marker = NiceTicks{}
	x0 := vg.Length(f.Cols) * f.PanelW
	bar.Draw(draw.Crop(dc, x0+0.1*vg.Inch, 0, 0.4*vg.Inch, -colourTitleH-0.3*vg.Inch))
	if f.Title != "" {
		centreText(dc, vg.Rectangle{Min: vg.Point{X: 0, Y: h - colourTitleH}, Max: vg.Point{X: w, Y: h}}, f.Title, 13, 0)
	}
	return writeAtomic(path, img)
}
