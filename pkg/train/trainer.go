package train

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"time"

	"github.com/mgpteam/mgp/internal/awake"
	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"github.com/mgpteam/mgp/pkg/data"
	"github.com/mgpteam/mgp/pkg/models"
	"github.com/mgpteam/mgp/pkg/results"
	"github.com/mgpteam/mgp/pkg/runconfig"
	"github.com/mgpteam/mgp/pkg/score"
	"gonum.org/v1/gonum/mat"
)

// Seed streams derived from one run seed (models.md §7: independent streams
// for initialisation, batching and Monte Carlo noise; score.DeriveSeed).
const (
	streamInit  = 1
	streamBatch = 2
	streamMC    = 3
	streamEval  = 4
)

// NaNError reports a non-finite objective or gradient, naming the iteration.
type NaNError struct {
	Iter int
	What string
}

// Error names the iteration and what went non-finite.
func (e *NaNError) Error() string {
	return fmt.Sprintf("training diverged at iteration %d: %s; try a smaller train.lr or check the data for extreme values", e.Iter, e.What)
}

// Trainer is the training loop of one model together with everything it
// needs to continue exactly after an interruption: the optimiser's moments,
// the batch and Monte Carlo generators, the iteration and the trace. The
// model's parameters live in the model; State and Restore cover the rest.
type Trainer struct {
	m       models.Model
	X, Y    *mat.Dense
	cfg     runconfig.TrainConfig
	n       int
	batcher *data.Batcher
	mcSrc   *rand.PCG
	mc      *rand.Rand
	opt     *ad.Adam
	lbfgs   *ad.LBFGS // nil unless train.optimizer is lbfgs
	tape    *ad.Tape
	xb, yb  *mat.Dense

	iter     int
	lastELBO float64 // the objective of the last Adam step
	evals    uint64
	trace    []results.TracePoint
	elapsed  float64       // training seconds of earlier sessions
	evalSec  float64       // the part of the training seconds spent in Eval and Diag
	started  time.Duration // awake.Now at the start of this session's Run
	running  bool

	// Eval, when set and cfg.EvalEvery > 0, is called every EvalEvery
	// iterations with the 1-based count of evaluations so far (so that a
	// resumed run seeds its k-th evaluation as an uninterrupted one would);
	// its value goes into the trace.
	Eval func(k uint64) float64
	// Diag, when set, is called at every evaluation of Eval; its
	// diagnostics go into the same trace point.
	Diag func() map[string]float64
	// AfterStep, when set, is called after every completed iteration; a
	// non-nil error stops training with that error (checkpoints use it).
	AfterStep func(it int) error
	// Stop, when set, is asked before every iteration; true ends Run
	// before cfg.Iterations (early stopping, train.stop).
	Stop func() bool
	// Progress, when set, reports progress.
	Progress *Progress
}

// NewTrainer prepares training of m on the standardised (X, Y) with cfg.
func NewTrainer(m models.Model, X, Y *mat.Dense, cfg runconfig.TrainConfig) *Trainer {
	n, dx := X.Dims()
	_, dy := Y.Dims()
	bs := cfg.BatchSize
	if bs <= 0 || bs > n {
		bs = n
	}
	src := rand.NewPCG(score.DeriveSeed(cfg.Seed, streamMC), 0)
	t := &Trainer{
		m: m, X: X, Y: Y, cfg: cfg, n: n,
		batcher: data.NewBatcher(n, bs, score.DeriveSeed(cfg.Seed, streamBatch)),
		mcSrc:   src, mc: rand.New(src),
		opt:  ad.NewAdam(m.Params(), cfg.LR),
		tape: ad.NewTape(),
		xb:   mat.NewDense(bs, dx, nil), yb: mat.NewDense(bs, dy, nil),
	}
	if usesLBFGS(cfg) {
		t.lbfgs = t.newLBFGS()
	}
	return t
}

// Iter returns the number of completed iterations.
func (t *Trainer) Iter() int { return t.iter }

// Trace returns the trace recorded so far.
func (t *Trainer) Trace() []results.TracePoint { return t.trace }

// Seconds returns the training time of this and all earlier sessions,
// counted on the process's awake clock: time the process was stopped
// (SIGSTOP, then SIGCONT) is not training time.
func (t *Trainer) Seconds() float64 {
	if !t.running {
		return t.elapsed
	}
	return t.elapsed + (awake.Now() - t.started).Seconds()
}

// EvalSeconds returns the part of Seconds spent on the traced
// evaluations (Eval and Diag), over all sessions.
func (t *Trainer) EvalSeconds() float64 { return t.evalSec }

// Run trains until cfg.Iterations iterations are complete or Stop says
// to end (asked before every iteration, so a resumed trainer whose
// checkpoint was written after the stopping check does not step again).
// Cancelling ctx
// stops it before the next iteration with ctx's error; the trainer is then
// in a consistent state after its last completed iteration (Iter), ready
// for State.
func (t *Trainer) Run(ctx context.Context) error {
	if t.Progress != nil {
		t.Progress.Total = t.cfg.Iterations
		t.Progress.StartAt(t.iter)
	}
	t.started, t.running = awake.Now(), true
	defer func() {
		t.elapsed += (awake.Now() - t.started).Seconds()
		t.running = false
	}()
	for t.iter < t.cfg.Iterations {
		if t.Stop != nil && t.Stop() {
			return nil
		}
		if t.Converged() != "" {
			return nil
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		if err := t.step(); err != nil {
			return err
		}
		if t.AfterStep != nil {
			if err := t.AfterStep(t.iter); err != nil {
				return err
			}
		}
	}
	return nil
}

// step takes iteration t.iter+1.
func (t *Trainer) step() error {
	it := t.iter + 1
	var elbo float64
	if t.lbfgs != nil {
		var err error
		if elbo, err = t.stepLBFGS(); err != nil {
			return err
		}
	} else if err := t.stepAdam(it); err != nil {
		return err
	} else {
		elbo = t.lastELBO
	}
	t.iter = it
	t.record(it, elbo)
	t.traceLBFGSEnd(it, elbo)
	return nil
}

// stepAdam takes Adam step it on the next minibatch.
func (t *Trainer) stepAdam(it int) error {
	idx := t.batcher.Next()
	t.xb = data.GatherRows(t.xb, t.X, idx)
	t.yb = data.GatherRows(t.yb, t.Y, idx)
	t.tape.Reset()
	obj := t.m.Objective(t.tape, models.Step{X: t.xb, Y: t.yb, N: t.n, Iter: it, Rng: t.mc})
	if err := t.tape.Err(); err != nil {
		return &NaNError{Iter: it, What: err.Error()}
	}
	elbo := obj.Scalar()
	if math.IsNaN(elbo) || math.IsInf(elbo, 0) {
		return &NaNError{Iter: it, What: fmt.Sprintf("objective is %v", elbo)}
	}
	t.tape.Backward(t.tape.Neg(obj))
	if err := t.opt.CheckGrads(); err != nil {
		return &NaNError{Iter: it, What: err.Error()}
	}
	t.opt.LR = LearningRate(t.cfg, it)
	t.opt.Step()
	t.lastELBO = elbo
	return nil
}

// record puts iteration it's ELBO into the trace when due, runs the
// periodic evaluation and reports progress.
func (t *Trainer) record(it int, elbo float64) {
	cfg := t.cfg
	if cfg.TraceEvery > 0 && (it%cfg.TraceEvery == 0 || it == 1) {
		t.trace = append(t.trace, results.TracePoint{Iter: it, ELBO: elbo})
	}
	if t.Eval != nil && cfg.EvalEvery > 0 && it%cfg.EvalEvery == 0 {
		t0 := awake.Now()
		t.evals++
		v := t.Eval(t.evals)
		if n := len(t.trace); n == 0 || t.trace[n-1].Iter != it {
			t.trace = append(t.trace, results.TracePoint{Iter: it, ELBO: elbo})
		}
		p := &t.trace[len(t.trace)-1]
		p.TestNLL = &v
		if t.Diag != nil {
			p.Diagnostics = t.Diag()
		}
		t.evalSec += (awake.Now() - t0).Seconds()
	}
	t.Progress.Update(it, elbo)
}

// Fit trains m on (X, Y) (standardised) for cfg.Iterations Adam steps. When
// evalFn is non-nil and cfg.EvalEvery > 0 it is called every EvalEvery
// iterations and its value goes into the trace. Cancelling ctx stops
// training with ctx's error. It is a Trainer without checkpoints.
func Fit(ctx context.Context, m models.Model, X, Y *mat.Dense, cfg runconfig.TrainConfig, prog *Progress,
	evalFn func() float64) ([]results.TracePoint, error) {
	t := NewTrainer(m, X, Y, cfg)
	t.Progress = prog
	if evalFn != nil {
		t.Eval = func(uint64) float64 { return evalFn() }
	}
	err := t.Run(ctx)
	return t.trace, err
}
