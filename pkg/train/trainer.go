package train

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"github.com/mgpteam/mgp/pkg/data"
	"github.com/mgpteam/mgp/pkg/eval"
	"github.com/mgpteam/mgp/pkg/models"
	"gonum.org/v1/gonum/mat"
)

// Seed streams derived from one run seed (models.md §7: independent streams
// for initialisation, batching and Monte Carlo noise).
const (
	streamInit  = 1
	streamBatch = 2
	streamMC    = 3
	streamEval  = 4
)

// derive returns an independent seed for stream s of seed.
func derive(seed uint64, s uint64) uint64 {
	// splitmix64 of (seed, stream)
	z := seed*0x9E3779B97F4A7C15 + s*0xBF58476D1CE4E5B9 + 0x94D049BB133111EB
	z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9
	z = (z ^ (z >> 27)) * 0x94D049BB133111EB
	return z ^ (z >> 31)
}

// NaNError reports a non-finite objective or gradient, naming the iteration.
type NaNError struct {
	Iter int
	What string
}

// Error names the iteration and what went non-finite.
func (e *NaNError) Error() string {
	return fmt.Sprintf("training diverged at iteration %d: %s; try a smaller train.lr or check the data for extreme values", e.Iter, e.What)
}

// Fit trains m on (X, Y) (standardised) for cfg.Iterations Adam steps. When
// evalFn is non-nil and cfg.EvalEvery > 0 it is called every EvalEvery
// iterations and its value goes into the trace. Cancelling ctx stops
// training with ctx's error.
func Fit(ctx context.Context, m models.Model, X, Y *mat.Dense, cfg TrainConfig, prog *Progress,
	evalFn func() float64) ([]eval.TracePoint, error) {
	n, dx := X.Dims()
	_, dy := Y.Dims()
	bs := cfg.BatchSize
	if bs <= 0 || bs > n {
		bs = n
	}
	batcher := data.NewBatcher(n, bs, derive(cfg.Seed, streamBatch))
	mc := rand.New(rand.NewPCG(derive(cfg.Seed, streamMC), 0))
	opt := ad.NewAdam(m.Params(), cfg.LR)
	tape := ad.NewTape()
	Xb, Yb := mat.NewDense(bs, dx, nil), mat.NewDense(bs, dy, nil)
	var trace []eval.TracePoint
	sched, _ := m.(models.Scheduled)
	if prog != nil {
		prog.Total = cfg.Iterations
		prog.Start()
	}
	for it := 1; it <= cfg.Iterations; it++ {
		if it%64 == 0 {
			if err := ctx.Err(); err != nil {
				return trace, err
			}
		}
		idx := batcher.Next()
		Xb = data.GatherRows(Xb, X, idx)
		Yb = data.GatherRows(Yb, Y, idx)
		tape.Reset()
		if sched != nil {
			sched.SetIteration(it)
		}
		obj := m.Objective(tape, Xb, Yb, n, mc)
		if err := tape.Err(); err != nil {
			return trace, &NaNError{Iter: it, What: err.Error()}
		}
		elbo := obj.Scalar()
		if math.IsNaN(elbo) || math.IsInf(elbo, 0) {
			return trace, &NaNError{Iter: it, What: fmt.Sprintf("objective is %v", elbo)}
		}
		tape.Backward(tape.Neg(obj))
		if err := opt.CheckGrads(); err != nil {
			return trace, &NaNError{Iter: it, What: err.Error()}
		}
		opt.Step()
		if cfg.TraceEvery > 0 && (it%cfg.TraceEvery == 0 || it == 1) {
			trace = append(trace, eval.TracePoint{Iter: it, ELBO: elbo})
		}
		if evalFn != nil && cfg.EvalEvery > 0 && it%cfg.EvalEvery == 0 {
			v := evalFn()
			if len(trace) > 0 && trace[len(trace)-1].Iter == it {
				trace[len(trace)-1].TestNLL = &v
			} else {
				trace = append(trace, eval.TracePoint{Iter: it, ELBO: elbo, TestNLL: &v})
			}
		}
		prog.Update(it, elbo)
	}
	return trace, nil
}
