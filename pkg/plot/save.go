package plot

import (
	"fmt"
	"io"

	"github.com/mgpteam/mgp/pkg/results"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// SavePNG renders p as a w x h PNG (at gonum/plot's default 96 dpi, so a
// 4-inch width is 384 pixels) and writes it to path atomically: the image
// goes to a temporary file in the same directory, is flushed and renamed,
// so path never holds a partial image. Missing directories are created.
func SavePNG(p *plot.Plot, w, h vg.Length, path string) error {
	wt, err := p.WriterTo(w, h, "png")
	if err != nil {
		return err
	}
	return writeAtomic(path, wt)
}

// writeAtomic writes a rendered image to path through results.WriteFileAtomic.
func writeAtomic(path string, wt io.WriterTo) error {
	return results.WriteFileAtomic(path, func(dst io.Writer) error {
		_, err := wt.WriteTo(dst)
		return err
	})
}

// legendGap is the space between the plotting area and an outside legend.
const legendGap = 6 * vg.Millimeter

// SavePNGLegendRight is SavePNG for plots with many labelled series: the
// legend is drawn in its own column to the right of the plot, as wide as
// its longest entry, so it never hides a line. p is left as it was given.
func SavePNGLegendRight(p *plot.Plot, w, h vg.Length, path string) error {
	c, err := draw.NewFormattedCanvas(w, h, "png")
	if err != nil {
		return err
	}
	dc := draw.New(c)
	leg := p.Legend
	lw := leg.Rectangle(dc).Size().X + legendGap
	if lw >= w/2 {
		return fmt.Errorf("plot: legend needs %.1f of %.1f inches; give a wider image or shorter names", lw/vg.Inch, w/vg.Inch)
	}
	p.Legend = plot.NewLegend()
	p.Draw(draw.Crop(dc, 0, -lw, 0, 0))
	p.Legend = leg
	out := leg
	out.Top, out.Left = true, true
	out.Draw(draw.Crop(dc, w-lw+legendGap, 0, 0, -legendGap))
	return writeAtomic(path, c)
}
