package score

import (
	"math"

	"github.com/mgpteam/mgp/pkg/models"
	"gonum.org/v1/gonum/stat"
)

// PlugInMargin is how much lower (nats per held-out point, on average) the
// plug-in predictive's held-out NLL must be for ChoosePredictive to take
// it over the draws. The draws are the model's own predictive; the plug-in
// fixes w at a point and so drops every mode but one. A held-out part of a
// few dozen points cannot tell the two apart by less: on Old Faithful (25
// held-out points) the plug-in won by 0.002 nats and then scored 4.05
// against the draws' 0.37 on the test rows, whose other cluster it
// could not reach. The margin is compare's "worth having" gain.
const PlugInMargin = 0.05

// PlugInZ is how many standard errors of the paired per-point differences
// the plug-in's mean gain must also reach: a gain carried by a few
// held-out points is not evidence. On Old Faithful the plug-in of an SLGP
// with a Matérn-5/2 kernel won by 0.23 nats on 25 held-out points, over
// the margin, and then scored 2.49 on the test rows against the draws'
// 0.40; its per-point gains there were 0.232 with a standard error of
// 0.138 (1.7 of them), so this rule keeps the draws.
const PlugInZ = 2

// ChoosePredictive is the rule that settles a latent model's predictive on
// a held-out part from the per-point NLLs of the draws and of the plug-in
// (the same points, in the same order): the plug-in when its mean gain
// d̄ (draws minus plug-in) is at least PlugInMargin and at least PlugInZ
// standard errors of the differences (sd/√n), the draws otherwise (fewer
// than two points, lengths that differ, or any difference that is not
// finite go to the draws). Training (eval.latent = select) and mgp eval
// --latent select both use it.
func ChoosePredictive(draws, plugIn []float64) models.Predictive {
	n := len(draws)
	if n < 2 || len(plugIn) != n {
		return models.Draws
	}
	diff := make([]float64, n)
	for i := range diff {
		diff[i] = draws[i] - plugIn[i]
		if math.IsNaN(diff[i]) || math.IsInf(diff[i], 0) {
			return models.Draws
		}
	}
	mean, sd := stat.MeanStdDev(diff, nil)
	if mean >= PlugInMargin && mean >= PlugInZ*sd/math.Sqrt(float64(n)) {
		return models.PlugIn
	}
	return models.Draws
}
