package plot

import (
	"math"
	"path/filepath"
	"strings"
	"testing"

	"gonum.org/v1/plot/vg"
)

// TestAddEndMarksPutsEachFinalAtItsLineEnd: a final above every traced
// point widens the fitted y axis to it at the line's last x, a NaN final
// adds nothing, and the figure still draws.
func TestAddEndMarksPutsEachFinalAtItsLineEnd(t *testing.T) {
	a, err := NewEnvelope([]Series{{X: []float64{1000, 2000, 3000}, Y: []float64{3, 2.5, 2.4}}})
	if err != nil {
		t.Fatal(err)
	}
	b, err := NewEnvelope([]Series{{X: []float64{1000, 2000}, Y: []float64{3.1, 2.9}}})
	if err != nil {
		t.Fatal(err)
	}
	p, err := Envelopes("", "iteration", "test NLL", []string{"a", "b"}, []Envelope{a, b})
	if err != nil {
		t.Fatal(err)
	}
	if p.Y.Max != 3.1 {
		t.Fatalf("the curves' own y axis ends at %v, want 3.1", p.Y.Max)
	}
	// a's final (3.6) lies above every traced point; b has none.
	if err := AddEndMarks(p, "final score", []Envelope{a, b}, []float64{3.6, math.NaN()}); err != nil {
		t.Fatal(err)
	}
	if p.Y.Max != 3.6 || p.X.Max != 3000 || p.Y.Min != 2.4 {
		t.Errorf("axes x to %v, y %v to %v: want the dot at (3000, 3.6) inside, nothing else", p.X.Max, p.Y.Min, p.Y.Max)
	}
	path := filepath.Join(t.TempDir(), "marks.png")
	if err := SavePNG(p, 4*vg.Inch, 3*vg.Inch, path); err != nil {
		t.Fatal(err)
	}
	decodePNG(t, path, 384, 288)
}

func TestAddEndMarksRejects(t *testing.T) {
	good := Envelope{X: []float64{1}, Mean: []float64{1}, Min: []float64{1}, Max: []float64{1}, N: 1}
	for _, c := range []struct {
		name   string
		envs   []Envelope
		finals []float64
		want   string
	}{
		{"counts", []Envelope{good}, []float64{1, 2}, "2 finals for 1"},
		{"empty", []Envelope{{}}, []float64{1}, "empty"},
		{"infinite", []Envelope{good}, []float64{math.Inf(-1)}, "not finite"},
	} {
		p, err := Envelopes("", "iteration", "test NLL", []string{"a"}, []Envelope{good})
		if err != nil {
			t.Fatal(err)
		}
		if err := AddEndMarks(p, "final", c.envs, c.finals); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: err %v, want %q", c.name, err, c.want)
		}
	}
}
