package plot

import (
	"fmt"
	"image"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	gplot "gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
)

// checkPNG saves p at 4 x 3 inches and checks the file: it exists, decodes
// as PNG, is 384 x 288 pixels (96 dpi) and no temporary file is left.
func checkPNG(t *testing.T, p *gplot.Plot) {
	t.Helper()
	dir := filepath.Join(t.TempDir(), "figs")
	path := filepath.Join(dir, "fig.png")
	if err := SavePNG(p, 4*vg.Inch, 3*vg.Inch, path); err != nil {
		t.Fatal(err)
	}
	decodePNG(t, path, 384, 288)
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 1 || entries[0].Name() != "fig.png" {
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		t.Fatalf("directory holds %v, want only fig.png", names)
	}
}

// decodePNG reads the PNG at path and checks that it is w x h pixels.
func decodePNG(t *testing.T, path string, w, h int) image.Image {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	img, err := png.Decode(f)
	if err != nil {
		t.Fatalf("decode: %v", err)
	}
	if b := img.Bounds(); b.Dx() != w || b.Dy() != h {
		t.Fatalf("image is %d x %d, want %d x %d", b.Dx(), b.Dy(), w, h)
	}
	return img
}

// grid returns n evenly spaced points in [a, b].
func grid(n int, a, b float64) []float64 {
	x := make([]float64, n)
	for i := range x {
		x[i] = a + (b-a)*float64(i)/float64(n-1)
	}
	return x
}

func TestToyScatter(t *testing.T) {
	x := grid(40, -1, 1)
	ys := make([][]float64, len(x))
	fs := make([][]float64, len(x))
	for i, v := range x {
		fs[i] = []float64{math.Sin(3 * v)}
		ys[i] = []float64{math.Sin(3*v) + 0.1, math.Sin(3*v) - 0.2}
	}
	p, err := ToyScatter("hetero / SGP", x, ys, fs, x[:10], grid(10, 0, 1))
	if err != nil {
		t.Fatal(err)
	}
	checkPNG(t, p)
	if _, err := ToyScatter("bad", x, ys[:3], nil, nil, nil); err == nil {
		t.Error("mismatched sample rows accepted")
	}
	if _, err := ToyScatter("bad", x, nil, nil, x, x[:2]); err == nil {
		t.Error("mismatched training data accepted")
	}
}

func TestBand(t *testing.T) {
	x := []float64{0.5, -1, 0, 1, -0.5} // unordered on purpose
	mean := make([]float64, len(x))
	sd := make([]float64, len(x))
	for i, v := range x {
		mean[i] = v * v
		sd[i] = 0.1 + 0.05*v
	}
	p, err := Band("SHGP w", x, mean, sd, "mean of w")
	if err != nil {
		t.Fatal(err)
	}
	checkPNG(t, p)
	if _, err := Band("bad", x, mean[:2], sd, "m"); err == nil {
		t.Error("mismatched lengths accepted")
	}
	if _, err := Band("bad", nil, nil, nil, "m"); err == nil {
		t.Error("empty input accepted")
	}
}

func TestLines(t *testing.T) {
	it := grid(20, 0, 2000)
	series := map[string][2][]float64{}
	for k, name := range []string{"T=2", "T=4", "T=6"} {
		y := make([]float64, len(it))
		for i, v := range it {
			y[i] = 3 - float64(k)*0.1 - math.Log1p(v/500)
		}
		series[name] = [2][]float64{it, y}
	}
	p, err := Lines("concrete", "iteration", "test NLL", series)
	if err != nil {
		t.Fatal(err)
	}
	checkPNG(t, p)
	series["bad"] = [2][]float64{it, it[:3]}
	if _, err := Lines("bad", "x", "y", series); err == nil {
		t.Error("mismatched series accepted")
	}
	if _, err := Lines("nan", "x", "y", map[string][2][]float64{"n": {{0, 1}, {0, math.NaN()}}}); err == nil {
		t.Error("NaN accepted")
	}
}

func TestPoints(t *testing.T) {
	x := grid(50, -2, 2)
	post, prior := make([]float64, len(x)), make([]float64, len(x))
	for i, v := range x {
		post[i], prior[i] = math.Sin(3*v), 0.1*v
	}
	p, err := Points("SLGP on moons: latent means", "x", "w", map[string][2][]float64{
		"posterior q(w|x,y)": {x, post}, "prior p(w|x)": {x, prior}})
	if err != nil {
		t.Fatal(err)
	}
	checkPNG(t, p)
	if _, err := Points("bad", "x", "y", map[string][2][]float64{"b": {x, post[:3]}}); err == nil {
		t.Error("mismatched series accepted")
	}
	if _, err := Points("nan", "x", "y", map[string][2][]float64{"n": {{0, 1}, {0, math.Inf(1)}}}); err == nil {
		t.Error("Inf accepted")
	}
}

func TestSavePNGLegendRight(t *testing.T) {
	it := grid(20, 0, 2000)
	series := map[string][2][]float64{}
	for k := range 12 {
		y := make([]float64, len(it))
		for i, v := range it {
			y[i] = 3 - float64(k)*0.1 - math.Log1p(v/500)
		}
		series[fmt.Sprintf("run-%02d", k)] = [2][]float64{it, y}
	}
	p, err := Lines("", "iteration", "test NLL", series)
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "trace.png")
	if err := SavePNGLegendRight(p, 6*vg.Inch, 4*vg.Inch, path); err != nil {
		t.Fatal(err)
	}
	img := decodePNG(t, path, 576, 384)
	// The last 40 pixel columns hold only the legend: ink in the top half
	// (12 entries), none in the bottom quarter (no axis, tick or line).
	ink := func(x0, x1, y0, y1 int) int {
		n := 0
		for x := x0; x < x1; x++ {
			for y := y0; y < y1; y++ {
				if r, g, b, _ := img.At(x, y).RGBA(); r+g+b < 3*0xf000 {
					n++
				}
			}
		}
		return n
	}
	if n := ink(536, 576, 0, 192); n == 0 {
		t.Error("no legend in the right column")
	}
	if n := ink(536, 576, 288, 384); n != 0 {
		t.Errorf("%d dark pixels below the legend: the plot reaches into the legend column", n)
	}
	long := map[string][2][]float64{strings.Repeat("a very long run name ", 8): {it, it}}
	p, err = Lines("", "x", "y", long)
	if err != nil {
		t.Fatal(err)
	}
	bad := filepath.Join(t.TempDir(), "bad.png")
	if err := SavePNGLegendRight(p, 4*vg.Inch, 3*vg.Inch, bad); err == nil {
		t.Error("legend wider than half the image accepted")
	}
	if _, err := os.Stat(bad); !os.IsNotExist(err) {
		t.Errorf("failed save left %s behind", bad)
	}
}
