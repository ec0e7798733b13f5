package plot

import (
	"math"
	"os"
	"path/filepath"
	"testing"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/recorder"
)

// TestViolinShape: the outline is mirrored about the position, widest
// (at the given half-width) within a bandwidth of the values' mode, narrow
// at both ends, falling away from the mode; bad values are refused.
func TestViolinShape(t *testing.T) {
	vals := []float64{10, 10.2, 9.8, 10.1, 9.9, 10.05, 13}
	s, err := NewViolinShape(vals, 0.4)
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Y) != ViolinGrid || !(s.Bandwidth > 0) {
		t.Fatalf("%d heights, bandwidth %v", len(s.Y), s.Bandwidth)
	}
	// Silverman: sd · (3n/4)^(-1/5).
	var mean, ss float64
	for _, v := range vals {
		mean += v / float64(len(vals))
	}
	for _, v := range vals {
		ss += (v - mean) * (v - mean)
	}
	if want := math.Sqrt(ss/float64(len(vals)-1)) * math.Pow(0.75*float64(len(vals)), -0.2); math.Abs(s.Bandwidth-want) > 1e-12*want {
		t.Errorf("bandwidth %v, want %v", s.Bandwidth, want)
	}
	kMax := 0
	for k, w := range s.HalfWidth {
		if w > s.HalfWidth[kMax] {
			kMax = k
		}
	}
	if s.HalfWidth[kMax] != 0.4 || math.Abs(s.Y[kMax]-10) > s.Bandwidth {
		t.Errorf("widest %v at %v (mode 10, bandwidth %v)", s.HalfWidth[kMax], s.Y[kMax], s.Bandwidth)
	}
	if first, last := s.HalfWidth[0], s.HalfWidth[len(s.Y)-1]; first > 0.1*0.4 || last > 0.1*0.4 {
		t.Errorf("ends %v and %v: not narrow", first, last)
	}
	for k := 1; k <= kMax; k++ {
		if s.HalfWidth[k] < s.HalfWidth[k-1] {
			t.Fatalf("narrows at %v below the mode", s.Y[k])
		}
	}
	if s.Y[0] > 9.8-ViolinCut*s.Bandwidth+1e-9 || s.Y[len(s.Y)-1] < 13+ViolinCut*s.Bandwidth-1e-9 {
		t.Errorf("range [%v, %v] does not cover the values and the cut", s.Y[0], s.Y[len(s.Y)-1])
	}
	out := s.Outline(3)
	n := len(s.Y)
	if len(out) != 2*n+1 || out[0] != out[2*n] {
		t.Fatalf("outline of %d points, not closed", len(out))
	}
	for k := range n {
		r, l := out[k], out[2*n-1-k]
		if r.Y != l.Y || math.Abs((r.X-3)-(3-l.X)) > 1e-15 || r.X < 3 {
			t.Fatalf("not mirrored at height %v: %v and %v", r.Y, r.X, l.X)
		}
	}
	for _, bad := range [][]float64{nil, {1, math.NaN()}, {math.Inf(1)}} {
		if _, err := NewViolinShape(bad, 0.4); err == nil {
			t.Errorf("%v accepted", bad)
		}
	}
	// One value (or equal values) still gives a violin.
	if one, err := NewViolinShape([]float64{5, 5}, 0.4); err != nil || !(one.Bandwidth > 0) {
		t.Errorf("equal values: %v, bandwidth %v", err, one.Bandwidth)
	}
}

// TestViolinPlot draws violins of three categories into a PNG.
func TestViolinPlot(t *testing.T) {
	p, err := ViolinPlot("t", "model", "NLL", []string{"a", "b", "c"}, [][]float64{{1, 2, 3}, {2}, {0, 0.5, 0.4, 5}})
	if err != nil {
		t.Fatal(err)
	}
	if p.X.Label.Text != "model" {
		t.Errorf("x axis title %q, want model", p.X.Label.Text)
	}
	// The lowest tail (category c's, from 0 - 2 bandwidths) stays a
	// ViolinPadBelow share of the span above the axis' end, clear of the
	// names under it.
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, vals := range [][]float64{{1, 2, 3}, {2}, {0, 0.5, 0.4, 5}} {
		s, err := NewViolinShape(vals, ViolinHalfWidth)
		if err != nil {
			t.Fatal(err)
		}
		lo, hi = min(lo, s.Y[0]), max(hi, s.Y[len(s.Y)-1])
	}
	if gap := (lo - p.Y.Min) / (hi - lo); math.Abs(gap-ViolinPadBelow) > 1e-12 || p.Y.Max <= hi {
		t.Errorf("axis [%v, %v] around violins [%v, %v]: margin below %v of the span, want %v", p.Y.Min, p.Y.Max, lo, hi, gap, ViolinPadBelow)
	}
	path := filepath.Join(t.TempDir(), "v.png")
	if err := SavePNG(p, 400, 300, path); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(path); err != nil || fi.Size() < 1000 {
		t.Fatalf("png: %v", err)
	}
	if _, err := ViolinPlot("t", "model", "NLL", []string{"a", "b"}, [][]float64{{1}, {}}); err == nil {
		t.Error("a category without values was accepted")
	}
	if _, err := ViolinPlot("t", "model", "NLL", []string{"a"}, [][]float64{{1}, {2}}); err == nil {
		t.Error("names and categories of different lengths were accepted")
	}
}

// TestViolinOneValueIsAPoint: a category with a single value is drawn as
// its point only, one with three values as a filled violin and its points
// (counted on gonum's recording canvas).
func TestViolinOneValueIsAPoint(t *testing.T) {
	for _, c := range []struct {
		values      []float64
		fills, dots int
	}{{[]float64{5}, 0, 1}, {[]float64{5, 5.5, 6}, 1, 3}} {
		v, err := NewViolins([][]float64{c.values})
		if err != nil {
			t.Fatal(err)
		}
		p := plot.New()
		p.Add(v)
		rec := &recorder.Canvas{}
		v.Plot(draw.NewCanvas(rec, 4*vg.Inch, 3*vg.Inch), p)
		fills := 0
		for _, a := range rec.Actions {
			if _, ok := a.(*recorder.Fill); ok {
				fills++
			}
		}
		// Each point is a filled circle glyph too.
		if fills != c.fills+c.dots {
			t.Errorf("%d values: %d filled paths, want %d (body) + %d (points)", len(c.values), fills, c.fills, c.dots)
		}
	}
}
