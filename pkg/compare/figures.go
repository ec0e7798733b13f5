package compare

import (
	"context"
	"fmt"
	"path/filepath"

	"github.com/mgpteam/mgp/pkg/eval"
	"github.com/mgpteam/mgp/pkg/models"
	"github.com/mgpteam/mgp/pkg/plot"
	"github.com/mgpteam/mgp/pkg/train"
	"gonum.org/v1/gonum/mat"
	gplot "gonum.org/v1/plot"
	"gonum.org/v1/plot/vg"
)

// figureSamples is the number of predictive samples per point behind the
// chosen model's figures (as the evaluation's).
const figureSamples = 200

// CurveLevels are the nominal levels of the calibration curve: 0.1, ...,
// 0.9 read off the pooled 20-bin PIT histogram (their central intervals
// end on bin edges) and 0.95, the recorded coverage of the 95 % interval.
var CurveLevels = []float64{0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 0.95}

// CurveCoverage returns the empirical coverage at CurveLevels of a model
// summary: from its pooled PIT histogram (PIT in the central [(1-a)/2,
// (1+a)/2]) up to 0.9, and its mean recorded 95 % coverage.
func CurveCoverage(s ModelSummary) []float64 {
	out := make([]float64, 0, len(CurveLevels))
	var total int
	for _, c := range s.PITHist {
		total += c
	}
	k := len(s.PITHist)
	for _, a := range CurveLevels[:len(CurveLevels)-1] {
		j := int(a*float64(k)/2 + 0.5) // bins each side of the middle
		var in int
		for b := k/2 - j; b < k/2+j; b++ {
			if b >= 0 && b < k {
				in += s.PITHist[b]
			}
		}
		out = append(out, float64(in)/float64(max(total, 1)))
	}
	return append(out, float64(s.Cov95.Mean))
}

// WriteFigures draws the report's figures into out and records them in
// rep.Figures: a PIT histogram per model, the calibration curves of all,
// and for the chosen model's best split the predicted-vs-observed plot
// with 90 % intervals and, for one input, the predictive bands against it
// or, for two, heat maps of the predictive mean and sd over them
// (surfaceFigure).
func WriteFigures(ctx context.Context, out string, rep *Report) error {
	rep.Figures = map[string]string{}
	save := func(key, file string, p *gplot.Plot, w, h vg.Length) error {
		if err := plot.SavePNG(p, w, h, filepath.Join(out, file)); err != nil {
			return err
		}
		rep.Figures[key] = file
		return nil
	}
	var names []string
	levels, cover := map[string][]float64{}, map[string][]float64{}
	for _, s := range rep.Models {
		if len(s.PITHist) == 0 {
			continue
		}
		p, err := plot.PITHistogram(fmt.Sprintf("PIT histogram: %s (%d splits pooled)", s.Model, len(s.Splits)), s.PITHist)
		if err != nil {
			return err
		}
		if err := save("PIT histogram "+s.Model, "pit_"+s.Model+".png", p, 4*vg.Inch, 3*vg.Inch); err != nil {
			return err
		}
		names = append(names, s.Model)
		levels[s.Model], cover[s.Model] = CurveLevels, CurveCoverage(s)
	}
	if len(names) > 0 {
		p, err := plot.CalibrationCurve("Calibration: coverage of central predictive intervals", names, levels, cover)
		if err != nil {
			return err
		}
		if err := save("calibration curve", "calibration.png", p, 5*vg.Inch, 5*vg.Inch); err != nil {
			return err
		}
	}
	if rep.BestSplit == "" {
		return nil
	}
	return chosenFigures(ctx, out, rep, save)
}

// chosenFigures draws the chosen model's figures from its best split's run.
func chosenFigures(ctx context.Context, out string, rep *Report, save func(string, string, *gplot.Plot, vg.Length, vg.Length) error) error {
	ck, exp, m, err := train.LoadRun(filepath.Join(out, rep.BestSplit), "")
	if err != nil {
		return err
	}
	if m, err = models.WithPredictive(m, train.RunPredictive(ck)); err != nil {
		return err
	}
	rng := train.NewRNG(ck.Config.Train.Seed)
	probs := []float64{0.05, 0.25, 0.5, 0.75, 0.95}
	qs := func(X *mat.Dense) [][]float64 {
		ys, _ := m.Sample(X, figureSamples, rng)
		q := eval.SampleQuantiles(ys, probs)
		out := make([][]float64, len(probs))
		for k := range probs {
			out[k] = mat.Row(nil, k, q)
			for i := range out[k] {
				out[k][i] = exp.Std.InverseYAt(0, out[k][i])
			}
		}
		return out
	}
	if err := ctx.Err(); err != nil {
		return err
	}
	yOrig := func(Y *mat.Dense) []float64 {
		v := mat.Col(nil, 0, Y)
		for i := range v {
			v[i] = exp.Std.InverseYAt(0, v[i])
		}
		return v
	}
	tq := qs(exp.XTest)
	ys, _ := m.Sample(exp.XTest, figureSamples, rng)
	mean, _ := eval.SampleMeanStd(ys)
	for i := range mean {
		mean[i] = exp.Std.InverseYAt(0, mean[i])
	}
	title := fmt.Sprintf("%s on split %d: test rows", rep.Decision.Chosen, rep.BestSeed)
	p, err := plot.PredictedObserved(title, "90 % interval", yOrig(exp.YTest), mean, tq[0], tq[4])
	if err != nil {
		return err
	}
	p.X.Label.Text, p.Y.Label.Text = "observed "+rep.Target, "predicted "+rep.Target
	if err := save("predicted vs observed", "predicted_observed.png", p, 5*vg.Inch, 5*vg.Inch); err != nil {
		return err
	}
	switch _, dx := exp.XTest.Dims(); dx {
	case 1:
	case 2:
		return surfaceFigure(out, rep, exp, m, rng)
	default:
		return nil
	}
	xOrig := func(X *mat.Dense) []float64 {
		v := mat.Col(nil, 0, X)
		for i := range v {
			v[i] = v[i]*exp.Std.XStd[0] + exp.Std.XMean[0]
		}
		return v
	}
	lo, hi := mat.Min(exp.XTrain), mat.Max(exp.XTrain)
	lo, hi = min(lo, mat.Min(exp.XTest)), max(hi, mat.Max(exp.XTest))
	const n = 200
	grid := mat.NewDense(n, 1, nil)
	for i := range n {
		grid.Set(i, 0, lo+(hi-lo)*float64(i)/(n-1))
	}
	gq := qs(grid)
	p, err = plot.PredictiveBands(fmt.Sprintf("%s on split %d: predictive bands", rep.Decision.Chosen, rep.BestSeed),
		rep.Inputs[0], rep.Target, xOrig(grid), gq[0], gq[1], gq[2], gq[3], gq[4],
		xOrig(exp.XTrain), yOrig(exp.YTrain), xOrig(exp.XTest), yOrig(exp.YTest))
	if err != nil {
		return err
	}
	return save("predictive bands", "bands.png", p, 6*vg.Inch, 4*vg.Inch)
}
