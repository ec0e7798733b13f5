package paper

import (
	"math"
	"slices"
	"testing"

	"github.com/mgpteam/mgp/pkg/plot"
	gplot "gonum.org/v1/plot"
)

// ablationTree is a fixture sweep tree: smgp, variants t2 and t4, on
// concrete and naval, seeds 0 and 1, test NLL at iterations 100-400
// (concrete t2 s1 also at 500, naval t4 s1 not at 300).
const ablationTree = "testdata/ablation"

// TestSummariseNaNFirstPoint: a run whose first traced NLL is NaN has its
// lowest at a finite point.
func TestSummariseNaNFirstPoint(t *testing.T) {
	if got := summarise([]plot.Series{{X: []float64{1, 2}, Y: []float64{math.NaN(), 3}}}, 0); got.lowest != 3 || got.lowFrom != 2 || got.lowTo != 2 {
		t.Errorf("a NaN first point: lowest %v at %v-%v, want 3 at 2", got.lowest, got.lowFrom, got.lowTo)
	}
}

// TestAblationYRange checks that YMin and YMax fix every panel's
// test-NLL axis, and that without them the axis spans the data.
func TestAblationYRange(t *testing.T) {
	o := AblationOptions{Runs: ablationTree, Model: "smgp", Datasets: []string{"concrete", "naval"}, YMin: math.NaN(), YMax: math.NaN()}
	grid := func() [][]*gplot.Plot {
		t.Helper()
		p, err := planAblation(o)
		if err != nil {
			t.Fatal(err)
		}
		curves, _, _, err := loadAblation(p)
		if err != nil {
			t.Fatal(err)
		}
		g, err := ablationGrid(p, curves)
		if err != nil {
			t.Fatal(err)
		}
		return g.Panels
	}
	fitted := grid()
	if y := fitted[0][1].Y; y.Min > -5.875 || y.Max < -5.5 {
		t.Errorf("naval's fitted axis [%v, %v] does not span its means", y.Min, y.Max)
	}
	o.YMin, o.YMax = -1, 3.5
	for _, pl := range grid()[0] {
		if pl.Y.Min != -1 || pl.Y.Max != 3.5 {
			t.Errorf("axis [%v, %v], want [-1, 3.5]", pl.Y.Min, pl.Y.Max)
		}
	}
}

func TestNaturalCompare(t *testing.T) {
	got := []string{"dw8", "t10", "dw1", "t2", "paper", "dw16", "t2a", "recommended-dw2"}
	slices.SortFunc(got, naturalCompare)
	want := []string{"dw1", "dw8", "dw16", "paper", "recommended-dw2", "t2", "t2a", "t10"}
	if !slices.Equal(got, want) {
		t.Errorf("got %v, want %v", got, want)
	}
}
