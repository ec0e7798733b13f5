package plot

import (
	"errors"
	"fmt"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
)

// Grid is a figure of panels in rows and columns drawn on one image (the
// paper's Figs. 2 and 3): an optional figure title on top, a title over
// each column, a label left of each row, and legends kept outside the axes,
// either one Legend shared by all panels in its own column on the right or,
// with LegendsBelow, each panel's own legend in a strip under it. The
// panels' data areas are aligned across rows and columns.
type Grid struct {
	// Title is drawn centred above everything; "" leaves no room for it.
	Title string
	// ColTitles, if not nil, holds one title per column.
	ColTitles []string
	// RowLabels, if not nil, holds one label per row, drawn upright
	// (rotated) left of the row.
	RowLabels []string
	// Panels holds the rows of panels; every row has the same length and a
	// nil panel leaves its cell empty.
	Panels [][]*plot.Plot
	// Legend, if not nil, is drawn in its own column right of the panels,
	// and the panels' own legends are not drawn.
	Legend *plot.Legend
	// LegendsBelow draws each panel's own legend under the panel, outside
	// its axes, instead of inside it. It is ignored when Legend is set.
	LegendsBelow bool
	// PanelW and PanelH are the size of one panel (axes, tick labels and
	// panel title included).
	PanelW, PanelH vg.Length
}

// Dims returns the number of rows and columns of g.
func (g *Grid) Dims() (rows, cols int) {
	if len(g.Panels) == 0 {
		return 0, 0
	}
	return len(g.Panels), len(g.Panels[0])
}

// Validate checks that g can be drawn: at least one panel, rows of equal
// length, one title per column and one label per row where given, a
// positive panel size, and every panel with labels on both axes.
func (g *Grid) Validate() error {
	rows, cols := g.Dims()
	if rows == 0 || cols == 0 {
		return errors.New("plot: grid has no panels")
	}
	if g.PanelW <= 0 || g.PanelH <= 0 {
		return fmt.Errorf("plot: grid panel size %.2f x %.2f inches must be positive", g.PanelW/vg.Inch, g.PanelH/vg.Inch)
	}
	if g.ColTitles != nil && len(g.ColTitles) != cols {
		return fmt.Errorf("plot: grid has %d columns but %d column titles", cols, len(g.ColTitles))
	}
	if g.RowLabels != nil && len(g.RowLabels) != rows {
		return fmt.Errorf("plot: grid has %d rows but %d row labels", rows, len(g.RowLabels))
	}
	n := 0
	var unlabelled []string
	for r, row := range g.Panels {
		if len(row) != cols {
			return fmt.Errorf("plot: grid row %d has %d panels, row 0 has %d", r, len(row), cols)
		}
		for c, p := range row {
			if p == nil {
				continue
			}
			n++
			if axes := UnlabelledAxes(p); len(axes) > 0 {
				unlabelled = append(unlabelled, fmt.Sprintf("panel (%d, %d) %q: %s", r, c, p.Title.Text, strings.Join(axes, " and ")))
			}
		}
	}
	if n == 0 {
		return errors.New("plot: grid has only empty cells")
	}
	if len(unlabelled) > 0 {
		return fmt.Errorf("plot: axes without a label: %s", strings.Join(unlabelled, "; "))
	}
	return nil
}

// UnlabelledAxes returns "x" and/or "y" for each axis of p that is drawn
// without a label.
func UnlabelledAxes(p *plot.Plot) []string {
	var out []string
	if strings.TrimSpace(p.X.Label.Text) == "" {
		out = append(out, "x")
	}
	if strings.TrimSpace(p.Y.Label.Text) == "" {
		out = append(out, "y")
	}
	return out
}
