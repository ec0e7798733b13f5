package plot

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"math"
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// DigitPanel is one panel of a figure of generated images (the paper's
// Fig. 9): one row per label, one column per sample.
type DigitPanel struct {
	// Title names the panel (the model and its d_w, say).
	Title string
	// RowLabels names the rows (the labels), one per row of Images.
	RowLabels []string
	// Images[r][c] is the image in row r, column c: Side·Side grey levels
	// in row-major order, 0 black and 1 white. Levels outside [0, 1] are
	// clipped to it; NaN is drawn mid-grey (and counted, DigitLayout.NaN).
	Images [][][]float64
}

// DigitFigure is a figure of DigitPanels side by side, every image a
// Side x Side square.
type DigitFigure struct {
	// Title is drawn above the panels ("" leaves no room for it).
	Title string
	// Side is the side of every image in pixels (28 for mnist).
	Side int
	// Scale is the number of image pixels per image pixel of the data
	// (each data pixel becomes a Scale x Scale block; 0 means 2).
	Scale int
	// Panels are drawn left to right.
	Panels []DigitPanel
}

// digitGap is the grey border between two images of a sheet, in image
// pixels; digitGapLevel its grey level.
const (
	digitGap      = 2
	digitGapLevel = 128
)

// pixelLength is the length of n image pixels at gonum/plot's 96 dpi.
func pixelLength(n int) vg.Length { return vg.Length(n) * vg.Inch / 96 }

// DigitLayout says where SaveDigitsPNG drew each panel's images, in pixels
// of the PNG (origin top left), so that a test can find any image.
type DigitLayout struct {
	// Size is the size of the PNG.
	Size image.Point
	// Sheets is the rectangle each panel's sheet of images was drawn into.
	Sheets []image.Rectangle
	// NaN counts the NaN levels drawn mid-grey, over all panels.
	NaN int

	rows, cols []int // per panel
	side       int   // image side in sheet pixels (Side·Scale)
}

// Tile returns the rectangle of the image in row r, column c of panel p,
// in PNG pixels, shrunk by one pixel on every side so that it holds no
// pixel blended with the border by the image's scaling.
func (l DigitLayout) Tile(p, r, c int) image.Rectangle {
	s := l.Sheets[p]
	w := float64(l.cols[p]*(l.side+digitGap) - digitGap)
	h := float64(l.rows[p]*(l.side+digitGap) - digitGap)
	fx, fy := float64(s.Dx())/w, float64(s.Dy())/h
	x0 := float64(s.Min.X) + fx*float64(c*(l.side+digitGap))
	y0 := float64(s.Min.Y) + fy*float64(r*(l.side+digitGap))
	return image.Rect(int(math.Ceil(x0))+1, int(math.Ceil(y0))+1,
		int(x0+fx*float64(l.side))-1, int(y0+fy*float64(l.side))-1)
}

// Validate checks that f can be drawn: a positive side and scale, at least
// one panel, and in every panel at least one row, rows of equal length, one
// label per row and Side·Side levels per image.
func (f *DigitFigure) Validate() error {
	if f.Side < 1 || f.Scale < 0 {
		return fmt.Errorf("plot: digit figure: side %d and scale %d must be positive", f.Side, f.Scale)
	}
	if len(f.Panels) == 0 {
		return errors.New("plot: digit figure has no panels")
	}
	for i, p := range f.Panels {
		if len(p.Images) == 0 || len(p.Images[0]) == 0 {
			return fmt.Errorf("plot: digit panel %d (%q) has no images", i, p.Title)
		}
		if len(p.RowLabels) != len(p.Images) {
			return fmt.Errorf("plot: digit panel %d (%q) has %d rows but %d row labels", i, p.Title, len(p.Images), len(p.RowLabels))
		}
		for r, row := range p.Images {
			if len(row) != len(p.Images[0]) {
				return fmt.Errorf("plot: digit panel %d (%q): row %d has %d images, row 0 has %d", i, p.Title, r, len(row), len(p.Images[0]))
			}
			for c, img := range row {
				if len(img) != f.Side*f.Side {
					return fmt.Errorf("plot: digit panel %d (%q): image (%d, %d) has %d levels, want %d x %d", i, p.Title, r, c, len(img), f.Side, f.Side)
				}
			}
		}
	}
	return nil
}

// DigitSheet lays the images of a panel out on one greyscale image: rows
// and columns as in images, every level clipped to [0, 1] and drawn as a
// scale x scale block (NaN mid-grey), a grey border of digitGap pixels
// between images. It returns the sheet and the number of NaN levels.
func DigitSheet(images [][][]float64, side, scale int) (*image.Gray, int) {
	rows, cols := len(images), len(images[0])
	t := side * scale
	img := image.NewGray(image.Rect(0, 0, cols*(t+digitGap)-digitGap, rows*(t+digitGap)-digitGap))
	for i := range img.Pix {
		img.Pix[i] = digitGapLevel
	}
	nan := 0
	for r, row := range images {
		for c, levels := range row {
			for k, v := range levels {
				g := greyLevel(v)
				if math.IsNaN(v) {
					nan++
				}
				x0, y0 := c*(t+digitGap)+(k%side)*scale, r*(t+digitGap)+(k/side)*scale
				for dy := range scale {
					for dx := range scale {
						img.SetGray(x0+dx, y0+dy, color.Gray{Y: g})
					}
				}
			}
		}
	}
	return img, nan
}

// greyLevel maps v clipped to [0, 1] to 0-255 (NaN to mid-grey).
func greyLevel(v float64) uint8 {
	switch {
	case math.IsNaN(v):
		return 128
	case v <= 0:
		return 0
	case v >= 1:
		return 255
	}
	return uint8(math.Round(255 * v))
}

// sheetPlotter draws a sheet over the data range [0, w] x [0, h] (its
// size in pixels) and records where it was drawn.
type sheetPlotter struct {
	img   *image.Gray
	drawn vg.Rectangle
}

// Plot implements plot.Plotter.
func (s *sheetPlotter) Plot(c draw.Canvas, p *plot.Plot) {
	trX, trY := p.Transforms(&c)
	b := s.img.Bounds()
	s.drawn = vg.Rectangle{
		Min: vg.Point{X: trX(0), Y: trY(0)},
		Max: vg.Point{X: trX(float64(b.Dx())), Y: trY(float64(b.Dy()))},
	}
	c.DrawImage(s.drawn, s.img)
}

// DataRange implements plot.DataRanger.
func (s *sheetPlotter) DataRange() (xmin, xmax, ymin, ymax float64) {
	b := s.img.Bounds()
	return 0, float64(b.Dx()), 0, float64(b.Dy())
}

// digitPlot is the plot of one panel: the sheet, the samples numbered on
// the x axis and the labels on the y axis, at the images' centres.
func digitPlot(p DigitPanel, side, scale int) (*plot.Plot, *sheetPlotter, int) {
	img, nan := DigitSheet(p.Images, side, scale)
	sp := &sheetPlotter{img: img}
	pl := plot.New()
	pl.Add(sp)
	pl.X.Label.Text = "sample"
	pl.Y.Label.Text = "label"
	b := img.Bounds()
	pl.X.Padding, pl.Y.Padding = 0, 0
	pl.X.LineStyle.Width, pl.Y.LineStyle.Width = 0, 0 // the sheet's edges are the axes
	t := side*scale + digitGap
	var xt, yt plot.ConstantTicks
	for c := range p.Images[0] {
		xt = append(xt, plot.Tick{Value: float64(c*t) + float64(side*scale)/2, Label: strconv.Itoa(c + 1)})
	}
	for r, label := range p.RowLabels {
		// Row 0 at the top: the y axis points up.
		yt = append(yt, plot.Tick{Value: float64(b.Dy()) - float64(r*t) - float64(side*scale)/2, Label: label})
	}
	pl.X.Tick.Marker, pl.Y.Tick.Marker = xt, yt
	return pl, sp, nan
}

// SaveDigitsPNG draws f, its panels side by side under their titles with
// Scale image pixels per data pixel, and writes the PNG to path atomically
// (as SavePNG). The sheets are drawn at one image pixel per sheet pixel
// (no resampling), at the top left of data areas as large as the largest
// sheet, widened when the title needs it. It returns where each panel's images
// were drawn.
func SaveDigitsPNG(f *DigitFigure, path string) (DigitLayout, error) {
	if err := f.Validate(); err != nil {
		return DigitLayout{}, err
	}
	scale := f.Scale
	if scale == 0 {
		scale = 2
	}
	l := DigitLayout{side: f.Side * scale}
	g := &Grid{Title: f.Title, Panels: [][]*plot.Plot{make([]*plot.Plot, len(f.Panels))}}
	var sheets []*sheetPlotter
	var dataW, dataH int // in pixels
	for i, p := range f.Panels {
		pl, sp, nan := digitPlot(p, f.Side, scale)
		g.Panels[0][i] = pl
		g.ColTitles = append(g.ColTitles, p.Title)
		sheets = append(sheets, sp)
		l.NaN += nan
		l.rows, l.cols = append(l.rows, len(p.Images)), append(l.cols, len(p.Images[0]))
		b := sp.img.Bounds()
		dataW, dataH = max(dataW, b.Dx()), max(dataH, b.Dy())
	}
	// The axes' room around the data area, measured on the first panel
	// (every panel has the same axes up to its tick labels: take the most).
	var padW, padH vg.Length
	for _, pl := range g.Panels[0] {
		w, h := axesRoom(pl)
		padW, padH = max(padW, w), max(padH, h)
	}
	n := len(f.Panels)
	if f.Title != "" {
		sty := text.Style{Font: font.From(plot.DefaultFont, vg.Points(gridTitleSize)), Handler: plot.DefaultTextHandler}
		need := sty.Width(f.Title) + 2*gridGap
		if have := vg.Length(n) * (pixelLength(dataW) + padW); need > have {
			dataW += int(math.Ceil(float64((need-have)/vg.Length(n)/vg.Inch)*96)) + 1
		}
	}
	for i, pl := range g.Panels[0] {
		// The sheet at the top left, next to the label ticks.
		b := sheets[i].img.Bounds()
		pl.X.Min, pl.X.Max = 0, float64(dataW)
		pl.Y.Min, pl.Y.Max = float64(b.Dy()-dataH), float64(b.Dy())
	}
	g.PanelW, g.PanelH = pixelLength(dataW)+padW, pixelLength(dataH)+padH
	gl, err := g.Layout()
	if err != nil {
		return DigitLayout{}, err
	}
	c, err := draw.NewFormattedCanvas(gl.Size.X, gl.Size.Y, "png")
	if err != nil {
		return DigitLayout{}, err
	}
	g.draw(draw.New(c), gl)
	w, h := gl.Pixels()
	l.Size = image.Pt(w, h)
	toPx := func(v vg.Length) float64 { return float64(v/vg.Inch) * 96 }
	for _, sp := range sheets {
		r := sp.drawn
		l.Sheets = append(l.Sheets, image.Rect(
			int(math.Round(toPx(r.Min.X))), h-int(math.Round(toPx(r.Max.Y))),
			int(math.Round(toPx(r.Max.X))), h-int(math.Round(toPx(r.Min.Y)))))
	}
	return l, writeAtomic(path, c)
}

// axesRoom is the width and height a plot's axes, tick labels and axis
// labels take outside its data area.
func axesRoom(pl *plot.Plot) (w, h vg.Length) {
	const big = 100 * vg.Inch
	da := pl.DataCanvas(draw.Canvas{Rectangle: rect(0, 0, big, big)})
	size := da.Size()
	return big - size.X, big - size.Y
}
