package plot

import (
	"strings"
	"testing"

	gplot "gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
)

func TestGridFitTitleWidensOnlyWhenNeeded(t *testing.T) {
	long := strings.Repeat("a long figure title ", 6)
	sty := text.Style{Font: font.From(gplot.DefaultFont, vg.Points(gridTitleSize)), Handler: gplot.DefaultTextHandler}
	for _, c := range []struct {
		title string
		widen bool
	}{{"short", false}, {long, true}} {
		g := &Grid{Title: c.title, Panels: toyPanels(t, 1, 1, -1, -1), PanelW: 3 * vg.Inch, PanelH: 2 * vg.Inch}
		if err := g.FitTitle(); err != nil {
			t.Fatal(err)
		}
		l, err := g.Layout()
		if err != nil {
			t.Fatal(err)
		}
		if widened := g.PanelW > 3*vg.Inch; widened != c.widen {
			t.Errorf("%q: panel width %.2f in, widened %v, want %v", c.title, g.PanelW/vg.Inch, widened, c.widen)
		}
		if w := sty.Width(c.title) + 2*gridGap; l.Size.X < w-1e-9 {
			t.Errorf("%q: image %.2f in wide, the title needs %.2f", c.title, l.Size.X/vg.Inch, w/vg.Inch)
		}
	}
}
