package predict

import (
	"math"
	"strconv"

	"github.com/mgpteam/mgp/pkg/results"
)

// OutputsHeader names the columns of the outputs file (WriteOutputs).
var OutputsHeader = []string{"output", "index", "mean_y", "sd_y", "nll"}

// WriteOutputs writes, atomically, the outputs file: one row per output of
// the run (mnist: per pixel, index = 28·row + column), with the output's
// name, its index, the mean and population sd of its test targets on the
// original scale, and its NLL averaged over the test points on the
// original scale, -(ld + log σ_y) as in WritePoints. The nll column sums to
// the run's test NLL: it says which outputs the NLL comes from. It needs
// the log densities RescoreOptions.Points kept, and, as WritePoints, a
// rescoring that Finite accepts.
func (e *Rescored) WriteOutputs(path string) error {
	exp, ld := e.Run.Experiment, e.LogDensities
	std, Y, err := e.originalScale()
	if err != nil {
		return err
	}
	n, dx := exp.XTest.Dims()
	_, dy := exp.YTest.Dims()
	names := PointsHeader(exp)[1+dx : 1+dx+dy]
	g := results.FormatCSVFloat
	return results.WriteCSVAtomic(path, OutputsHeader, func(emit func([]string) error) error {
		for d := range dy {
			var sy, syy, snll float64
			for i := range n {
				y := Y.At(i, d)
				sy += y
				syy += y * y
				snll += -(ld.At(i, d) - math.Log(std.YStd[d]))
			}
			mean := sy / float64(n)
			sd := math.Sqrt(max(syy/float64(n)-mean*mean, 0))
			if err := emit([]string{names[d], strconv.Itoa(d), g(mean), g(sd), g(snll / float64(n))}); err != nil {
				return err
			}
		}
		return nil
	})
}
