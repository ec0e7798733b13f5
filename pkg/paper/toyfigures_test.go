package paper

import (
	"bytes"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mgpteam/mgp/pkg/models"
	"github.com/mgpteam/mgp/pkg/plot"
	"gonum.org/v1/plot/vg"
)

var fakeToys = []string{"hetero", "step", "moons"}

// checkAxesLabelled fails for every panel of g with an unlabelled axis.
func checkAxesLabelled(t *testing.T, g *plot.Grid) {
	t.Helper()
	for r, row := range g.Panels {
		for c, p := range row {
			if p == nil {
				continue
			}
			if axes := plot.UnlabelledAxes(p); len(axes) > 0 {
				t.Errorf("panel (%d, %d) %q: %v axis without a label", r, c, p.Title.Text, axes)
			}
		}
	}
}

// pngSize decodes the PNG at path and returns its size in pixels.
func pngSize(t *testing.T, path string) (w, h int) {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(b))
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return img.Bounds().Dx(), img.Bounds().Dy()
}

func TestFigure2Layout(t *testing.T) {
	fits := fakeFits("svhgp", "slgp", "sgp", "gpcde", "shgp") // any order; svhgp and gpcde are not in Fig. 2
	g, _, err := figure2(fits, fakeToys, 1, "Fig. 2")
	if err != nil {
		t.Fatal(err)
	}
	wantRows := []string{"training data", "SGP", "SHGP", "SLGP"}
	if !slices.Equal(g.RowLabels, wantRows) {
		t.Fatalf("rows %v, want %v", g.RowLabels, wantRows)
	}
	if rows, cols := g.Dims(); rows != 4 || cols != 3 {
		t.Fatalf("grid %d x %d, want 4 x 3", rows, cols)
	}
	if len(g.ColTitles) != 3 || !strings.HasPrefix(g.ColTitles[0], "hetero") || !strings.HasPrefix(g.ColTitles[2], "moons") {
		t.Errorf("column titles %v", g.ColTitles)
	}
	if g.Legend == nil {
		t.Error("no shared legend: the panels' own legends would cover data")
	}
	checkAxesLabelled(t, g)
	for c := range 3 { // a column shares its axes
		for r := 1; r < 4; r++ {
			p, p0 := g.Panels[r][c], g.Panels[0][c]
			if p == nil {
				t.Fatalf("panel (%d, %d) empty", r, c)
			}
			if p.X.Min != p0.X.Min || p.X.Max != p0.X.Max || p.Y.Min != p0.Y.Min || p.Y.Max != p0.Y.Max {
				t.Errorf("panel (%d, %d) has its own axis ranges", r, c)
			}
		}
	}

	// The PNG is as the layout says: 3 panel columns plus the row labels
	// and the legend column, 4 panel rows plus the titles; taller than wide.
	l, err := g.Layout()
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "figure2.png")
	if err := plot.SaveGridPNG(g, path); err != nil {
		t.Fatal(err)
	}
	w, h := pngSize(t, path)
	if ww, wh := l.Pixels(); w != ww || h != wh {
		t.Errorf("PNG %d x %d, layout %d x %d", w, h, ww, wh)
	}
	if minW := int(3 * g.PanelW / vg.Inch * 96); w < minW || h < int(4*g.PanelH/vg.Inch*96) {
		t.Errorf("PNG %d x %d too small for 4 x 3 panels of %v x %v", w, h, g.PanelW, g.PanelH)
	}
}

// TestFigure2PaperOrder: a model registered later as smgp gets its row
// between SHGP and SLGP without any change to the figure code.
func TestFigure2PaperOrder(t *testing.T) {
	g, _, err := figure2(fakeFits("slgp", "smgp", "shgp", "sgp"), fakeToys, 1, "")
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"training data", "SGP", "SHGP", "SMGP", "SLGP"}; !slices.Equal(g.RowLabels, want) {
		t.Fatalf("rows %v, want %v", g.RowLabels, want)
	}
	checkAxesLabelled(t, g)

	// Only the data row when no model of the paper was trained.
	g, _, err = figure2(fakeFits("svhgp"), fakeToys, 1, "")
	if err != nil {
		t.Fatal(err)
	}
	if rows, _ := g.Dims(); rows != 1 || g.Panels[0][0] == nil {
		t.Fatalf("%d rows, want the data row only", rows)
	}
}

func TestFigure2Deterministic(t *testing.T) {
	fits := fakeFits("sgp")
	_, a, _ := oneSample(fits["sgp"]["step"], 3)
	_, b, _ := oneSample(fits["sgp"]["step"], 3)
	_, c, _ := oneSample(fits["sgp"]["step"], 4)
	if !slices.Equal(a, b) || slices.Equal(a, c) {
		t.Error("the sample does not follow the seed")
	}
}

func TestFigure3Panels(t *testing.T) {
	for _, c := range []struct {
		models []string
		titles []string // prefixes of the panel titles
		skips  []string // panels skipped with a note
	}{
		{[]string{"sgp"}, nil, []string{"(i)", "(ii)", "(iii)"}},
		{[]string{"sgp", "shgp", "slgp", "svhgp"}, []string{"(i) SHGP on hetero", "(iii) SLGP on moons", "(iii) SLGP on moons"}, []string{"(ii)"}},
		{[]string{"slgp", "smgp", "shgp"}, []string{"(i) SHGP", "(ii) SMGP on step", "(iii) SLGP", "(iii) SLGP"}, nil},
		{[]string{"gpcde", "svhgp"}, nil, []string{"(i)", "(ii)", "(iii)"}}, // not models of the paper
	} {
		g, notes, err := figure3(fakeFits(c.models...), "Fig. 3")
		if err != nil {
			t.Fatalf("%v: %v", c.models, err)
		}
		for _, s := range c.skips {
			if !slices.ContainsFunc(notes, func(n string) bool { return strings.Contains(n, s+" skipped") }) {
				t.Errorf("%v: no note that %s was skipped: %q", c.models, s, notes)
			}
		}
		if len(notes) != len(c.skips) {
			t.Errorf("%v: notes %q, want %d", c.models, notes, len(c.skips))
		}
		if c.titles == nil {
			if g != nil {
				t.Errorf("%v: a figure without panels", c.models)
			}
			continue
		}
		if g == nil {
			t.Fatalf("%v: no figure", c.models)
		}
		if rows, cols := g.Dims(); rows != 1 || cols != len(c.titles) {
			t.Fatalf("%v: %d x %d panels, want 1 x %d", c.models, rows, cols, len(c.titles))
		}
		for i, p := range g.Panels[0] {
			if !strings.HasPrefix(p.Title.Text, c.titles[i]) {
				t.Errorf("%v: panel %d is %q, want %q...", c.models, i, p.Title.Text, c.titles[i])
			}
		}
		checkAxesLabelled(t, g)
		if !g.LegendsBelow {
			t.Errorf("%v: legends drawn inside the panels", c.models)
		}
		path := filepath.Join(t.TempDir(), "figure3.png")
		if err := plot.SaveGridPNG(g, path); err != nil {
			t.Fatal(err)
		}
		if w, h := pngSize(t, path); w <= h {
			t.Errorf("%v: a row of panels is %d x %d", c.models, w, h)
		}
	}
}

func TestFigure3ExpertsChecked(t *testing.T) {
	fits := fakeFits("smgp")
	fits["smgp"]["step"].model = &fakeExperts{fakeModel: fakeModel{"smgp"}, nt: 4, badRows: true}
	if _, _, err := figure3(fits, ""); err == nil || !strings.Contains(err.Error(), "rows") {
		t.Errorf("wrong row count from Experts: err %v", err)
	}
}

func TestWritePaperFigures(t *testing.T) {
	dir := t.TempDir()
	var log bytes.Buffer
	paths, err := writePaperFigures(fakeFits("sgp", "shgp", "slgp"), fakeToys, dir, 0, "test", &log)
	if err != nil {
		t.Fatal(err)
	}
	if len(paths) != 2 || filepath.Base(paths[0]) != "figure2.png" || filepath.Base(paths[1]) != "figure3.png" {
		t.Fatalf("wrote %v", paths)
	}
	if !strings.Contains(log.String(), "(ii) skipped") {
		t.Errorf("log %q does not say that panel (ii) was skipped", log.String())
	}
	// Without any panel of Fig. 3 only Fig. 2 is written, with a note.
	log.Reset()
	dir = t.TempDir()
	paths, err = writePaperFigures(fakeFits("sgp"), fakeToys, dir, 0, "test", &log)
	if err != nil || len(paths) != 1 {
		t.Fatalf("wrote %v, err %v", paths, err)
	}
	if _, err := os.Stat(filepath.Join(dir, "figure3.png")); !os.IsNotExist(err) {
		t.Errorf("figure3.png written without panels")
	}
	if !strings.Contains(log.String(), "figure 3 not drawn") {
		t.Errorf("log %q", log.String())
	}
}

func TestRegisteredPaperModels(t *testing.T) {
	if got := registeredPaperModels([]string{"slgp", "svhgp", "sgp", "shgp"}); !slices.Equal(got, []string{"sgp", "shgp", "slgp"}) {
		t.Errorf("got %v", got)
	}
	if got := registeredPaperModels([]string{"smgp", "slgp", "sgp", "shgp"}); !slices.Equal(got, []string{"sgp", "shgp", "smgp", "slgp"}) {
		t.Errorf("got %v", got)
	}
	def := DefaultDemoModels()
	want := append(registeredPaperModels(models.Names()), "svhgp")
	if !slices.Equal(def, want) || !slices.Contains(def, "slgp") {
		t.Errorf("default demo models %v, want %v (with slgp)", def, want)
	}
	for _, m := range def {
		if !slices.Contains(models.Names(), m) {
			t.Errorf("default demo model %q is not registered", m)
		}
	}
}
