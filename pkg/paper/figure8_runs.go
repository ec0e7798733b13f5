package paper

import (
	"context"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strings"

	"github.com/mgpteam/mgp/pkg/data"
	"github.com/mgpteam/mgp/pkg/results"
	"github.com/mgpteam/mgp/pkg/rundir"
	"github.com/mgpteam/mgp/pkg/score"
	"github.com/mgpteam/mgp/pkg/train"
	"gonum.org/v1/gonum/mat"
)

// pickupDensity is one run's test points for Fig. 8.
type pickupDensity struct {
	label    string
	lon, lat []float64
	// logDens is each point's log KDE density of its observed duration on
	// the original scale (per second).
	logDens []float64
	// nll is the mean of -logDens (the run's test NLL); recorded is
	// result.json's, when there is one.
	nll      float64
	recorded *float64
}

// figure8Run returns what Fig. 8 draws of the run in dir: evaluated from
// its checkpoint when there is one (and then kept in the points file, when
// the run's own samples reproduce its recorded NLL), else read from the
// points file.
func figure8Run(ctx context.Context, stderr io.Writer, dir string, o Figure8Options) (*pickupDensity, error) {
	_, ckErr := os.Stat(filepath.Join(dir, rundir.CheckpointFile))
	_, ptErr := os.Stat(filepath.Join(dir, Figure8PointsFile))
	if ckErr != nil && ptErr == nil {
		if o.Samples > 0 {
			return nil, inputErr(fmt.Errorf("%s: %w", dir, optErr("samples", fmt.Sprintf(" needs the run's checkpoint, and it has only %s (drawn with the run's own samples)", Figure8PointsFile))))
		}
		fmt.Fprintf(stderr, "note: %s: no checkpoint; drawn from its %s\n", dir, Figure8PointsFile)
		return readFigure8Points(dir)
	}
	pd, err := pickupDensities(ctx, dir, o)
	if err != nil || o.Samples > 0 || pd.recorded == nil {
		return pd, err
	}
	if !sameNLL(pd.nll, *pd.recorded) {
		fmt.Fprintf(stderr, "note: %s: re-evaluated NLL %.6f is not the recorded %.6f (another machine's rounding?); %s not written\n", dir, pd.nll, *pd.recorded, Figure8PointsFile)
		return pd, nil
	}
	if err := writeFigure8Points(dir, pd); err != nil {
		return nil, fmt.Errorf("%s: %w", dir, err)
	}
	return pd, nil
}

// pickupDensities evaluates the nytaxi run in dir again, as training did
// (its seed and predictive; o.Samples <= 0: its eval.samples), keeping
// every test point's log density, and returns them with the points' pickup
// coordinates in degrees.
func pickupDensities(ctx context.Context, dir string, o Figure8Options) (*pickupDensity, error) {
	ck, exp, m, err := train.LoadRun(dir, o.Open.DataDir(dir))
	if err != nil {
		return nil, err
	}
	if err := o.Open.CheckFinished(dir, ck); err != nil {
		return nil, err
	}
	if exp.Kind != data.KindNYTaxi {
		return nil, inputErr(fmt.Errorf("%s: a run on %s; Fig. 8 maps nytaxi runs (pickup longitude and latitude are its first inputs)", dir, exp.Name))
	}
	n, dy := exp.YTest.Dims()
	if dy != 1 {
		return nil, inputErr(fmt.Errorf("%s: %d outputs; Fig. 8 needs the one duration", dir, dy))
	}
	ld := mat.NewDense(n, 1, nil)
	label := strings.ToUpper(ck.Config.ModelName())
	opts := score.Options{LogDensities: ld, Label: "figure8 " + label, Progress: o.Progress}
	if _, err := train.Reevaluate(ctx, ck, exp, m, train.RunPredictive(ck), o.Samples, ck.Config.Train.Seed, opts); err != nil {
		return nil, err
	}
	pd := &pickupDensity{label: label, lon: make([]float64, n), lat: make([]float64, n), logDens: make([]float64, n)}
	logSig := math.Log(exp.Std.InverseYScaleAt(0, 1)) // the density's Jacobian to seconds
	var sum float64
	for i := range n {
		pd.lon[i] = exp.Std.InverseXAt(0, exp.XTest.At(i, 0))
		pd.lat[i] = exp.Std.InverseXAt(1, exp.XTest.At(i, 1))
		pd.logDens[i] = ld.At(i, 0) - logSig
		sum -= ld.At(i, 0)
	}
	pd.nll = sum/float64(n) + logSig
	if r, err := results.ReadResult(filepath.Join(dir, rundir.ResultFile)); err == nil {
		v := r.Metrics.NLL
		pd.recorded = &v
	}
	return pd, nil
}
