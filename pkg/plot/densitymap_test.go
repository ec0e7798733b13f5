package plot

import (
	"image/png"
	"math"
	"os"
	"path/filepath"
	"testing"

	"gonum.org/v1/plot/vg"
)

// TestColourMaps draws four maps sharing one colour scale into a PNG of
// the expected size, and refuses panels whose lengths disagree.
func TestColourMaps(t *testing.T) {
	var panels []MapPanel
	for k := range 4 {
		p := MapPanel{Title: string(rune('A' + k)), XLabel: "lon", YLabel: "lat"}
		for i := range 50 {
			x, y := -74+0.005*float64(i), 40.7+0.003*float64(i%7)
			p.X, p.Y, p.Value = append(p.X, x), append(p.Y, y), append(p.Value, -float64(k)-0.1*float64(i))
		}
		panels = append(panels, p)
	}
	panels[0].Value[3] = math.NaN()
	f := &ColourMaps{Title: "maps", Panels: panels, Cols: 2, BarLabel: "log p", PanelW: 3 * vg.Inch, PanelH: 2.5 * vg.Inch}
	path := filepath.Join(t.TempDir(), "maps.png")
	if err := f.SavePNG(path); err != nil {
		t.Fatal(err)
	}
	r, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	img, err := png.Decode(r)
	if err != nil {
		t.Fatal(err)
	}
	// 2 x 3 in + the bar's 1.3 in wide, 2 x 2.5 in + the title's 0.35 in.
	if b := img.Bounds(); b.Dx() != pixels(6*vg.Inch+colourBarW) || b.Dy() != pixels(5*vg.Inch+colourTitleH) {
		t.Errorf("image %v", b)
	}
	lo, hi, err := ColourRange(panels)
	if err != nil || !(lo < hi) || lo < -3-4.9 || hi > 0 {
		t.Errorf("colour range [%v, %v], %v", lo, hi, err)
	}
	panels[2].Value = panels[2].Value[:10]
	if err := f.SavePNG(path); err == nil {
		t.Error("a panel with 10 values for 50 points was drawn")
	}
}
