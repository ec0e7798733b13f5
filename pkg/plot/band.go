package plot

import (
	"fmt"
	"slices"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
)

// Band draws mean against x as a line labelled label, over a shaded band
// from mean - 2 sd to mean + 2 sd labelled "95% CI" (models.md §10.5,
// Fig. 3). The points are sorted by x first, so x need not be ordered.
// The y axis is left unlabelled for the caller to name. It fails on empty
// input, mismatched lengths or non-finite values.
func Band(title string, x, mean, sd []float64, label string) (*plot.Plot, error) {
	n := len(x)
	if n == 0 || len(mean) != n || len(sd) != n {
		return nil, fmt.Errorf("plot: Band: lengths x %d, mean %d, sd %d", n, len(mean), len(sd))
	}
	idx := sortedIndex(x)
	line := make(plotter.XYs, n)
	for k, i := range idx {
		line[k] = plotter.XY{X: x[i], Y: mean[i]}
	}

	p := newPlot(title, "x (normalised)", "")
	band, err := bandPolygon(x, mean, sd, idx)
	if err != nil {
		return nil, err
	}
	band.Color = bandFill
	l, err := plotter.NewLine(line)
	if err != nil {
		return nil, err
	}
	l.LineStyle.Width = vg.Points(1.5)
	l.LineStyle.Color = black
	p.Add(band, l)
	p.Legend.Add(label, l)
	p.Legend.Add("95% CI", band)
	return p, nil
}

// bandPolygon is the outline of mean ± 2 sd over the points taken in the
// order idx, without an edge line (the caller sets the fill colour).
func bandPolygon(x, mean, sd []float64, idx []int) (*plotter.Polygon, error) {
	n := len(idx)
	poly := make(plotter.XYs, 2*n)
	for k, i := range idx {
		poly[k] = plotter.XY{X: x[i], Y: mean[i] + 2*sd[i]}
		poly[2*n-1-k] = plotter.XY{X: x[i], Y: mean[i] - 2*sd[i]}
	}
	band, err := plotter.NewPolygon(poly)
	if err != nil {
		return nil, err
	}
	band.LineStyle.Width = 0
	return band, nil
}

// sortedIndex returns the indices of x in increasing order of x (stable).
func sortedIndex(x []float64) []int {
	idx := make([]int, len(x))
	for i := range idx {
		idx[i] = i
	}
	slices.SortStableFunc(idx, func(a, b int) int {
		switch {
		case x[a] < x[b]:
			return -1
		case x[a] > x[b]:
			return 1
		}
		return 0
	})
	return idx
}
