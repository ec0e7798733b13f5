package predict

import (
	"errors"
	"math"
	"strconv"

	"github.com/mgpteam/mgp/pkg/data"
	"github.com/mgpteam/mgp/pkg/results"
	"github.com/mgpteam/mgp/pkg/train"
	"gonum.org/v1/gonum/mat"
)

// PointsHeader names the columns of the points file (WritePoints): the
// test row, the inputs and outputs on the original scale (the experiment's
// column names, x1.. and y1.. where it has none) and one NLL per output
// ("nll" for a single output, else "nll_" and the output's name).
func PointsHeader(exp *train.Experiment) []string {
	_, dx := exp.XTest.Dims()
	_, dy := exp.YTest.Dims()
	name := func(names []string, prefix string, i int) string {
		if i < len(names) && names[i] != "" {
			return names[i]
		}
		return prefix + strconv.Itoa(i+1)
	}
	head := []string{"test_row"}
	for j := range dx {
		head = append(head, name(exp.XNames, "x", j))
	}
	ys := make([]string, dy)
	for d := range dy {
		ys[d] = name(exp.YNames, "y", d)
		head = append(head, ys[d])
	}
	for d := range dy {
		if dy == 1 {
			head = append(head, "nll")
		} else {
			head = append(head, "nll_"+ys[d])
		}
	}
	return head
}

// WritePoints writes, atomically, the points file: one row per test point
// of the run, its inputs and outputs on the original scale and its NLL per
// output on the original scale, -(ld + log σ_y), from the standardised KDE
// log densities ld that RescoreOptions.Points kept. The mean of an NLL
// column is the run's test NLL of that output. Call it only when Finite
// reports no error (every log density is then finite) and the rescoring
// kept the log densities.
func (e *Rescored) WritePoints(path string) error {
	exp, ld := e.Run.Experiment, e.LogDensities
	std, Y, err := e.originalScale()
	if err != nil {
		return err
	}
	n, dx := exp.XTest.Dims()
	_, dy := exp.YTest.Dims()
	g := results.FormatCSVFloat
	return results.WriteCSVAtomic(path, PointsHeader(exp), func(emit func([]string) error) error {
		rec := make([]string, 0, 1+dx+2*dy)
		for i := range n {
			rec = append(rec[:0], strconv.Itoa(i))
			for j := range dx {
				// data.Standardizer has no InverseX: x·σ_x + μ_x by hand.
				rec = append(rec, g(exp.XTest.At(i, j)*std.XStd[j]+std.XMean[j]))
			}
			for d := range dy {
				rec = append(rec, g(Y.At(i, d)))
			}
			for d := range dy {
				rec = append(rec, g(-(ld.At(i, d) - math.Log(std.YStd[d]))))
			}
			if err := emit(rec); err != nil {
				return err
			}
		}
		return nil
	})
}

// originalScale returns the run's standardiser (the identity when it has
// none) and its test outputs on the original scale, or an error when the
// rescoring kept no log densities to write.
func (e *Rescored) originalScale() (*data.Standardizer, *mat.Dense, error) {
	exp := e.Run.Experiment
	if e.LogDensities == nil {
		return nil, nil, errors.New("the rescoring kept no log densities (RescoreOptions.Points)")
	}
	_, dx := exp.XTest.Dims()
	_, dy := exp.YTest.Dims()
	std := exp.Std
	if std == nil {
		std = data.IdentityStandardizer(dx, dy)
	}
	return std, std.InverseY(exp.YTest), nil
}
