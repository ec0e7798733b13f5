package plot

import (
	"io"

	"github.com/mgpteam/mgp/pkg/eval"
	"gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
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
	return eval.WriteFileAtomic(path, func(dst io.Writer) error {
		_, err := wt.WriteTo(dst)
		return err
	})
}
