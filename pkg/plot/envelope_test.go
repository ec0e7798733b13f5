package plot

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/plot/vg"
)

func TestNewEnvelopeMeanMinMaxAtSharedX(t *testing.T) {
	nan := math.NaN()
	runs := []Series{
		// x out of order, and an x (400) only this series has.
		{X: []float64{300, 100, 200, 400}, Y: []float64{1, 3, 2, 9}},
		{X: []float64{100, 200, 300}, Y: []float64{5, 4, 0}},
		// a failed evaluation at 200: 200 is left out for everyone.
		{X: []float64{100, 200, 300, 400}, Y: []float64{4, nan, 3, 7}},
	}
	e, err := NewEnvelope(runs)
	if err != nil {
		t.Fatal(err)
	}
	want := Envelope{
		X:       []float64{100, 300},
		Mean:    []float64{4, 4.0 / 3},
		Min:     []float64{3, 0},
		Max:     []float64{5, 3},
		N:       3,
		Dropped: []float64{200, 400},
	}
	if !slices.Equal(e.X, want.X) || !slices.Equal(e.Dropped, want.Dropped) || e.N != want.N {
		t.Fatalf("x %v dropped %v n %d, want %v, %v, %d", e.X, e.Dropped, e.N, want.X, want.Dropped, want.N)
	}
	for k := range want.X {
		// Sums of three small numbers: exact but for the last bit of 4/3.
		if math.Abs(e.Mean[k]-want.Mean[k]) > 1e-15 || e.Min[k] != want.Min[k] || e.Max[k] != want.Max[k] {
			t.Errorf("x = %v: mean %v min %v max %v, want %v %v %v", e.X[k], e.Mean[k], e.Min[k], e.Max[k], want.Mean[k], want.Min[k], want.Max[k])
		}
	}
}

func TestNewEnvelopeOneSeriesIsItself(t *testing.T) {
	e, err := NewEnvelope([]Series{{X: []float64{2, 1}, Y: []float64{-1, 0.5}}})
	if err != nil {
		t.Fatal(err)
	}
	if !slices.Equal(e.X, []float64{1, 2}) || !slices.Equal(e.Mean, []float64{0.5, -1}) ||
		!slices.Equal(e.Min, e.Mean) || !slices.Equal(e.Max, e.Mean) || len(e.Dropped) != 0 {
		t.Fatalf("got %+v", e)
	}
}

func TestNewEnvelopeRejects(t *testing.T) {
	for _, c := range []struct {
		name string
		runs []Series
		want string
	}{
		{"none", nil, "no series"},
		{"lengths", []Series{{X: []float64{1, 2}, Y: []float64{1}}}, "2 x values, 1 y values"},
		{"repeated x", []Series{{X: []float64{1, 1}, Y: []float64{1, 2}}}, "twice"},
		{"nothing shared", []Series{{X: []float64{1}, Y: []float64{1}}, {X: []float64{2}, Y: []float64{1}}}, "share no x"},
		{"all missing", []Series{{X: []float64{1}, Y: []float64{math.Inf(1)}}}, "share no x"},
	} {
		if _, err := NewEnvelope(c.runs); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: err %v, want %q", c.name, err, c.want)
		}
	}
}

func TestEnvelopesDrawsDeterministicPNG(t *testing.T) {
	a, err := NewEnvelope([]Series{{X: []float64{1000, 2000, 3000}, Y: []float64{3, 2.5, 2.4}}, {X: []float64{1000, 2000, 3000}, Y: []float64{3.2, 2.7, 2.3}}})
	if err != nil {
		t.Fatal(err)
	}
	b, err := NewEnvelope([]Series{{X: []float64{1000, 2000, 3000}, Y: []float64{3.1, 2.9, 2.8}}})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	var imgs [][]byte
	for i := range 2 {
		p, err := Envelopes("concrete", "iteration", "test NLL", []string{"T = 2", "T = 4"}, []Envelope{a, b})
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join(dir, "env"+string(rune('0'+i))+".png")
		if err := SavePNG(p, 4*vg.Inch, 3*vg.Inch, path); err != nil {
			t.Fatal(err)
		}
		decodePNG(t, path, 384, 288)
		img, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		imgs = append(imgs, img)
	}
	if !bytes.Equal(imgs[0], imgs[1]) {
		t.Error("the same envelopes drew two different PNGs")
	}
}

func TestEnvelopesRejects(t *testing.T) {
	good := Envelope{X: []float64{1}, Mean: []float64{1}, Min: []float64{1}, Max: []float64{1}, N: 1}
	bad := good
	bad.Max = []float64{math.NaN()}
	short := good
	short.Min = nil
	for _, c := range []struct {
		name   string
		labels []string
		envs   []Envelope
		want   string
	}{
		{"labels", []string{"a", "b"}, []Envelope{good}, "2 labels for 1"},
		{"non-finite", []string{"a"}, []Envelope{bad}, "non-finite"},
		{"lengths", []string{"a"}, []Envelope{short}, "min 0"},
		{"empty", []string{"a"}, []Envelope{{}}, "lengths x 0"},
	} {
		if _, err := Envelopes("", "iteration", "test NLL", c.labels, c.envs); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: err %v, want %q", c.name, err, c.want)
		}
	}
}
