package plot

import (
	"math"
	"path/filepath"
	"strings"
	"testing"

	gplot "gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
)

// toyPanels returns rows x cols labelled toy panels (some samples of a
// sine); the panel at (nilRow, nilCol) is nil when nilRow >= 0.
func toyPanels(t *testing.T, rows, cols, nilRow, nilCol int) [][]*gplot.Plot {
	t.Helper()
	x := grid(60, -2, 2)
	ys := make([][]float64, len(x))
	for i, v := range x {
		ys[i] = []float64{math.Sin(3 * v)}
	}
	panels := make([][]*gplot.Plot, rows)
	for r := range panels {
		panels[r] = make([]*gplot.Plot, cols)
		for c := range panels[r] {
			if r == nilRow && c == nilCol {
				continue
			}
			p, err := ToyScatter("", x, ys, ys, x, x)
			if err != nil {
				t.Fatal(err)
			}
			panels[r][c] = p
		}
	}
	return panels
}

// pixels converts a length to pixels at gonum/plot's 96 dpi.
func pixels(l vg.Length) int { return int(l/vg.Inch*96 + 0.5) }

// inside reports whether a lies within b (up to rounding).
func inside(a, b vg.Rectangle) bool {
	const eps = 1e-6
	return a.Min.X >= b.Min.X-eps && a.Min.Y >= b.Min.Y-eps && a.Max.X <= b.Max.X+eps && a.Max.Y <= b.Max.Y+eps
}

// near reports whether a and b agree up to rounding.
func near(a, b vg.Length) bool { return math.Abs(float64(a-b)) < 1e-9 }

// overlap reports whether the interiors of a and b intersect.
func overlap(a, b vg.Rectangle) bool {
	const eps = 1e-6
	return a.Min.X < b.Max.X-eps && b.Min.X < a.Max.X-eps && a.Min.Y < b.Max.Y-eps && b.Min.Y < a.Max.Y-eps
}

func TestGridLayoutSharedLegend(t *testing.T) {
	const rows, cols = 5, 3
	g := &Grid{
		Title:     "Fig. 2",
		ColTitles: []string{"hetero", "step", "moons"},
		RowLabels: []string{"data", "SGP", "SHGP", "SMGP", "SLGP"},
		Panels:    toyPanels(t, rows, cols, -1, -1),
		Legend:    ToyLegend(),
		PanelW:    3 * vg.Inch,
		PanelH:    2 * vg.Inch,
	}
	l, err := g.Layout()
	if err != nil {
		t.Fatal(err)
	}
	legW := legendSize(g.Legend).X + 2*gridGap
	wantW := gridRowLabelW + cols*g.PanelW + legW
	wantH := gridTitleH + gridColTitleH + rows*g.PanelH
	if !near(l.Size.X, wantW) || !near(l.Size.Y, wantH) {
		t.Fatalf("size %v x %v, want %v x %v", l.Size.X, l.Size.Y, wantW, wantH)
	}
	page := rect(0, 0, l.Size.X, l.Size.Y)
	for r := range rows {
		for c := range cols {
			cell := l.Cells[r][c]
			if sz := cell.Size(); !inside(cell, page) || !near(sz.X, g.PanelW) || !near(sz.Y, g.PanelH) {
				t.Errorf("cell (%d, %d) = %v: not a %v x %v panel on the page", r, c, cell, g.PanelW, g.PanelH)
			}
			if c > 0 && cell.Min.X < l.Cells[r][c-1].Max.X-1e-9 {
				t.Errorf("cell (%d, %d) is not right of its left neighbour", r, c)
			}
			if r > 0 && cell.Max.Y > l.Cells[r-1][c].Min.Y+1e-9 {
				t.Errorf("cell (%d, %d) is not below the cell above", r, c)
			}
			if overlap(cell, l.Legend) || overlap(cell, l.RowLabels[r]) || overlap(cell, l.ColTitles[c]) || overlap(cell, l.Title) {
				t.Errorf("cell (%d, %d) overlaps the legend, a label or a title", r, c)
			}
		}
		if lab := l.RowLabels[r]; lab.Max.X > l.Cells[r][0].Min.X+1e-9 || !near(lab.Min.Y, l.Cells[r][0].Min.Y) {
			t.Errorf("row label %d at %v is not left of its row", r, lab)
		}
	}
	for c := range cols {
		if ct := l.ColTitles[c]; ct.Min.Y < l.Cells[0][c].Max.Y-1e-9 || !near(ct.Min.X, l.Cells[0][c].Min.X) {
			t.Errorf("column title %d at %v is not above its column", c, ct)
		}
	}
	if l.Legend.Min.X < l.Cells[0][cols-1].Max.X || !inside(l.Legend, page) {
		t.Errorf("legend column %v is not right of the panels on the page", l.Legend)
	}
	if l.Title.Min.Y < l.ColTitles[0].Max.Y-1e-9 {
		t.Errorf("title %v is not above the column titles", l.Title)
	}

	// The PNG has the layout's size, and the legend column holds ink.
	path := filepath.Join(t.TempDir(), "grid.png")
	if err := SaveGridPNG(g, path); err != nil {
		t.Fatal(err)
	}
	pw, ph := l.Pixels()
	img := decodePNG(t, path, pw, ph)
	x0 := pixels(l.Legend.Min.X)
	ink := 0
	for x := x0; x < img.Bounds().Dx(); x++ {
		for y := 0; y < img.Bounds().Dy()/2; y++ {
			if r, g, b, _ := img.At(x, y).RGBA(); r+g+b < 3*0xf000 {
				ink++
			}
		}
	}
	if ink == 0 {
		t.Error("no legend drawn in the legend column")
	}
}

func TestGridLayoutLegendsBelow(t *testing.T) {
	panels := toyPanels(t, 1, 3, 0, 1) // middle cell empty
	g := &Grid{Panels: panels, LegendsBelow: true, PanelW: 3 * vg.Inch, PanelH: 2.5 * vg.Inch}
	l, err := g.Layout()
	if err != nil {
		t.Fatal(err)
	}
	if l.Legend != (vg.Rectangle{}) || l.Title != (vg.Rectangle{}) || l.RowLabels != nil || l.ColTitles != nil {
		t.Errorf("absent parts got space: %+v", l)
	}
	belowH := legendSize(&panels[0][0].Legend).Y + 2*gridGap
	if want := g.PanelH + belowH; !near(l.Size.Y, want) || !near(l.Size.X, 3*g.PanelW) {
		t.Fatalf("size %v, want %v x %v", l.Size, 3*g.PanelW, want)
	}
	for c := range 3 {
		b, cell := l.Below[0][c], l.Cells[0][c]
		if !near(b.Max.Y, cell.Min.Y) || !near(b.Min.Y, 0) || !near(b.Min.X, cell.Min.X) || !near(b.Max.X, cell.Max.X) {
			t.Errorf("legend strip %d at %v is not under its panel %v", c, b, cell)
		}
	}
	path := filepath.Join(t.TempDir(), "row.png")
	if err := SaveGridPNG(g, path); err != nil {
		t.Fatal(err)
	}
	pw, ph := l.Pixels()
	decodePNG(t, path, pw, ph)
}

func TestGridValidate(t *testing.T) {
	ok := func() *Grid {
		return &Grid{Panels: toyPanels(t, 2, 2, -1, -1), PanelW: vg.Inch, PanelH: vg.Inch}
	}
	if err := ok().Validate(); err != nil {
		t.Fatalf("valid grid rejected: %v", err)
	}
	for name, c := range map[string]struct {
		edit func(g *Grid)
		want string
	}{
		"no panels":       {func(g *Grid) { g.Panels = nil }, "no panels"},
		"all empty":       {func(g *Grid) { g.Panels = [][]*gplot.Plot{{nil, nil}} }, "only empty"},
		"ragged":          {func(g *Grid) { g.Panels[1] = g.Panels[1][:1] }, "row 1 has 1"},
		"column titles":   {func(g *Grid) { g.ColTitles = []string{"a"} }, "column titles"},
		"row labels":      {func(g *Grid) { g.RowLabels = []string{"a", "b", "c"} }, "row labels"},
		"size":            {func(g *Grid) { g.PanelH = 0 }, "must be positive"},
		"unlabelled x":    {func(g *Grid) { g.Panels[1][0].X.Label.Text = "" }, "panel (1, 0)"},
		"unlabelled both": {func(g *Grid) { g.Panels[0][1].X.Label.Text, g.Panels[0][1].Y.Label.Text = "", " " }, "x and y"},
	} {
		g := ok()
		c.edit(g)
		err := g.Validate()
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: err %v, want one mentioning %q", name, err, c.want)
		}
		if err := SaveGridPNG(g, filepath.Join(t.TempDir(), "bad.png")); err == nil {
			t.Errorf("%s: SaveGridPNG drew an invalid grid", name)
		}
	}
}

func TestUnlabelledAxes(t *testing.T) {
	p, err := Band("w", []float64{0, 1}, []float64{0, 1}, []float64{1, 1}, "mean")
	if err != nil {
		t.Fatal(err)
	}
	if got := UnlabelledAxes(p); len(got) != 1 || got[0] != "y" {
		t.Errorf("Band leaves %v unlabelled, want [y]", got)
	}
	p.Y.Label.Text = "w"
	if got := UnlabelledAxes(p); len(got) != 0 {
		t.Errorf("labelled plot reported %v", got)
	}
}
