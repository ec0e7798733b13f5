package main

import (
	"fmt"
	"math"
	"path/filepath"
	"strings"

	"github.com/mgpteam/mgp/pkg/results"
	"github.com/mgpteam/mgp/pkg/train"
	"github.com/spf13/cobra"
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

// pickupDensities evaluates the nytaxi run in dir again, as training did
// (its seed and predictive; samples <= 0: its eval.samples), keeping every
// test point's log density, and returns them with the points' pickup
// coordinates in degrees.
func pickupDensities(cmd *cobra.Command, g *globalOpts, dir string, samples int) (*pickupDensity, error) {
	ck, exp, m, err := train.LoadRun(dir, resolveDataDirForRun(g, dir))
	if err != nil {
		return nil, err
	}
	if err := checkFinished(cmd, dir, ck, false, "draw"); err != nil {
		return nil, err
	}
	if exp.Name != "nytaxi" {
		return nil, inputErr(fmt.Errorf("%s: a run on %s; Fig. 8 maps nytaxi runs (pickup longitude and latitude are its first inputs)", dir, exp.Name))
	}
	n, dy := exp.YTest.Dims()
	if dy != 1 {
		return nil, inputErr(fmt.Errorf("%s: %d outputs; Fig. 8 needs the one duration", dir, dy))
	}
	ld := mat.NewDense(n, 1, nil)
	label := strings.ToUpper(ck.Config.ModelName())
	opts := train.EvalOptions{LogDensities: ld, Label: "figure8 " + label, Progress: progressTo(g, cmd)}
	if _, err := train.ReevaluateWith(cmd.Context(), ck, exp, m, train.RunPredictive(ck), samples, ck.Config.Train.Seed, opts); err != nil {
		return nil, err
	}
	pd := &pickupDensity{label: label, lon: make([]float64, n), lat: make([]float64, n), logDens: make([]float64, n)}
	logSig := math.Log(exp.Std.YStd[0])
	var sum float64
	for i := range n {
		pd.lon[i] = exp.XTest.At(i, 0)*exp.Std.XStd[0] + exp.Std.XMean[0]
		pd.lat[i] = exp.XTest.At(i, 1)*exp.Std.XStd[1] + exp.Std.XMean[1]
		pd.logDens[i] = ld.At(i, 0) - logSig
		sum -= ld.At(i, 0)
	}
	pd.nll = sum/float64(n) + logSig
	if r, err := results.ReadResult(filepath.Join(dir, train.ResultFile)); err == nil {
		v := r.Metrics.NLL
		pd.recorded = &v
	}
	return pd, nil
}
