package plot

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gonum.org/v1/plot/vg"
)

// TestSaveHeatPanels: two panels with points render into one PNG; a
// ragged grid, decreasing coordinates, a non-finite value and unpaired
// points are refused naming the panel.
func TestSaveHeatPanels(t *testing.T) {
	panel := func() HeatPanel {
		return HeatPanel{Title: "p", X: []float64{0, 1, 2}, Y: []float64{0, 1},
			Z: [][]float64{{1, 2, 3}, {4, 5, 6}}, PX: []float64{0.5}, PY: []float64{0.5}}
	}
	path := filepath.Join(t.TempDir(), "h.png")
	if err := SaveHeatPanels([]HeatPanel{panel(), panel()}, 4*vg.Inch, 3*vg.Inch, path); err != nil {
		t.Fatal(err)
	}
	if st, err := os.Stat(path); err != nil || st.Size() < 1000 {
		t.Fatalf("%s: %v", path, err)
	}
	for name, bad := range map[string]func(*HeatPanel){
		"ragged":     func(p *HeatPanel) { p.Z[1] = p.Z[1][:2] },
		"decreasing": func(p *HeatPanel) { p.X[2] = 0.5 },
		"non-finite": func(p *HeatPanel) { p.Z[0][0] = math.NaN() },
		"unpaired":   func(p *HeatPanel) { p.PY = nil },
	} {
		p := panel()
		bad(&p)
		err := SaveHeatPanels([]HeatPanel{p}, 4*vg.Inch, 3*vg.Inch, path)
		if err == nil || !strings.Contains(err.Error(), `"p"`) {
			t.Errorf("%s: err %v", name, err)
		}
	}
}
