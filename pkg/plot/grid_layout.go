package plot

import (
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Space reserved around the panels of a Grid.
const (
	gridTitleH    = 0.45 * vg.Inch // figure title strip
	gridColTitleH = 0.32 * vg.Inch // column title strip
	gridRowLabelW = 0.4 * vg.Inch  // row label strip
	gridGap       = 4 * vg.Millimeter
)

// GridLayout is where a Grid's parts go on the image, in vg lengths with
// the origin at the bottom left. Rectangles of absent parts are empty.
type GridLayout struct {
	// Size is the size of the whole image.
	Size vg.Point
	// Title is the figure title strip.
	Title vg.Rectangle
	// ColTitles holds one strip per column above the top row.
	ColTitles []vg.Rectangle
	// RowLabels holds one strip per row left of the row.
	RowLabels []vg.Rectangle
	// Cells holds the rectangle of each panel, row 0 at the top.
	Cells [][]vg.Rectangle
	// Below holds the legend strip under each panel (LegendsBelow).
	Below [][]vg.Rectangle
	// Legend is the shared legend's column right of the panels.
	Legend vg.Rectangle
}

// Pixels is the size in pixels of the PNG that SaveGridPNG writes for this
// layout (gonum/plot's 96 dpi, rounded as its image canvas rounds).
func (l GridLayout) Pixels() (w, h int) {
	const dpi = 96
	return int(l.Size.X/vg.Inch*dpi + 0.5), int(l.Size.Y/vg.Inch*dpi + 0.5)
}

// Layout places the parts of g. The image is as large as its parts need:
// PanelW per column plus the row label strip and the legend column, PanelH
// (plus a legend strip with LegendsBelow) per row plus the title strips.
func (g *Grid) Layout() (GridLayout, error) {
	if err := g.Validate(); err != nil {
		return GridLayout{}, err
	}
	rows, cols := g.Dims()
	var titleH, colH, labelW, legendW, belowH vg.Length
	if g.Title != "" {
		titleH = gridTitleH
	}
	if g.ColTitles != nil {
		colH = gridColTitleH
	}
	if g.RowLabels != nil {
		labelW = gridRowLabelW
	}
	if g.Legend != nil {
		legendW = legendSize(g.Legend).X + 2*gridGap
	} else if g.LegendsBelow {
		for _, row := range g.Panels {
			for _, p := range row {
				if p != nil {
					belowH = max(belowH, legendSize(&p.Legend).Y)
				}
			}
		}
		if belowH > 0 {
			belowH += 2 * gridGap // a gap above and below the legend
		}
	}
	rowH := g.PanelH + belowH
	w := labelW + vg.Length(cols)*g.PanelW + legendW
	h := titleH + colH + vg.Length(rows)*rowH
	l := GridLayout{Size: vg.Point{X: w, Y: h}}
	if titleH > 0 {
		l.Title = rect(0, h-titleH, w, h)
	}
	top := h - titleH - colH // top of the panel block
	l.Cells = make([][]vg.Rectangle, rows)
	l.Below = make([][]vg.Rectangle, rows)
	for r := range rows {
		y1 := top - vg.Length(r)*rowH
		if labelW > 0 {
			l.RowLabels = append(l.RowLabels, rect(0, y1-g.PanelH, labelW, y1))
		}
		l.Cells[r] = make([]vg.Rectangle, cols)
		l.Below[r] = make([]vg.Rectangle, cols)
		for c := range cols {
			x0 := labelW + vg.Length(c)*g.PanelW
			l.Cells[r][c] = rect(x0, y1-g.PanelH, x0+g.PanelW, y1)
			if belowH > 0 {
				l.Below[r][c] = rect(x0, y1-rowH, x0+g.PanelW, y1-g.PanelH)
			}
		}
	}
	if colH > 0 {
		for c := range cols {
			x0 := labelW + vg.Length(c)*g.PanelW
			l.ColTitles = append(l.ColTitles, rect(x0, top, x0+g.PanelW, top+colH))
		}
	}
	if legendW > 0 {
		l.Legend = rect(w-legendW+gridGap, 0, w-gridGap, top)
	}
	return l, nil
}

// legendSize is the width and height a legend needs.
func legendSize(leg *plot.Legend) vg.Point {
	return leg.Rectangle(draw.Canvas{}).Size()
}

// rect is the rectangle with corners (x0, y0) and (x1, y1).
func rect(x0, y0, x1, y1 vg.Length) vg.Rectangle {
	return vg.Rectangle{Min: vg.Point{X: x0, Y: y0}, Max: vg.Point{X: x1, Y: y1}}
}
