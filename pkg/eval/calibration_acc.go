package eval

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"
)

// Calibration summarises how well predictive samples are calibrated on a
// test set (beyond the paper, which reports the NLL alone).
type Calibration struct {
	// CRPS is the mean CRPS (CRPSSorted) over the test points on the
	// original y scale, summed over the outputs as the NLL is.
	CRPS float64
	// Coverage holds, per level of CentralLevels, the fraction of the
	// (point, output) pairs whose y lies in the central predictive
	// interval of that level (CentralIntervalSorted).
	Coverage []float64
	// PITKS is KSUniform of the PIT values: their distance from uniform.
	PITKS float64
	// PITHist counts the PIT values in PITBins equal bins.
	PITHist []int
	// PIT holds every (point, output) pair's PIT value, point-major.
	PIT []float64
}

// CalibrationAccumulator gathers the calibration of a test set scored in
// blocks of rows, from the same P x (rows·d_y) sample matrices as the KDE
// NLL (column i·d_y + d holds the samples of output d of row i).
type CalibrationAccumulator struct {
	dy      int
	crps    []float64 // Σ_i CRPS_{i,d} on the standardised scale
	covered []int     // per level
	n       int       // rows
	pit     []float64
	col     []float64
}

// NewCalibrationAccumulator returns an empty accumulator for d_y outputs.
func NewCalibrationAccumulator(dy int) *CalibrationAccumulator {
	return &CalibrationAccumulator{dy: dy, crps: make([]float64, dy), covered: make([]int, len(CentralLevels))}
}

// Add scores one block: samples is P x (rows·d_y), Y is rows x d_y, both
// on the same (standardised) scale. A NaN sample makes that pair's CRPS
// and PIT NaN and its interval uncovered.
func (a *CalibrationAccumulator) Add(samples, Y *mat.Dense) error {
	p, cols := samples.Dims()
	n, dy := Y.Dims()
	if dy != a.dy || cols != n*dy {
		return fmt.Errorf("eval: calibration: %d sample columns for %d points x %d outputs (accumulator of %d outputs)", cols, n, dy, a.dy)
	}
	if cap(a.col) < p {
		a.col = make([]float64, p)
	}
	col := a.col[:p]
	var sorted []float64
	for i := range n {
		for d := range dy {
			mat.Col(col, i*dy+d, samples)
			var hasNaN bool
			sorted, hasNaN = sortedCopy(sorted, col)
			y := Y.At(i, d)
			if hasNaN {
				a.crps[d] += math.NaN()
				a.pit = append(a.pit, math.NaN())
				continue
			}
			a.crps[d] += CRPSSorted(sorted, y)
			a.pit = append(a.pit, PITSorted(sorted, y))
			for k, lev := range CentralLevels {
				if lo, hi := CentralIntervalSorted(sorted, lev); y >= lo && y <= hi {
					a.covered[k]++
				}
			}
		}
	}
	a.n += n
	return nil
}

// Result returns the calibration of the rows added; sigmaY (one per
// output) maps the CRPS back to the original y scale (CRPS scales with y).
func (a *CalibrationAccumulator) Result(sigmaY []float64) Calibration {
	c := Calibration{Coverage: make([]float64, len(CentralLevels)), PIT: a.pit}
	pairs := float64(a.n * a.dy)
	for d, s := range a.crps {
		sig := 1.0
		if d < len(sigmaY) {
			sig = sigmaY[d]
		}
		c.CRPS += s / float64(a.n) * sig
	}
	for k, m := range a.covered {
		c.Coverage[k] = float64(m) / pairs
	}
	c.PITKS = KSUniform(a.pit)
	c.PITHist = PITHistogram(a.pit, PITBins)
	return c
}
