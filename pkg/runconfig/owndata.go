package runconfig

import (
	"math"

	"github.com/mgpteam/mgp/pkg/config"
	"github.com/mgpteam/mgp/pkg/models"
)

// The small-data path's constants (docs/compare.md, docs/own-data.md).
const (
	// FullBatchRows is the most training rows on which the models that
	// can (models.CompareSettings.LBFGS) train with full-batch L-BFGS, and
	// the models with a small-data schedule (models.Schedule) with it,
	// instead of minibatch Adam at 0.005: one objective evaluation then
	// costs O(N M² + M³), about 10 ms at N = 5,000 and M = 100.
	FullBatchRows = 5000
	// LBFGSIterations is the most iterations of a full-batch L-BFGS run
	// (each a few objective evaluations): it trains on every training row,
	// nothing held out, until it converges (the objective changes by less
	// than the L-BFGS tolerance) or reaches this cap, as scikit-learn fits
	// its exact GP regressor; at most a few seconds on 1,000 rows.
	LBFGSIterations = 3000
	// StopEvery is the held-out cadence of Adam runs with early stopping
	// (a model's own finer cadence kept).
	StopEvery = 250
	// OwnDataValidation is the fraction of the training rows held out to
	// select the iteration and stop early.
	OwnDataValidation = 0.1
	// DensityDraws is eval.density_draws for SMGP and DAGP, whose
	// predictive is a mixture over the assignment draws of T experts (the
	// closed-form models ignore it): their held-out checks and test score.
	DensityDraws = 500
	// ContinuousDensityDraws is eval.density_draws for the models whose
	// predictive is a mixture over a continuous latent variable (SLGP,
	// GPCDE, CVAE; models.Caps.ContinuousLatent): their test score only,
	// about 3 s for 100 test rows of an SLGP; they select on the KDE.
	ContinuousDensityDraws = 10000
)

// DefaultStop is the small-data path's early-stopping rule: end a run
// after 10 held-out checks (2,500 iterations at StopEvery) without an
// improvement of the held-out NLL by at least 0.01 nats.
var DefaultStop = StopConfig{Patience: 10, MinDelta: 0.01}

// OwnData describes a run on a user's data for ApplyOwnData.
type OwnData struct {
	// NTrain is the number of training rows (before the held-out part);
	// 0: unknown, no full-batch choice is made.
	NTrain int
	// Iterations is the most optimiser steps (mgp compare's --iterations).
	Iterations int
	// Stop, when enabled, is every run's early stopping: the model then
	// holds out OwnDataValidation of its training rows, checked every
	// StopEvery iterations (its own cadence where finer). Zero: fixed
	// Iterations, selection only where the model's compare settings ask
	// for it (models.CompareSettings.SelectEvery).
	Stop StopConfig
	// Refit: the final fit on every row after split runs (mgp compare
	// --refit) of Iterations steps, the iteration chosen on the splits: no
	// held-out selection, and a small-data schedule followed to that
	// iteration over the splits' SplitIterations (ScheduleTo) instead of
	// decaying over fewer steps.
	Refit           bool
	SplitIterations int
}

// ApplyOwnData sets cfg's train and eval sections for a run of the model
// of entry e on a user's data, the small-data path mgp compare's split
// runs and pkg/fit share: Adam 0.005 on minibatches of 512 for at most
// o.Iterations steps; where the data fit in one batch (FullBatchRows) the
// model's small-data schedule (models.CompareSettings.SmallData) or,
// where it can, full-batch L-BFGS; held-out selection and early stopping
// (o.Stop), on the model's own predictive density (a continuous latent
// model's on the KDE), except for full-batch L-BFGS, which trains on every
// training row until it converges (LBFGSIterations); 200 predictive samples and the density draws of
// its own score; a refit (o.Refit) as OwnData says. The model, data and
// seeds are the caller's.
func ApplyOwnData(cfg *RunConfig, e models.Entry, o OwnData) {
	cfg.Train.Iterations, cfg.Train.BatchSize, cfg.Train.LR, cfg.Train.LogEvery = o.Iterations, 512, 0.005, max(1, o.Iterations/10)
	cfg.Eval.Samples = 200
	cfg.Eval.DensityDraws = DensityDraws
	if e.Caps.ContinuousLatent {
		cfg.Eval.DensityDraws = ContinuousDensityDraws
	}
	every := e.Compare.SelectEvery
	selects := every > 0 && !o.Refit
	if o.Stop.Enabled() && !o.Refit {
		if !selects || every > StopEvery {
			every = StopEvery
		}
		selects = true
		cfg.Train.Stop = o.Stop
	}
	if selects {
		cfg.Train.Validation = OwnDataValidation
		if !e.Caps.ContinuousLatent {
			// A continuous latent model's density needs
			// ContinuousDensityDraws draws: too many for every check, and
			// with fewer it is noisier than the KDE; it selects on the KDE.
			cfg.Train.SelectBy = SelectByDensity
		}
		cfg.Train.SelectEvery = Cadence(every, o.Iterations)
		if e.Compare.SelectPredictive {
			cfg.Eval.Latent = LatentSelect
		}
	}
	smallData := o.NTrain > 0 && o.NTrain <= FullBatchRows
	if sc := e.Compare.SmallData; smallData && !e.Compare.LBFGS && sc.LR > 0 {
		span := min(sc.Iterations, o.Iterations)
		if o.Refit {
			span = min(sc.Iterations, max(o.SplitIterations, o.Iterations))
		}
		cfg.Train.Iterations = min(span, o.Iterations)
		cfg.Train.LR, cfg.Train.LRFinal = ScheduleTo(sc, span, cfg.Train.Iterations)
		cfg.Train.LogEvery = max(1, cfg.Train.Iterations/10)
		if cfg.Train.SelectEvery > 0 {
			cfg.Train.SelectEvery = Cadence(every, cfg.Train.Iterations)
		}
	}
	if e.Compare.WarmStart && smallData && cfg.Model.Config != nil {
		// The model starts from a fit to the data (SHGP's model.init).
		_ = config.Set(cfg.Model.Config, "init", models.InitResiduals)
	}
	if e.Compare.LBFGS && smallData {
		// Full-batch L-BFGS on the model's deterministic bound, on every
		// training row until it converges: holding out a tenth for early
		// stopping cost SGP up to 0.8 nats on a split of 189 rows against
		// the exact GP fitted to them all (results/bench/2026-12-02-sgp-all-rows.md).
		cfg.Train.Optimizer, cfg.Train.BatchSize = OptimizerLBFGS, 0
		cfg.Train.Iterations = min(o.Iterations, LBFGSIterations)
		cfg.Train.LogEvery = max(1, cfg.Train.Iterations/10)
		cfg.Train.Validation, cfg.Train.SelectEvery, cfg.Train.SelectBy, cfg.Train.Stop = 0, 0, "", StopConfig{}
	}
}

// CompareModelConfig returns model name's config as mgp compare trains it
// on nTrain training rows: its defaults with the model's compare settings
// (models.CompareSettings.Configure) and, where the rows fit in one batch
// (0 < nTrain <= FullBatchRows), its small-data sizes (ConfigureSmall);
// nTrain 0: unknown, no small-data sizes.
func CompareModelConfig(name string, nTrain int) (ModelConfig, error) {
	mc, err := NewModelConfig(name, nil)
	if err != nil {
		return ModelConfig{}, err
	}
	e, _ := models.Lookup(name) // NewModelConfig found it
	e.Compare.Configure(mc.Config)
	if nTrain > 0 && nTrain <= FullBatchRows {
		e.Compare.ConfigureSmall(mc.Config)
	}
	return mc, nil
}

// Cadence is the held-out cadence of a run of iterations steps whose
// model checks every `every` steps: at most iterations/20 (twenty checks a
// run), at least 1.
func Cadence(every, iterations int) int { return max(1, min(every, iterations/20)) }

// ScheduleTo returns the learning rates (first, last) of a run of iters
// steps that follows schedule sc over span steps to its iteration iters
// (a refit that stops where the split runs were selected): sc.LR, and the
// rate the span's schedule has at iters, instead of compressing the
// decay into fewer steps.
func ScheduleTo(sc models.Schedule, span, iters int) (lr, lrFinal float64) {
	lrFinal = sc.LRFinal
	if span > 1 && iters < span {
		lrFinal = sc.LR * math.Pow(sc.LRFinal/sc.LR, float64(iters-1)/float64(span-1))
	}
	return sc.LR, lrFinal
}
