package compare

import (
	"fmt"
	"math/rand/v2"
	"path/filepath"

	"github.com/mgpteam/mgp/pkg/eval"
	"github.com/mgpteam/mgp/pkg/models"
	"github.com/mgpteam/mgp/pkg/plot"
	"github.com/mgpteam/mgp/pkg/train"
	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/plot/vg"
)

// SurfaceFile is the figure of a two-input comparison: the chosen model's
// predictive mean and sd over the inputs.
const SurfaceFile = "surface.png"

// surfaceGrid is the number of grid points per input of SurfaceFile, and
// surfaceSamples the predictive samples per grid point (more than
// figureSamples: a sample sd's relative error is about 1/sqrt(2P), 2 %
// here, which would otherwise speckle a nearly constant sd).
const (
	surfaceGrid    = 40
	surfaceSamples = 1000
)

// surfaceFigure draws the chosen model's predictive mean and sd (from
// surfaceSamples samples per point, original units) on a surfaceGrid x
// surfaceGrid grid spanning the training and test inputs of its best
// split, with the test inputs on top, into SurfaceFile.
func surfaceFigure(out string, rep *Report, exp *train.Experiment, m models.Model, rng *rand.Rand) error {
	axis := func(j int) (std, orig []float64) {
		lo := min(mat.Min(exp.XTrain.ColView(j)), mat.Min(exp.XTest.ColView(j)))
		hi := max(mat.Max(exp.XTrain.ColView(j)), mat.Max(exp.XTest.ColView(j)))
		if !(hi > lo) {
			lo, hi = lo-1, hi+1
		}
		std, orig = make([]float64, surfaceGrid), make([]float64, surfaceGrid)
		for i := range std {
			std[i] = lo + (hi-lo)*float64(i)/(surfaceGrid-1)
			orig[i] = std[i]*exp.Std.XStd[j] + exp.Std.XMean[j]
		}
		return std, orig
	}
	x0, o0 := axis(0)
	x1, o1 := axis(1)
	grid := mat.NewDense(surfaceGrid*surfaceGrid, 2, nil)
	for r := range surfaceGrid {
		for c := range surfaceGrid {
			grid.Set(r*surfaceGrid+c, 0, x0[c])
			grid.Set(r*surfaceGrid+c, 1, x1[r])
		}
	}
	ys, _ := m.Sample(grid, surfaceSamples, rng)
	mean, sd := eval.SampleMeanStd(ys)
	mz, sz := make([][]float64, surfaceGrid), make([][]float64, surfaceGrid)
	for r := range surfaceGrid {
		mz[r], sz[r] = make([]float64, surfaceGrid), make([]float64, surfaceGrid)
		for c := range surfaceGrid {
			k := r*surfaceGrid + c
			mz[r][c] = exp.Std.InverseYAt(0, mean[k])
			sz[r][c] = exp.Std.InverseYScaleAt(0, sd[k])
		}
	}
	n, _ := exp.XTest.Dims()
	px, py := make([]float64, n), make([]float64, n)
	for i := range n {
		px[i] = exp.XTest.At(i, 0)*exp.Std.XStd[0] + exp.Std.XMean[0]
		py[i] = exp.XTest.At(i, 1)*exp.Std.XStd[1] + exp.Std.XMean[1]
	}
	panel := func(what string, z [][]float64) plot.HeatPanel {
		return plot.HeatPanel{Title: fmt.Sprintf("%s, split %d: predictive %s (dots: test inputs)", rep.Decision.Chosen, rep.BestSeed, what),
			XLabel: rep.Inputs[0], YLabel: rep.Inputs[1], ZLabel: what + " of " + rep.Target,
			X: o0, Y: o1, Z: z, PX: px, PY: py}
	}
	err := plot.SaveHeatPanels([]plot.HeatPanel{panel("mean", mz), panel("sd", sz)}, 5.5*vg.Inch, 4.5*vg.Inch,
		filepath.Join(out, SurfaceFile))
	if err != nil {
		return err
	}
	rep.Figures["predictive surface"] = SurfaceFile
	return nil
}
