package plot

import (
	"fmt"
	"image/color"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Experts draws the experts of a mixture model against x (the paper's
// Fig. 3(ii), models.md §4.5): for expert t, mean[t] over a shaded band
// mean[t] ± 2 sd[t] in the expert's colour; the mean is drawn thick and
// solid where prob[t] is the largest assignment probability and thin and
// dashed elsewhere. mean, sd and prob hold one slice per expert, each as
// long as x; the training data (xTrain, yTrain, may be empty) go under them
// as light grey points. Points are sorted by x first. It fails on empty or
// mismatched input or non-finite values.
func Experts(title string, x []float64, mean, sd, prob [][]float64, xTrain, yTrain []float64) (*plot.Plot, error) {
	n, nt := len(x), len(mean)
	if n == 0 || nt == 0 || len(sd) != nt || len(prob) != nt {
		return nil, fmt.Errorf("plot: Experts: %d inputs, %d means, %d sds, %d probabilities", n, nt, len(sd), len(prob))
	}
	for t := range nt {
		if len(mean[t]) != n || len(sd[t]) != n || len(prob[t]) != n {
			return nil, fmt.Errorf("plot: Experts: expert %d has %d means, %d sds, %d probabilities for %d inputs", t+1, len(mean[t]), len(sd[t]), len(prob[t]), n)
		}
	}
	p := newPlot(title, "x (normalised)", "y (normalised)")
	if err := addTraining(p, xTrain, yTrain); err != nil {
		return nil, err
	}
	idx := sortedIndex(x)
	best := make([]int, n) // most probable expert at x[i]
	for i := range n {
		for t := 1; t < nt; t++ {
			if prob[t][i] > prob[best[i]][i] {
				best[i] = t
			}
		}
	}
	var lines []plot.Plotter
	for t := range nt {
		col := plotutil.Color(t)
		band, err := bandPolygon(x, mean[t], sd[t], idx)
		if err != nil {
			return nil, fmt.Errorf("plot: Experts: expert %d: %w", t+1, err)
		}
		band.Color = withAlpha(col, 45)
		p.Add(band)

		all := make(plotter.XYs, n)
		for k, i := range idx {
			all[k] = plotter.XY{X: x[i], Y: mean[t][i]}
		}
		thin, err := plotter.NewLine(all)
		if err != nil {
			return nil, fmt.Errorf("plot: Experts: expert %d: %w", t+1, err)
		}
		thin.LineStyle = draw.LineStyle{Color: col, Width: vg.Points(0.8), Dashes: []vg.Length{vg.Points(3), vg.Points(2)}}
		lines = append(lines, thin)
		thick := draw.LineStyle{Color: col, Width: vg.Points(2.5)}
		for _, run := range runsOf(best, idx, t) {
			seg, err := plotter.NewLine(all[run[0]:run[1]])
			if err != nil {
				return nil, err
			}
			seg.LineStyle = thick
			lines = append(lines, seg)
		}
		p.Legend.Add(fmt.Sprintf("expert %d", t+1), lineThumb(thick))
	}
	p.Add(lines...) // means over all bands
	p.Legend.Add("dashed: another expert is more probable", lineThumb(draw.LineStyle{Color: black, Width: vg.Points(0.8), Dashes: []vg.Length{vg.Points(3), vg.Points(2)}}))
	p.Legend.Add("mean ± 2 sd (95% CI, noise incl.)", &plotter.Polygon{Color: withAlpha(grey, 90)})
	return p, nil
}

// runsOf returns the [k0, k1) ranges of sorted positions k (point idx[k])
// over which best is t.
func runsOf(best, idx []int, t int) [][2]int {
	var runs [][2]int
	k0 := -1
	for k, i := range idx {
		switch {
		case best[i] == t && k0 < 0:
			k0 = k
		case best[i] != t && k0 >= 0:
			runs = append(runs, [2]int{k0, k})
			k0 = -1
		}
	}
	if k0 >= 0 {
		runs = append(runs, [2]int{k0, len(idx)})
	}
	return runs
}

// addTraining adds the training data as light grey points with a legend
// entry; empty data add nothing.
func addTraining(p *plot.Plot, xTrain, yTrain []float64) error {
	pts, err := xys("training data", xTrain, yTrain)
	if err != nil || len(pts) == 0 {
		return err
	}
	s, err := plotter.NewScatter(pts)
	if err != nil {
		return err
	}
	s.GlyphStyle = trainStyle
	p.Add(s)
	p.Legend.Add("training data", s)
	return nil
}

// lineThumb is a legend thumbnail showing a line style.
type lineThumb draw.LineStyle

// Thumbnail draws a horizontal line across the middle of c.
func (l lineThumb) Thumbnail(c *draw.Canvas) {
	y := c.Center().Y
	c.StrokeLine2(draw.LineStyle(l), c.Min.X, y, c.Max.X, y)
}

// withAlpha returns c with opacity a (0-255).
func withAlpha(c color.Color, a uint8) color.Color {
	r, g, b, _ := c.RGBA()
	return color.NRGBA{R: uint8(r >> 8), G: uint8(g >> 8), B: uint8(b >> 8), A: a}
}
