package plot

import (
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// SaveGridPNG draws g as one PNG at the size g.Layout gives (96 dpi) and
// writes it to path atomically, as SavePNG does. The panels are left as
// they were given.
func SaveGridPNG(g *Grid, path string) error {
	l, err := g.Layout()
	if err != nil {
		return err
	}
	c, err := draw.NewFormattedCanvas(l.Size.X, l.Size.Y, "png")
	if err != nil {
		return err
	}
	g.draw(draw.New(c), l)
	return writeAtomic(path, c)
}

// draw draws g on dc following l.
func (g *Grid) draw(dc draw.Canvas, l GridLayout) {
	rows, cols := g.Dims()
	belowH := l.Below[0][0].Size().Y
	block := draw.Canvas{Canvas: dc.Canvas, Rectangle: vg.Rectangle{
		Min: vg.Point{X: l.Cells[0][0].Min.X, Y: l.Cells[rows-1][0].Min.Y - belowH},
		Max: vg.Point{X: l.Cells[0][cols-1].Max.X, Y: l.Cells[0][0].Max.Y},
	}}
	tiles := draw.Tiles{Rows: rows, Cols: cols, PadY: belowH, PadBottom: belowH}
	canvases := plot.Align(g.Panels, tiles, block)
	ownLegends := g.Legend == nil && !g.LegendsBelow
	for r, row := range g.Panels {
		for c, p := range row {
			if p == nil {
				continue
			}
			leg := p.Legend
			if !ownLegends {
				p.Legend = plot.NewLegend()
			}
			p.Draw(canvases[r][c])
			p.Legend = leg
			if g.Legend == nil && g.LegendsBelow && belowH > 0 {
				data := p.DataCanvas(canvases[r][c])
				b := l.Below[r][c]
				b.Min.X = data.Min.X
				b.Max.Y -= gridGap
				leg.Top, leg.Left = true, true
				leg.Draw(draw.Canvas{Canvas: dc.Canvas, Rectangle: b})
			}
		}
	}
	for r, s := range g.RowLabels {
		centreText(dc, l.RowLabels[r], s, 13, math.Pi/2)
	}
	for c, s := range g.ColTitles {
		centreText(dc, l.ColTitles[c], s, 13, 0)
	}
	if g.Title != "" {
		centreText(dc, l.Title, g.Title, gridTitleSize, 0)
	}
	if g.Legend != nil {
		leg := *g.Legend
		leg.Top, leg.Left = true, true
		area := l.Legend
		area.Max.Y -= gridGap
		leg.Draw(draw.Canvas{Canvas: dc.Canvas, Rectangle: area})
	}
}

// centreText draws s centred in r at the given font size (points),
// rotated by rot radians.
func centreText(dc draw.Canvas, r vg.Rectangle, s string, size float64, rot float64) {
	sty := text.Style{
		Font:     font.From(plot.DefaultFont, vg.Points(size)),
		Handler:  plot.DefaultTextHandler,
		XAlign:   text.XCenter,
		YAlign:   text.YCenter,
		Rotation: rot,
	}
	dc.FillText(sty, vg.Point{X: (r.Min.X + r.Max.X) / 2, Y: (r.Min.Y + r.Max.Y) / 2}, s)
}
