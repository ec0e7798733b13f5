package score

import (
	"context"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"time"

	"github.com/mgpteam/mgp/pkg/eval"
	"github.com/mgpteam/mgp/pkg/models"
	"github.com/mgpteam/mgp/pkg/results"
	"gonum.org/v1/gonum/mat"
)

// Options are evaluation's settings and optional outputs; only PerClass
// and Estimator change the metrics.
type Options struct {
	// PerClass scores the test set once per distinct input row, for models
	// whose predictive depends only on a few distinct inputs (mnist's
	// labels, data.ScorePerInputRow): the samples are drawn once per row
	// (ClassKDENLL) from the stream seed; NLLStd is the mean over points
	// of the per-point NLL summed over outputs, NLL = NLLStd + Σ_d log
	// σ_y[d], RMSE that of the per-class sample mean on the original scale
	// over all outputs. Progress, Label and Jobs do not apply.
	PerClass bool
	// Estimator names the NLL estimator under PerClass (EstimatorKDE,
	// EstimatorJoint, EstimatorKDEClipped; "" is the paper's KDE). With
	// the joint estimator the RMSE is that of the mixture's mean (the
	// average of the P component means). Without PerClass it is ignored.
	Estimator string
	// Progress, when set, receives a line with the points done and an ETA
	// every EvalProgressEvery once the evaluation has run EvalProgressAfter
	// (a long evaluation, such as nytaxi's 142,007 test points), checked
	// after every block and every second while a block runs, and a closing
	// line when it had reported.
	Progress io.Writer
	// Label prefixes the progress lines (default "evaluate").
	Label string
	// BlockFloats, when positive, caps a block's predictive samples in
	// place of EvalBlockFloats (rows·P·d_y ≤ BlockFloats, at least one row
	// a block); the metrics stay those of the same distribution, not the
	// same bits, since each block draws from its own generator.
	BlockFloats int
	// Jobs is how many goroutines score a block's KDE and calibration
	// (eval.jobs; 0 is 1); the metrics are the same bits for every value.
	Jobs int
	// LogDensities, when set, receives every test point's KDE log density
	// of each output on the standardised scale (N x d_y, row i is test
	// point i; add log σ_{y,d} and negate for the point's NLL on the
	// original scale). It must be N x d_y. The joint estimator has no
	// per-output densities and refuses it.
	LogDensities *mat.Dense

	now       func() time.Time // the clock (tests replace it)
	heartbeat time.Duration    // < 0: none (tests); else at least evalHeartbeat
}

// Progress cadence of evaluation: the first line after EvalProgressAfter,
// then one every EvalProgressEvery (checked between blocks).
const (
	EvalProgressAfter = 10 * time.Second
	EvalProgressEvery = 5 * time.Second
)

// BlockRNG returns the generator of evaluation block b for the evaluation
// seed: block 0 draws from PCG(seed, 0), the one generator evaluation has
// always used (so every one-block evaluation keeps its numbers), block
// b ≥ 1 from PCG(DeriveSeed(seed, b), b), a substream of its own. A block's
// draws therefore depend only on the seed, its index and its rows, never on
// the blocks before it.
func BlockRNG(seed uint64, b int) *rand.Rand {
	if b == 0 {
		return rand.New(rand.NewPCG(seed, 0))
	}
	return rand.New(rand.NewPCG(DeriveSeed(seed, uint64(b)), uint64(b)))
}

// evalSums are the running sums of a streamed evaluation.
type evalSums struct {
	sumLD []float64 // Σ_i log p_hat_{i,d}
	ss    []float64 // Σ_i (mean_{i,d} - y_{i,d})²
	exact float64   // -Σ_i log p(y_i | x_i)
	cal   *eval.CalibrationAccumulator
	buf   *mat.Dense
}

// evaluateBlocks is Evaluate without PerClass.
func evaluateBlocks(ctx context.Context, m models.Model, X, Y *mat.Dense, sigmaY []float64, P int, seed uint64, opts Options) (Evaluation, error) {
	if err := checkEvalArgs(X, Y, sigmaY, P); err != nil {
		return Evaluation{}, err
	}
	n, dx := X.Dims()
	_, dy := Y.Dims()
	if opts.LogDensities != nil {
		if r, c := opts.LogDensities.Dims(); r != n || c != dy {
			return Evaluation{}, fmt.Errorf("evaluate: a %d x %d matrix for the log densities of %d points x %d outputs", r, c, n, dy)
		}
	}
	capFloats := EvalBlockFloats
	if opts.BlockFloats > 0 {
		capFloats = opts.BlockFloats
	}
	rows := blockRows(P, dy, capFloats)
	nBlocks := (n + rows - 1) / rows
	s := &evalSums{sumLD: make([]float64, dy), ss: make([]float64, dy), cal: eval.NewCalibrationAccumulator(dy)}
	ld, hasLD := m.(models.LogDensityer)
	prog := newEvalProgress(opts, n, nBlocks)
	ok := false
	defer func() { prog.finish(ok) }()
	for b := 0; b < nBlocks; b++ {
		if err := ctx.Err(); err != nil {
			return Evaluation{}, err
		}
		i0, i1 := b*rows, min(n, (b+1)*rows)
		Xb := X.Slice(i0, i1, 0, dx).(*mat.Dense)
		Yb := Y.Slice(i0, i1, 0, dy).(*mat.Dense)
		if err := s.addBlock(m, Xb, Yb, P, BlockRNG(seed, b), opts.Jobs); err != nil {
			return Evaluation{}, err
		}
		if opts.LogDensities != nil {
			opts.LogDensities.Slice(i0, i1, 0, dy).(*mat.Dense).Copy(s.buf)
		}
		if hasLD {
			v := ld.LogDensity(Xb, Yb)
			if len(v) != i1-i0 {
				return Evaluation{}, fmt.Errorf("evaluate: model %s gave %d log densities for %d points", m.Name(), len(v), i1-i0)
			}
			for _, x := range v {
				s.exact -= x
			}
		}
		prog.block(i1, b+1)
	}
	ok = true
	ev := s.result(n, P, sigmaY)
	ev.Blocks = nBlocks
	if hasLD {
		e := s.exact/float64(n) + eval.ToOriginalScaleOutputs(0, sigmaY)
		ev.ExactNLL = &e
	}
	return ev, nil
}

// addBlock draws P samples for the block's points from rng and adds their
// KDE log densities and calibration (each scored by jobs goroutines) and
// squared errors to the sums; the samples are dropped afterwards (s.buf keeps
// the block's log densities).
func (s *evalSums) addBlock(m models.Model, Xb, Yb *mat.Dense, P int, rng *rand.Rand, jobs int) error {
	nb, dy := Yb.Dims()
	ys, _ := m.Sample(Xb, P, rng)
	if r, c := ys.Dims(); r != P || c != nb*dy {
		return fmt.Errorf("evaluate: model %s drew %d x %d samples for %d points x %d outputs (want %d x %d)",
			m.Name(), r, c, nb, dy, P, nb*dy)
	}
	var err error
	if s.buf, err = eval.KDELogDensitiesJobs(ys, Yb, s.buf, jobs); err != nil {
		return err
	}
	if err := s.cal.AddJobs(ys, Yb, jobs); err != nil {
		return err
	}
	mean, _ := eval.SampleMeanStd(ys)
	for i := 0; i < nb; i++ {
		for d := 0; d < dy; d++ {
			s.sumLD[d] += s.buf.At(i, d)
			r := mean[i*dy+d] - Yb.At(i, d)
			s.ss[d] += r * r
		}
	}
	return nil
}

// result turns the sums over n points into the metrics (without the exact
// NLL and the block count).
func (s *evalSums) result(n, P int, sigmaY []float64) Evaluation {
	dy := len(sigmaY)
	perStd := eval.NLLFromLogDensitySums(s.sumLD, n)
	ev := Evaluation{Outputs: make([]OutputMetrics, dy)}
	var ss2 float64
	for d := range ev.Outputs {
		rmse := math.Sqrt(s.ss[d]/float64(n)) * sigmaY[d]
		ev.Outputs[d] = OutputMetrics{NLLStd: perStd[d], NLL: eval.ToOriginalScale(perStd[d], sigmaY[d]), RMSE: rmse}
		ss2 += rmse * rmse
	}
	nllStd := eval.SumOutputs(perStd)
	ev.Metrics = results.Metrics{
		NLLStd:  nllStd,
		NLL:     eval.ToOriginalScaleOutputs(nllStd, sigmaY),
		RMSE:    ev.Outputs[0].RMSE,
		NTest:   n,
		Samples: P,
	}
	ev.Calibration = calibrationRecord(s.cal.Result(sigmaY))
	if dy > 1 {
		ev.RMSE = math.Sqrt(ss2 / float64(dy))
	}
	return ev
}
