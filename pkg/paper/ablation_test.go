package paper

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
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
		curves, sums, _, err := loadAblation(p)
		if err != nil {
			t.Fatal(err)
		}
		g, err := ablationGrid(p, curves, sums)
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

// TestAblationMarksEachLinesFinalScore: a line's end mark stands at the
// mean of its runs' result.json test NLL, not at its last traced check:
// with one run's final score raised far above its trace, the fitted axis
// reaches the raised mean.
func TestAblationMarksEachLinesFinalScore(t *testing.T) {
	tree := t.TempDir()
	for _, seed := range []string{"s0", "s1"} {
		rel := filepath.Join("concrete", "smgp", "t2", seed, "result.json")
		b, err := os.ReadFile(filepath.Join(ablationTree, rel))
		if err != nil {
			t.Fatal(err)
		}
		if seed == "s0" {
			if !bytes.Contains(b, []byte(`"nll": 2.25,`)) {
				t.Fatal("fixture changed: concrete t2 s0 no longer scores 2.25")
			}
			b = bytes.Replace(b, []byte(`"nll": 2.25,`), []byte(`"nll": 9.25,`), 1)
		}
		if err := os.MkdirAll(filepath.Dir(filepath.Join(tree, rel)), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(tree, rel), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	p, err := planAblation(AblationOptions{Runs: tree, Model: "smgp", Datasets: []string{"concrete"}, Variants: []string{"t2"}, YMin: math.NaN(), YMax: math.NaN()})
	if err != nil {
		t.Fatal(err)
	}
	curves, sums, _, err := loadAblation(p)
	if err != nil {
		t.Fatal(err)
	}
	g, err := ablationGrid(p, curves, sums)
	if err != nil {
		t.Fatal(err)
	}
	// The traces end at 2.25 and 2.5; the finals are 9.25 and 2.5.
	if want, y := (9.25+2.5)/2, g.Panels[0][0].Y; y.Max != want {
		t.Errorf("axis ends at %v, want the final score's mean %v", y.Max, want)
	}
}
