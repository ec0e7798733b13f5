package train

import (
	"fmt"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"github.com/mgpteam/mgp/pkg/config"
	"github.com/mgpteam/mgp/pkg/models"
	"github.com/mgpteam/mgp/pkg/results"
	"github.com/mgpteam/mgp/pkg/runconfig"
	"github.com/mgpteam/mgp/pkg/score"
)

// usesLBFGS reports whether cfg trains with L-BFGS.
func usesLBFGS(cfg runconfig.TrainConfig) bool { return cfg.Optimizer == runconfig.OptimizerLBFGS }

// newLBFGS returns the L-BFGS optimiser of t over the model's parameters,
// starting from their current values. Its objective is the negative ELBO
// per point on the whole training set: the rows are taken in their stored
// order every time, so the value is a pure function of the parameters, as
// L-BFGS needs.
func (t *Trainer) newLBFGS() *ad.LBFGS {
	set := t.m.Params()
	fn := ad.TapeObjective(set, t.tape, func(tp *ad.Tape) *ad.Var {
		return t.m.Objective(tp, models.Step{X: t.X, Y: t.Y, N: t.n, Iter: t.iter + 1, Rng: t.mc})
	})
	return ad.NewLBFGS(fn, set.Flatten(nil))
}

// stepLBFGS takes L-BFGS iteration t.iter+1 and leaves the model's
// parameters at its new point.
func (t *Trainer) stepLBFGS() (float64, error) {
	it := t.iter + 1
	err := t.lbfgs.Step()
	t.m.Params().Unflatten(t.lbfgs.X())
	if err != nil {
		return 0, &NaNError{Iter: it, What: err.Error()}
	}
	return -t.lbfgs.F(), nil
}

// traceLBFGSEnd records the objective of an L-BFGS run's last iteration it
// (converged, or the cap) in the trace where the trace cadence missed it:
// a run without held-out selection is then known by its final training
// objective (mgp compare's best split of such a model).
func (t *Trainer) traceLBFGSEnd(it int, elbo float64) {
	if t.lbfgs == nil || t.cfg.TraceEvery <= 0 || (it < t.cfg.Iterations && t.lbfgs.Converged() == "") {
		return
	}
	if n := len(t.trace); n == 0 || t.trace[n-1].Iter != it {
		t.trace = append(t.trace, results.TracePoint{Iter: it, ELBO: elbo})
	}
}

// Converged returns why L-BFGS stopped before the last iteration ("" for
// Adam, or while L-BFGS can go on).
func (t *Trainer) Converged() string {
	if t.lbfgs == nil {
		return ""
	}
	return t.lbfgs.Converged()
}

// checkLBFGS refuses train.optimizer lbfgs for a model whose objective is
// random (Monte Carlo) or for minibatches smaller than the training set.
func checkLBFGS(cfg runconfig.TrainConfig, m models.Model, nTrain int) error {
	if !usesLBFGS(cfg) {
		return nil
	}
	if d, ok := m.(models.DeterministicObjective); !ok || !d.DeterministicObjective() {
		return fmt.Errorf("train.optimizer = lbfgs needs a deterministic objective, and %s's is a Monte Carlo estimate: use train.optimizer: adam", m.Name())
	}
	if cfg.BatchSize > 0 && cfg.BatchSize < nTrain {
		return fmt.Errorf("train.optimizer = lbfgs trains on the full batch, and train.batch_size = %d is below the %d training rows: set train.batch_size to 0", cfg.BatchSize, nTrain)
	}
	return nil
}

// checkSelectBy refuses train.select_by density for a model without a
// predictive density at the run's eval.density_draws.
func checkSelectBy(cfg runconfig.RunConfig, m models.Model) error {
	if cfg.Train.SelectBy != runconfig.SelectByDensity || score.HasDensity(m, cfg.Eval.DensityDraws) {
		return nil
	}
	if _, ok := m.(models.MixturePredictor); ok {
		return config.Errorf("eval.density_draws", "train.select_by = density scores %s's predictive mixture, and eval.density_draws is 0: set it, e.g. 1000", m.Name())
	}
	return config.Errorf("train.select_by", "train.select_by = density: model %s has no predictive density; use train.select_by: kde", m.Name())
}
