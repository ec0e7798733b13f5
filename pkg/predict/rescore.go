package predict

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"

	"github.com/mgpteam/mgp/pkg/checkpoint"
	"github.com/mgpteam/mgp/pkg/models"
	"github.com/mgpteam/mgp/pkg/results"
	"github.com/mgpteam/mgp/pkg/runconfig"
	"github.com/mgpteam/mgp/pkg/rundir"
	"github.com/mgpteam/mgp/pkg/score"
	"github.com/mgpteam/mgp/pkg/train"
	"gonum.org/v1/gonum/mat"
)

// Run is a saved run restored with its data, to be scored again on its
// test set.
type Run struct {
	// Dir is the run directory.
	Dir string
	// Checkpoint is the run's checkpoint.
	Checkpoint *checkpoint.Checkpoint
	// Experiment holds the run's data: the standardised train and test
	// sets as the run split them.
	Experiment *train.Experiment
	// Model is the restored model; it samples its own predictive (the
	// draws), whatever the run settled on.
	Model models.Model
}

// LoadRun restores the run in dir with its data, read below dataDir. Data
// that changed since the run was trained are refused.
func LoadRun(dir, dataDir string) (*Run, error) {
	ck, exp, m, err := train.LoadRun(dir, dataDir)
	if err != nil {
		return nil, err
	}
	return &Run{Dir: dir, Checkpoint: ck, Experiment: exp, Model: m}, nil
}

// RescoreOptions set how Rescore scores a run.
type RescoreOptions struct {
	// Latent picks the predictive of a latent model: "" for the run's own
	// (eval.latent), runconfig.LatentDraws, runconfig.LatentMean or
	// runconfig.LatentSelect (the one with the lower NLL on the run's
	// held-out validation part).
	Latent string
	// Samples is the number of predictive samples per test point (at
	// most 0: the run's eval.samples).
	Samples int
	// Seed, when set, seeds the sampling; nil takes the run's train.seed,
	// which reproduces its result.
	Seed *uint64
	// Estimator is an mnist run's NLL estimator (score.Estimators; "" is
	// the paper's KDE).
	Estimator string
	// DensityDraws, when positive, also scores the model's own predictive
	// density (Metrics.DensityNLL) with so many mixture components where
	// it has no closed form (0: the run's eval.density_draws; the run's
	// seed reproduces its density_nll).
	DensityDraws int
	// Points keeps every test point's log densities, for WritePoints.
	Points bool
	// Jobs is how many goroutines score the KDE (at most 0: the run's
	// eval.jobs); the metrics are the same bits for every value.
	Jobs int
	// Progress, when set, receives the evaluation's progress lines.
	Progress io.Writer
	// Label prefixes the progress lines (default "evaluate").
	Label string
	// Chosen, when set, is called with the held-out choice under
	// runconfig.LatentSelect, before the test set is scored.
	Chosen func(Choice)
}

// Choice is the held-out choice of a latent model's predictive.
type Choice struct {
	// Predictive is the one chosen (score.ChoosePredictive).
	Predictive models.Predictive
	// DrawsNLL and PlugInNLL are the validation NLLs of the model's draws
	// and of the plug-in predictive.
	DrawsNLL, PlugInNLL float64
}

// Rescored is a run scored again.
type Rescored struct {
	// Run is the run scored.
	Run *Run
	// Predictive is the predictive scored.
	Predictive models.Predictive
	// Result is the run's result (its result.json, or the copy its
	// complete checkpoint keeps, or a new one) with the new metrics and,
	// when they are finite, the diagnostics of the parameters scored.
	Result *results.Result
	// LogDensities, with RescoreOptions.Points, holds each test point's
	// KDE log density per output on the standardised scale (N × Dy).
	LogDensities *mat.Dense
}

// Rescore scores the run on its test set again, with the predictive,
// samples and seed of o, and recomputes its diagnostics. A run trained on
// every row is refused with a *NoTestSetError, a predictive the model
// cannot take with a *LatentError. Non-finite metrics are no error here:
// Rescored.Finite reports them.
func (r *Run) Rescore(ctx context.Context, o RescoreOptions) (*Rescored, error) {
	ck, exp := r.Checkpoint, r.Experiment
	if o.Samples > runconfig.MaxSamples {
		return nil, &OptionError{Option: "Samples", Value: float64(o.Samples), Reason: fmt.Sprintf("at most %d per test point", runconfig.MaxSamples)}
	}
	if o.DensityDraws > runconfig.MaxDensityDraws {
		return nil, &OptionError{Option: "DensityDraws", Value: float64(o.DensityDraws), Reason: fmt.Sprintf("at most %d", runconfig.MaxDensityDraws)}
	}
	if ck.Config.Data.Split == runconfig.SplitNone {
		return nil, &NoTestSetError{Dir: r.Dir}
	}
	seed := ck.Config.Train.Seed
	if o.Seed != nil {
		seed = *o.Seed
	}
	pred, err := r.predictive(ctx, o)
	if err != nil {
		return nil, err
	}
	opts := score.Options{Progress: o.Progress, Label: o.Label, Estimator: o.Estimator, Jobs: o.Jobs}
	if opts.Jobs <= 0 {
		opts.Jobs = ck.Config.Eval.Jobs
	}
	if o.Points {
		n, dy := exp.YTest.Dims()
		opts.LogDensities = mat.NewDense(n, dy, nil)
	}
	ev, err := train.Reevaluate(ctx, ck, exp, r.Model, pred, o.Samples, seed, opts)
	if err != nil {
		return nil, err
	}
	draws := o.DensityDraws
	if draws <= 0 {
		draws = ck.Config.Eval.DensityDraws
	}
	if ev.Metrics.DensityNLL, err = train.TestDensity(ctx, r.Model, exp, pred, draws, seed); err != nil {
		return nil, err
	}
	res := r.result()
	res.Metrics = ev.Metrics
	if res.Metrics.NonFinite() == "" {
		// The diagnostics of the parameters scored (a model whose
		// predictions overflow has none worth computing).
		if res.Diagnostics, err = train.RunDiagnostics(ck, exp, r.Model); err != nil {
			return nil, err
		}
	}
	return &Rescored{Run: r, Predictive: pred, Result: res, LogDensities: opts.LogDensities}, nil
}

// result is the run's result.json, or the copy of it a complete checkpoint
// keeps when the file is lost, or a new result naming the run.
func (r *Run) result() *results.Result {
	if res, err := results.ReadResult(filepath.Join(r.Dir, rundir.ResultFile)); err == nil {
		return res
	}
	ck := r.Checkpoint
	res := &results.Result{Model: ck.Config.ModelName(), Dataset: r.Experiment.Name, Split: r.Experiment.Split}
	if ck.Result != nil {
		var kept results.Result
		if json.Unmarshal(ck.Result, &kept) == nil {
			res = &kept
		}
	}
	return res
}

// predictive returns the predictive o.Latent asks for.
func (r *Run) predictive(ctx context.Context, o RescoreOptions) (models.Predictive, error) {
	if _, ok := r.Model.(models.PlugInSampler); o.Latent != "" && !ok {
		return "", &LatentError{Latent: o.Latent, Model: r.Checkpoint.Config.ModelName()}
	}
	switch o.Latent {
	case "":
		return train.RunPredictive(r.Checkpoint), nil
	case runconfig.LatentSelect:
		c, err := r.Choose(ctx)
		if err != nil {
			return "", err
		}
		if o.Chosen != nil {
			o.Chosen(c)
		}
		return c.Predictive, nil
	case runconfig.LatentDraws, runconfig.LatentMean:
		return train.PredictiveFor(o.Latent), nil
	}
	return "", &LatentError{Latent: o.Latent, Model: r.Checkpoint.Config.ModelName(), Unknown: true}
}

// Choose scores the run's held-out validation part with the model's
// predictive (draws) and the plug-in one (latent variables at their means)
// and returns the one score.ChoosePredictive picks; the test split is not
// read. Errors are *LatentError wrapping the cause.
func (r *Run) Choose(ctx context.Context) (Choice, error) {
	draws, drawsPts, err := train.ValidationPoints(ctx, r.Checkpoint, r.Experiment, r.Model, models.Draws)
	if err != nil {
		return Choice{}, &LatentError{Latent: runconfig.LatentSelect, Err: err}
	}
	mean, meanPts, err := train.ValidationPoints(ctx, r.Checkpoint, r.Experiment, r.Model, models.PlugIn)
	if err != nil {
		return Choice{}, &LatentError{Latent: runconfig.LatentSelect, Err: err}
	}
	return Choice{Predictive: score.ChoosePredictive(drawsPts, meanPts), DrawsNLL: draws, PlugInNLL: mean}, nil
}

// Finite returns a *NonFiniteError when a metric is NaN or infinite (a
// model whose predictions overflow, or too few samples for the KDE).
func (e *Rescored) Finite() error {
	if bad := e.Result.Metrics.NonFinite(); bad != "" {
		return &NonFiniteError{Metrics: bad}
	}
	return nil
}

// WriteResult writes the result with the new metrics, atomically, as the
// run's result.json, and returns its path.
func (e *Rescored) WriteResult() (string, error) {
	path := filepath.Join(e.Run.Dir, rundir.ResultFile)
	return path, results.WriteJSONAtomic(path, e.Result)
}
