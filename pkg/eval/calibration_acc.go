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
	sorted  []float64
}

// NewCalibrationAccumulator returns an empty accumulator for d_y outputs.
func NewCalibrationAccumulator(dy int) *CalibrationAccumulator {
	return &CalibrationAccumulator{dy: dy, crps: make([]float64, dy), covered: make([]int, len(CentralLevels))}
}

// Add scores one block: samples is P x (rows·d_y), Y is rows x d_y, both
// on the same (standardised) scale. A NaN sample makes that pair's CRPS
// and PIT NaN and its interval uncovered.
func (a *CalibrationAccumulator) Add(samples, Y *mat.Dense) error {
	return a.AddJobs(samples, Y, 1)
}

// AddJobs is Add with the block's (point, output) pairs scored in jobs
// contiguous ranges at once, one goroutine each (jobs < 1 is 1), and added
// to the sums in pair order afterwards: the same bits for every jobs.
func (a *CalibrationAccumulator) AddJobs(samples, Y *mat.Dense, jobs int) error {
	p, cols := samples.Dims()
	n, dy := Y.Dims()
	if dy != a.dy || cols != n*dy {
		return fmt.Errorf("eval: calibration: %d sample columns for %d points x %d outputs (accumulator of %d outputs)", cols, n, dy, a.dy)
	}
	jobs = min(max(1, jobs), max(1, n*dy))
	if jobs == 1 {
		if cap(a.col) < p {
			a.col = make([]float64, p)
		}
		for j := range n * dy {
			var ps pairScore
			a.sorted = ps.score(samples, Y, j, a.col[:p], a.sorted)
			a.add(ps, j%dy)
		}
		a.n += n
		return nil
	}
	scores := make([]pairScore, n*dy)
	inRanges(n*dy, jobs, func(j0, j1 int) {
		col := make([]float64, p)
		var sorted []float64
		for j := j0; j < j1; j++ {
			sorted = scores[j].score(samples, Y, j, col, sorted)
		}
	})
	for j, ps := range scores {
		a.add(ps, j%dy)
	}
	a.n += n
	return nil
}

// pairScore is one (point, output) pair's calibration: its CRPS and PIT
// (NaN with a NaN sample) and, per level of CentralLevels, whether its
// central interval covers y (bit k).
type pairScore struct {
	crps, pit float64
	covered   uint
	nan       bool
}

// score sets ps to the calibration of sample column j (point j / d_y,
// output j % d_y of Y), copying the column into col and sorting it in
// sorted (reused; returned).
func (ps *pairScore) score(samples, Y *mat.Dense, j int, col, sorted []float64) []float64 {
	_, dy := Y.Dims()
	mat.Col(col, j, samples)
	sorted, ps.nan = sortedCopy(sorted, col)
	if ps.nan {
		return sorted
	}
	y := Y.At(j/dy, j%dy)
	ps.crps, ps.pit = CRPSSorted(sorted, y), PITSorted(sorted, y)
	for k, lev := range CentralLevels {
		if lo, hi := CentralIntervalSorted(sorted, lev); y >= lo && y <= hi {
			ps.covered |= 1 << k
		}
	}
	return sorted
}

// add adds one pair of output d to the sums.
func (a *CalibrationAccumulator) add(ps pairScore, d int) {
	if ps.nan {
		a.crps[d] += math.NaN()
		a.pit = append(a.pit, math.NaN())
		return
	}
	a.crps[d] += ps.crps
	a.pit = append(a.pit, ps.pit)
	for k := range CentralLevels {
		if ps.covered&(1<<k) != 0 {
			a.covered[k]++
		}
	}
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
