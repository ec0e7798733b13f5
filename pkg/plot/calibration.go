package plot

import (
	"fmt"
	"image/color"
	"math"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// palette colours the models of a comparison in the order given.
var palette = []color.Color{
	color.NRGBA{R: 31, G: 119, B: 180, A: 255},
	color.NRGBA{R: 255, G: 127, B: 14, A: 255},
	color.NRGBA{R: 44, G: 160, B: 44, A: 255},
	color.NRGBA{R: 214, G: 39, B: 40, A: 255},
	color.NRGBA{R: 148, G: 103, B: 189, A: 255},
	color.NRGBA{R: 140, G: 86, B: 75, A: 255},
	color.NRGBA{R: 227, G: 119, B: 194, A: 255},
	color.NRGBA{R: 127, G: 127, B: 127, A: 255},
	color.NRGBA{R: 188, G: 189, B: 34, A: 255},
	color.NRGBA{R: 23, G: 190, B: 207, A: 255},
}

// PITHistogram draws the PIT values' histogram (counts in equal bins over
// [0, 1]) as a density, with the uniform density 1 a calibrated predictor
// has as a dashed line: a U shape is an overconfident predictor, a hump an
// underconfident one, a slope a biased one.
func PITHistogram(title string, counts []int) (*plot.Plot, error) {
	var total int
	for _, c := range counts {
		total += c
	}
	if len(counts) == 0 || total == 0 {
		return nil, fmt.Errorf("plot: PITHistogram: no PIT values")
	}
	k := float64(len(counts))
	p := newPlot(title, "PIT (fraction of predictive samples below y)", "density")
	bars := make(plotter.XYs, 0, 4*len(counts))
	for i, c := range counts {
		d := float64(c) / float64(total) * k
		x0, x1 := float64(i)/k, float64(i+1)/k
		bars = append(bars, plotter.XY{X: x0, Y: 0}, plotter.XY{X: x0, Y: d}, plotter.XY{X: x1, Y: d}, plotter.XY{X: x1, Y: 0})
	}
	poly, err := plotter.NewPolygon(bars)
	if err != nil {
		return nil, err
	}
	poly.Color = bandFill
	poly.LineStyle.Color = black
	poly.LineStyle.Width = vg.Points(0.5)
	uni, err := plotter.NewLine(plotter.XYs{{X: 0, Y: 1}, {X: 1, Y: 1}})
	if err != nil {
		return nil, err
	}
	uni.LineStyle.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
	uni.LineStyle.Color = black
	p.Add(poly, uni)
	p.Legend.Add("uniform (calibrated)", uni)
	p.X.Min, p.X.Max, p.Y.Min = 0, 1, 0
	return p, nil
}

// CalibrationCurve draws, per model (in the order of names), the empirical
// coverage of central predictive intervals against their nominal level,
// with the diagonal a calibrated predictor follows: below it the intervals
// are too narrow, above too wide. levels[name] and cover[name] pair up.
func CalibrationCurve(title string, names []string, levels, cover map[string][]float64) (*plot.Plot, error) {
	p := newPlot(title, "nominal coverage of the central interval", "empirical coverage")
	diag, err := plotter.NewLine(plotter.XYs{{X: 0, Y: 0}, {X: 1, Y: 1}})
	if err != nil {
		return nil, err
	}
	diag.LineStyle.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
	diag.LineStyle.Color = grey
	p.Add(diag)
	p.Legend.Add("calibrated", diag)
	for i, n := range names {
		pts, err := xys("CalibrationCurve "+n, levels[n], cover[n])
		if err != nil {
			return nil, err
		}
		l, s, err := plotter.NewLinePoints(pts)
		if err != nil {
			return nil, err
		}
		c := palette[i%len(palette)]
		l.LineStyle.Color, l.LineStyle.Width = c, vg.Points(1.5)
		s.GlyphStyle.Color, s.GlyphStyle.Shape, s.GlyphStyle.Radius = c, draw.CircleGlyph{}, vg.Points(2)
		p.Add(l, s)
		p.Legend.Add(n, l, s)
	}
	p.X.Min, p.X.Max, p.Y.Min, p.Y.Max = 0, 1, 0, 1
	return p, nil
}

// PredictedObserved draws the predictive mean against the observed value
// per test point, with a vertical bar over the central interval [lo, hi],
// and the line predicted = observed.
func PredictedObserved(title, label string, obs, mean, lo, hi []float64) (*plot.Plot, error) {
	n := len(obs)
	if n == 0 || len(mean) != n || len(lo) != n || len(hi) != n {
		return nil, fmt.Errorf("plot: PredictedObserved: lengths %d, %d, %d, %d", n, len(mean), len(lo), len(hi))
	}
	p := newPlot(title, "observed", "predicted")
	a, b := math.Inf(1), math.Inf(-1)
	for i := range obs {
		a = min(a, obs[i], lo[i])
		b = max(b, obs[i], hi[i])
	}
	segs := make([]plotter.XYs, n)
	for i := range obs {
		segs[i] = plotter.XYs{{X: obs[i], Y: lo[i]}, {X: obs[i], Y: hi[i]}}
	}
	for _, s := range segs {
		l, err := plotter.NewLine(s)
		if err != nil {
			return nil, err
		}
		l.LineStyle.Color, l.LineStyle.Width = lightGrey, vg.Points(1)
		p.Add(l)
	}
	diag, err := plotter.NewLine(plotter.XYs{{X: a, Y: a}, {X: b, Y: b}})
	if err != nil {
		return nil, err
	}
	diag.LineStyle.Dashes = []vg.Length{vg.Points(4), vg.Points(3)}
	pts, err := xys("PredictedObserved", obs, mean)
	if err != nil {
		return nil, err
	}
	sc, err := plotter.NewScatter(pts)
	if err != nil {
		return nil, err
	}
	sc.GlyphStyle.Color, sc.GlyphStyle.Shape, sc.GlyphStyle.Radius = palette[0], draw.CircleGlyph{}, vg.Points(1.8)
	p.Add(diag, sc)
	p.Legend.Add("predictive mean", sc)
	bar, _ := plotter.NewLine(plotter.XYs{{X: 0, Y: 0}, {X: 0, Y: 1}})
	bar.LineStyle.Color, bar.LineStyle.Width = lightGrey, vg.Points(3)
	p.Legend.Add(label, bar)
	p.Legend.Add("predicted = observed", diag)
	return p, nil
}

// PredictiveBands draws, against a single input x (a grid, any order),
// the predictive median with the central 50 % and 90 % bands (q05, q25,
// q50, q75, q95 at each x), over the training and test points.
func PredictiveBands(title, xlabel, ylabel string, x, q05, q25, q50, q75, q95 []float64, xTrain, yTrain, xTest, yTest []float64) (*plot.Plot, error) {
	n := len(x)
	for _, q := range [][]float64{q05, q25, q50, q75, q95} {
		if len(q) != n || n == 0 {
			return nil, fmt.Errorf("plot: PredictiveBands: %d grid points, a quantile of %d", n, len(q))
		}
	}
	idx := sortedIndex(x)
	band := func(lo, hi []float64, a uint8) (*plotter.Polygon, error) {
		poly := make(plotter.XYs, 2*n)
		for k, i := range idx {
			poly[k] = plotter.XY{X: x[i], Y: hi[i]}
			poly[2*n-1-k] = plotter.XY{X: x[i], Y: lo[i]}
		}
		pg, err := plotter.NewPolygon(poly)
		if err != nil {
			return nil, err
		}
		pg.LineStyle.Width = 0
		pg.Color = color.NRGBA{R: 70, G: 130, B: 180, A: a}
		return pg, nil
	}
	p := newPlot(title, xlabel, ylabel)
	b90, err := band(q05, q95, 60)
	if err != nil {
		return nil, err
	}
	b50, err := band(q25, q75, 90)
	if err != nil {
		return nil, err
	}
	med := make(plotter.XYs, n)
	for k, i := range idx {
		med[k] = plotter.XY{X: x[i], Y: q50[i]}
	}
	ml, err := plotter.NewLine(med)
	if err != nil {
		return nil, err
	}
	ml.LineStyle.Width, ml.LineStyle.Color = vg.Points(1.5), black
	p.Add(b90, b50)
	for _, s := range []struct {
		x, y  []float64
		c     color.Color
		label string
	}{{xTrain, yTrain, grey, "training rows"}, {xTest, yTest, palette[3], "test rows"}} {
		if len(s.x) == 0 {
			continue
		}
		pts, err := xys("PredictiveBands", s.x, s.y)
		if err != nil {
			return nil, err
		}
		sc, err := plotter.NewScatter(pts)
		if err != nil {
			return nil, err
		}
		sc.GlyphStyle.Color, sc.GlyphStyle.Shape, sc.GlyphStyle.Radius = s.c, draw.CircleGlyph{}, vg.Points(1.3)
		p.Add(sc)
		p.Legend.Add(s.label, sc)
	}
	p.Add(ml)
	p.Legend.Add("median", ml)
	p.Legend.Add("50 % band", b50)
	p.Legend.Add("90 % band", b90)
	return p, nil
}
