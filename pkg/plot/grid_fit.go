package plot

import (
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
)

// gridTitleSize is the font size of a Grid's title, in points.
const gridTitleSize = 14

// FitTitle widens g's panels, when needed, so that the figure title fits
// across the image with a margin of gridGap at each end; a figure of one
// narrow panel would otherwise cut a long title at both edges. It returns
// the error of g.Layout.
func (g *Grid) FitTitle() error {
	l, err := g.Layout()
	if err != nil || g.Title == "" {
		return err
	}
	sty := text.Style{Font: font.From(plot.DefaultFont, vg.Points(gridTitleSize)), Handler: plot.DefaultTextHandler}
	need := sty.Width(g.Title) + 2*gridGap
	if need > l.Size.X {
		_, cols := g.Dims()
		g.PanelW += (need - l.Size.X) / vg.Length(cols)
	}
	return nil
}
