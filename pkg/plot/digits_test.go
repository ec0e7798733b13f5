package plot

import (
	"image"
	"image/color"
	"image/png"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// uniformImage is a side x side image of one level.
func uniformImage(side int, v float64) []float64 {
	img := make([]float64, side*side)
	for i := range img {
		img[i] = v
	}
	return img
}

// TestDigitSheet checks the sheet pixel by pixel: levels clipped to [0, 1]
// (1.7 white, -0.4 black), each level a scale x scale block in row-major
// order, images placed by row and column with a grey border between them,
// and NaN drawn mid-grey and counted.
func TestDigitSheet(t *testing.T) {
	const side, scale = 2, 3
	a := []float64{1.7, 0, -0.4, 0.5} // top left white, top right black, ...
	b := []float64{math.NaN(), 1, 1, 1}
	img, nan := DigitSheet([][][]float64{{a, b}}, side, scale)
	if nan != 1 {
		t.Errorf("%d NaN levels counted, want 1", nan)
	}
	if got, want := img.Bounds().Size(), image.Pt(2*side*scale+digitGap, side*scale); got != want {
		t.Fatalf("sheet %v, want %v", got, want)
	}
	at := func(x, y int) uint8 { return img.GrayAt(x, y).Y }
	for _, tc := range []struct {
		x, y int
		want uint8
	}{
		{0, 0, 255}, {2, 2, 255}, // a's top-left level, clipped, over its 3x3 block
		{3, 0, 0}, {5, 2, 0}, // a's top-right level
		{0, 3, 0}, {2, 5, 0}, // a's bottom-left level, -0.4 clipped
		{3, 3, 128}, {5, 5, 128}, // 0.5
		{6, 0, digitGapLevel}, {7, 5, digitGapLevel}, // the border
		{8, 0, 128}, {10, 2, 128}, // b's NaN
		{11, 0, 255}, {8, 3, 255}, // b's white levels
	} {
		if got := at(tc.x, tc.y); got != tc.want {
			t.Errorf("pixel (%d, %d) = %d, want %d", tc.x, tc.y, got, tc.want)
		}
	}
}

// TestSaveDigitsPNG draws two panels of three labelled rows, row 0 of the
// first panel white (levels above 1, so clipping matters), row 1 black
// (levels below 0), row 2 mid-grey, and the second panel in the reverse
// order, then decodes the PNG and checks every pixel inside each tile that
// DigitLayout reports: a swapped row, panel or a level not clipped (a
// wrapped byte) fails.
func TestSaveDigitsPNG(t *testing.T) {
	const side, cols = 6, 4
	levels := []float64{1.6, -0.7, 0.5}
	want := []uint8{255, 0, 128}
	panel := func(title string, order []int) DigitPanel {
		p := DigitPanel{Title: title, RowLabels: []string{"0", "1", "2"}}
		for _, r := range order {
			row := make([][]float64, cols)
			for c := range row {
				row[c] = uniformImage(side, levels[r])
			}
			p.Images = append(p.Images, row)
		}
		return p
	}
	f := &DigitFigure{Title: "Fig. 9 test", Side: side, Panels: []DigitPanel{
		panel("SLGP (d_w = 2)", []int{0, 1, 2}), panel("CVAE (d_w = 16)", []int{2, 1, 0}),
	}}
	path := filepath.Join(t.TempDir(), "sub", "digits.png")
	l, err := SaveDigitsPNG(f, path)
	if err != nil {
		t.Fatal(err)
	}
	fh, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer fh.Close()
	img, err := png.Decode(fh)
	if err != nil {
		t.Fatal(err)
	}
	if img.Bounds().Size() != l.Size {
		t.Fatalf("PNG %v, layout says %v", img.Bounds().Size(), l.Size)
	}
	orders := [][]int{{0, 1, 2}, {2, 1, 0}}
	for p := range f.Panels {
		for r := range 3 {
			for c := range cols {
				tile := l.Tile(p, r, c)
				if tile.Empty() || !tile.In(img.Bounds()) {
					t.Fatalf("panel %d tile (%d, %d) = %v, outside the image %v", p, r, c, tile, img.Bounds())
				}
				w := want[orders[p][r]]
				bad := 0
				for y := tile.Min.Y; y < tile.Max.Y; y++ {
					for x := tile.Min.X; x < tile.Max.X; x++ {
						g := color.GrayModel.Convert(img.At(x, y)).(color.Gray).Y
						if d := int(g) - int(w); d < -2 || d > 2 {
							bad++
						}
					}
				}
				if bad > 0 {
					t.Errorf("panel %d row %d col %d: %d of %d pixels are not grey level %d", p, r, c, bad, tile.Dx()*tile.Dy(), w)
				}
			}
		}
	}
}

// TestDigitFigureValidate: images of the wrong size, ragged rows, missing
// labels and an empty figure are refused with a message naming the panel.
func TestDigitFigureValidate(t *testing.T) {
	good := func() *DigitFigure {
		return &DigitFigure{Side: 2, Panels: []DigitPanel{{Title: "A", RowLabels: []string{"0"},
			Images: [][][]float64{{uniformImage(2, 0), uniformImage(2, 1)}}}}}
	}
	if err := good().Validate(); err != nil {
		t.Fatal(err)
	}
	for name, tc := range map[string]struct {
		edit func(*DigitFigure)
		want string
	}{
		"size": {func(f *DigitFigure) { f.Panels[0].Images[0][1] = make([]float64, 5) }, "has 5 levels, want 2 x 2"},
		"ragged": {func(f *DigitFigure) {
			f.Panels[0].Images = append(f.Panels[0].Images, nil)
			f.Panels[0].RowLabels = append(f.Panels[0].RowLabels, "1")
		}, "row 1 has 0 images"},
		"labels": {func(f *DigitFigure) { f.Panels[0].RowLabels = nil }, "1 rows but 0 row labels"},
		"none":   {func(f *DigitFigure) { f.Panels = nil }, "no panels"},
		"side":   {func(f *DigitFigure) { f.Side = 0 }, "side 0"},
	} {
		f := good()
		tc.edit(f)
		err := f.Validate()
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: err = %v, want %q", name, err, tc.want)
		}
		if _, err := SaveDigitsPNG(f, filepath.Join(t.TempDir(), "x.png")); err == nil {
			t.Errorf("%s: SaveDigitsPNG drew an invalid figure", name)
		}
	}
}
