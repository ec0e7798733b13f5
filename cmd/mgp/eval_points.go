package main

import (
	"math"
	"strconv"

	"github.com/mgpteam/mgp/pkg/data"
	"github.com/mgpteam/mgp/pkg/results"
	"github.com/mgpteam/mgp/pkg/train"
	"gonum.org/v1/gonum/mat"
)

// evalPointsHeader names the columns of mgp eval --points-out: the test
// row, the inputs and outputs on the original scale (the experiment's
// column names, x1.. and y1.. where it has none) and one NLL per output
// ("nll" for a single output, else "nll_" and the output's name).
func evalPointsHeader(exp *train.Experiment) []string {
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

// writeEvalPoints writes, atomically, one row per test point of exp: its
// inputs and outputs on the original scale and its NLL per output on the
// original scale, -(ld + log σ_y), from ld, the standardised KDE log
// densities that train.EvalOptions.LogDensities received. The mean of an
// NLL column is the run's test NLL of that output. The caller has refused
// a non-finite test NLL, so every log density is finite.
func writeEvalPoints(path string, exp *train.Experiment, ld *mat.Dense) error {
	n, dx := exp.XTest.Dims()
	_, dy := exp.YTest.Dims()
	std := exp.Std
	if std == nil {
		std = data.IdentityStandardizer(dx, dy)
	}
	g := results.FormatCSVFloat
	return results.WriteCSVAtomic(path, evalPointsHeader(exp), func(emit func([]string) error) error {
		rec := make([]string, 0, 1+dx+2*dy)
		for i := range n {
			rec = append(rec[:0], strconv.Itoa(i))
			for j := range dx {
				rec = append(rec, g(exp.XTest.At(i, j)*std.XStd[j]+std.XMean[j]))
			}
			for d := range dy {
				rec = append(rec, g(exp.YTest.At(i, d)*std.YStd[d]+std.YMean[d]))
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
