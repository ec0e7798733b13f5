package train

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/mgpteam/mgp/internal/awake"
	"github.com/mgpteam/mgp/pkg/checkpoint"
	"github.com/mgpteam/mgp/pkg/models"
	"github.com/mgpteam/mgp/pkg/results"
	"github.com/mgpteam/mgp/pkg/runconfig"
	"github.com/mgpteam/mgp/pkg/score"
	"gonum.org/v1/gonum/mat"
)

// streamValidation seeds the choice of the validation rows and
// streamSelect the predictive draws of the validation evaluations.
const (
	streamValidation = 5
	streamSelect     = 6
)

// Holdout is the validation part of a training split.
type Holdout struct {
	X, Y *mat.Dense
}

// splitValidation moves round(frac·N_train) training rows, chosen by a
// permutation seeded from seed, into a validation set; the experiment keeps
// the rest for training. The test split is not touched.
func splitValidation(exp *Experiment, frac float64, seed uint64) (*Experiment, *Holdout, error) {
	n, dx := exp.XTrain.Dims()
	_, dy := exp.YTrain.Dims()
	nv := int(math.Round(frac * float64(n)))
	if nv < 2 || n-nv < 2 {
		return nil, nil, fmt.Errorf("train.validation = %g of %d training rows leaves %d for validation and %d for training: both need at least 2", frac, n, nv, n-nv)
	}
	perm := rand.New(rand.NewPCG(seed, 0)).Perm(n)
	out := *exp
	out.XTrain, out.YTrain = mat.NewDense(n-nv, dx, nil), mat.NewDense(n-nv, dy, nil)
	h := &Holdout{X: mat.NewDense(nv, dx, nil), Y: mat.NewDense(nv, dy, nil)}
	for k, i := range perm {
		if k < nv {
			h.X.SetRow(k, exp.XTrain.RawRowView(i))
			h.Y.SetRow(k, exp.YTrain.RawRowView(i))
		} else {
			out.XTrain.SetRow(k-nv, exp.XTrain.RawRowView(i))
			out.YTrain.SetRow(k-nv, exp.YTrain.RawRowView(i))
		}
	}
	return &out, h, nil
}

// selector evaluates the validation NLL every Every iterations and keeps the
// best parameters.
type selector struct {
	m       models.Model
	h       *Holdout
	ystd    []float64
	samples int
	seed    uint64
	every   int
	// stop is the early-stopping rule (train.stop; zero: none).
	stop  runconfig.StopConfig
	state checkpoint.Selection
	// byDensity: the checks score the model's own predictive density
	// (train.select_by: density) with densityDraws mixture components.
	byDensity    bool
	densityDraws int
	// perClass: the held-out part is scored as the run's test split is,
	// once per class for mnist (scoredPerClass; pointScores follows it).
	perClass bool
}

// newSelector returns the held-out selector of a run on exp with config
// cfg over the held-out part h, scoring as the run's test evaluation does.
func newSelector(m models.Model, h *Holdout, exp *Experiment, cfg runconfig.RunConfig) *selector {
	return &selector{m: m, h: h, ystd: exp.Std.YStd, samples: cfg.Eval.Samples, seed: cfg.Train.Seed,
		every: cfg.Train.SelectEvery, stop: cfg.Train.Stop, perClass: scoredPerClass(exp),
		byDensity: cfg.Train.SelectBy == runconfig.SelectByDensity, densityDraws: cfg.Eval.DensityDraws}
}

// beforeCheck, when set (by tests only), is called at the start of every
// validation check.
var beforeCheck func(it int)

// check evaluates the validation NLL at iteration it (a multiple of every,
// or the last) and keeps the parameters when they are the best so far.
// Non-finite validation NLLs never win.
func (s *selector) check(ctx context.Context, it int) error {
	if beforeCheck != nil {
		beforeCheck(it)
	}
	t0 := awake.Now()
	met, err := s.checkScore(ctx, it)
	if err != nil {
		return err
	}
	s.state.Seconds += (awake.Now() - t0).Seconds()
	s.state.Trace = append(s.state.Trace, results.ValPoint{Iter: it, NLL: met.NLL})
	if !math.IsNaN(met.NLL) && !math.IsInf(met.NLL, 0) && (s.state.Params == nil || met.NLL < s.state.NLL) {
		s.state.Iter, s.state.NLL = it, met.NLL
		s.state.Params = checkpoint.Snapshot(s.m.Params())
	}
	return nil
}

// score evaluates the model's parameters as they are, with the predictive
// pred, on the held-out part with the draws of iteration it's check.
func (s *selector) score(ctx context.Context, it int, pred models.Predictive) (results.Metrics, error) {
	m, seed, err := s.scoring(it, pred)
	if err != nil {
		return results.Metrics{}, err
	}
	ev, err := score.Evaluate(ctx, m, s.h.X, s.h.Y, s.ystd, s.samples, seed, score.Options{PerClass: s.perClass})
	return ev.Metrics, err
}

// checkScore is the held-out score of iteration it's check: the KDE NLL
// of the draws (score), or with train.select_by: density the model's own
// predictive density NLL in the Metrics' NLL.
func (s *selector) checkScore(ctx context.Context, it int) (results.Metrics, error) {
	if !s.byDensity {
		return s.score(ctx, it, models.Draws)
	}
	nv, _ := s.h.X.Dims()
	nll, ok, err := score.DensityNLL(ctx, s.m, s.h.X, s.h.Y, s.ystd, s.densityDraws, score.DeriveSeed(s.seed, streamDensitySelect+16*uint64(it)))
	if err == nil && !ok {
		err = fmt.Errorf("train.select_by = density: model %s has no predictive density here", s.m.Name())
	}
	return results.Metrics{NLL: nll, NTest: nv}, err
}

// scoring returns the model with the predictive pred and the sampling seed
// of iteration it's check, which score and pointScores share.
func (s *selector) scoring(it int, pred models.Predictive) (models.Model, uint64, error) {
	m, err := models.WithPredictive(s.m, pred)
	return m, score.DeriveSeed(s.seed, streamSelect+16*uint64(it)), err
}

// restoreBest puts the selected parameters into the model.
func (s *selector) restoreBest() error {
	if s.state.Params == nil {
		return fmt.Errorf("held-out selection: no finite validation NLL at any check; the run diverged")
	}
	ck := &checkpoint.Checkpoint{Params: s.state.Params}
	return ck.Restore(s.m.Params())
}

// catchUp runs the check of iteration it when it is due and not yet made:
// a run interrupted between a step and its check resumes with the check.
func (s *selector) catchUp(ctx context.Context, it int) error {
	if it%s.every != 0 {
		return nil
	}
	return s.finish(ctx, it)
}

// finish makes the check of iteration it unless the trace already has it
// (the last iteration's check when the cadence skipped it).
func (s *selector) finish(ctx context.Context, it int) error {
	if n := len(s.state.Trace); n == 0 || s.state.Trace[n-1].Iter < it {
		return s.check(ctx, it)
	}
	return nil
}
