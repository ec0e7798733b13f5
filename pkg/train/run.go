package train

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"path/filepath"
	"time"

	"github.com/mgpteam/mgp/pkg/checkpoint"
	"github.com/mgpteam/mgp/pkg/config"
	"github.com/mgpteam/mgp/pkg/data"
	"github.com/mgpteam/mgp/pkg/inputerr"
	"github.com/mgpteam/mgp/pkg/models"
	"github.com/mgpteam/mgp/pkg/results"
	"github.com/mgpteam/mgp/pkg/runconfig"
	"github.com/mgpteam/mgp/pkg/rundir"
	"github.com/mgpteam/mgp/pkg/score"
	"gonum.org/v1/gonum/mat"
)

// DefaultCheckpointInterval is how much training time passes between two
// checkpoints when train.checkpoint_every is 0.
const DefaultCheckpointInterval = 5 * time.Minute

// Options are the run's environment: where data and outputs live, where
// progress goes, and provenance strings for the result.
type Options struct {
	DataDir string
	OutDir  string // when empty nothing is written
	Log     io.Writer
	TTY     bool
	Command string
	Version string
	Quiet   bool
	// Variant names the overrides the run was made with (recorded in
	// result.json and the checkpoint).
	Variant string
	// Resume continues the run from OutDir's checkpoint.
	Resume bool
	// Restart discards OutDir's checkpoint.json and result.json, if any,
	// and trains the run from its first iteration (overriding Resume).
	Restart bool
	// ResumeHint is how to continue after an interruption, for the message
	// (default: the command with --resume).
	ResumeHint string
	// CheckpointInterval overrides DefaultCheckpointInterval.
	CheckpointInterval time.Duration
	// AfterStep, when set, is called after every iteration (and after that
	// iteration's checkpoint, if one was written).
	AfterStep func(it int)
}

// InterruptedError reports a run stopped by its context (Ctrl-C, SIGTERM)
// and where its checkpoint is. It wraps the context's error.
type InterruptedError struct {
	// Iter and Total are the completed and the planned iterations.
	Iter, Total int
	// Phase is what was under way: loading, training or evaluation.
	Phase string
	// Checkpoint is the checkpoint written ("" when none was).
	Checkpoint string
	// Resume says how to continue.
	Resume string
	// Err is the context's error.
	Err error
}

// Error says what was interrupted, what was saved and how to continue.
func (e *InterruptedError) Error() string {
	msg := fmt.Sprintf("interrupted during %s", e.Phase)
	if e.Phase != "loading" {
		msg += fmt.Sprintf(" after iteration %d of %d", e.Iter, e.Total)
	}
	if e.Checkpoint != "" {
		msg += "; checkpoint written to " + e.Checkpoint
	} else {
		msg += "; nothing was written"
	}
	if e.Resume != "" {
		msg += "; continue with: " + e.Resume
	}
	return msg
}

// Unwrap returns the context's error.
func (e *InterruptedError) Unwrap() error { return e.Err }

// ErrComplete marks a resume of a run that has already finished.
var ErrComplete = errors.New("run is already complete")

// Outcome is what a run produced.
type Outcome struct {
	Result *results.Result
	Model  models.Model
	Exp    *Experiment
}

// BuildOptions steer BuildModel.
type BuildOptions struct {
	// Restoring builds a model whose parameters a checkpoint is about to
	// overwrite: its k-means of the inducing inputs, which only sets Z's
	// starting values, is replaced by zeros of the same shape (on nytaxi's
	// 10⁵-row subsample with M = 500, tens of CPU seconds a model). The
	// random draws are the same as without it, and ad.ParamSet.Restore
	// refuses a checkpoint that lacks any parameter, so no zero survives a
	// restore (TestBuildModelRestoringPredictsAlike).
	Restoring bool
}

// BuildModel constructs the config's model for exp with the run seed's
// initialisation stream. Its k-means of the inducing inputs gives up early
// when ctx ends (the caller must check ctx afterwards and discard the
// model).
func BuildModel(ctx context.Context, cfg runconfig.RunConfig, exp *Experiment, opts BuildOptions) (models.Model, error) {
	km := func(X *mat.Dense, M int, seed uint64) *mat.Dense { return data.KMeansCtx(ctx, X, M, seed) }
	if opts.Restoring {
		km = func(X *mat.Dense, M int, _ uint64) *mat.Dense {
			_, c := X.Dims()
			return mat.NewDense(M, c, nil)
		}
	}
	return cfg.Model.Build(models.Spec{
		X: exp.XTrain, Y: exp.YTrain, Seed: score.DeriveSeed(cfg.Train.Seed, streamInit), KMeans: km,
		Restoring: opts.Restoring,
	})
}

// Run trains and evaluates one configuration and, when opts.OutDir is set,
// writes checkpoint.json (periodically, on interruption and at the end) and
// result.json there, each atomically; result.json comes last, so its
// presence means the run is complete. With opts.Resume it continues from
// the directory's checkpoint and ends bit-identical to an uninterrupted run.
func Run(ctx context.Context, cfg runconfig.RunConfig, opts Options) (*Outcome, error) {
	r, err := prepare(ctx, cfg, opts)
	if err != nil {
		return nil, err
	}
	if err := r.load(); err != nil {
		return nil, err
	}
	if err := r.newTrainer(); err != nil {
		return nil, err
	}
	if r.finishing() {
		res, ok, err := r.rebuild()
		if err != nil {
			return nil, err
		}
		if ok {
			return &Outcome{Result: res, Model: r.m, Exp: r.exp}, nil
		}
	}
	res, err := r.train()
	if err != nil {
		return nil, err
	}
	return &Outcome{Result: res, Model: r.m, Exp: r.exp}, nil
}

// dataInfo records the experiment's standardisation and column names.
func dataInfo(exp *Experiment) *checkpoint.DataInfo {
	n, _ := exp.XTrain.Dims()
	return &checkpoint.DataInfo{Std: exp.Std, XNames: exp.XNames, YNames: exp.YNames, NTrain: n}
}

// LoadRun rebuilds a saved run's experiment and model from its checkpoint.
// The model samples its own predictive; RunPredictive(ck) is the one the
// run settled on.
func LoadRun(runDir, dataDir string) (*checkpoint.Checkpoint, *Experiment, models.Model, error) {
	ck, err := checkpoint.Load(filepath.Join(runDir, rundir.CheckpointFile))
	if err != nil {
		return nil, nil, nil, &inputerr.Error{Err: err}
	}
	exp, err := LoadExperiment(ck.Config.Data, dataDir)
	if err != nil {
		return nil, nil, nil, &inputerr.Error{Err: err}
	}
	if ck.DataFingerprint != "" && ck.DataFingerprint != exp.Fingerprint {
		return nil, nil, nil, &inputerr.Error{Err: fmt.Errorf("%s was trained on other data than %s's now (data fingerprint %s in its checkpoint, %s now): the data file or the split changed since; put the data back as they were, or train the run again",
			runDir, exp.Name, checkpoint.Abbrev(ck.DataFingerprint), checkpoint.Abbrev(exp.Fingerprint))}
	}
	m, err := BuildModel(context.Background(), ck.Config, exp, BuildOptions{Restoring: true})
	if err != nil {
		return nil, nil, nil, &inputerr.Error{Err: err}
	}
	if err := ck.Restore(m.Params()); err != nil {
		return nil, nil, nil, &inputerr.Error{Err: fmt.Errorf("%s: %w", runDir, err)}
	}
	if _, ok := m.(models.PlugInSampler); RunPredictive(ck) == models.PlugIn && !ok {
		return nil, nil, nil, &inputerr.Error{Err: fmt.Errorf("%s: the checkpoint predicts with latent variables at their means, but model %s has none", runDir, ck.Config.ModelName())}
	}
	return ck, exp, m, nil
}

// Reevaluate scores a restored model again on exp's test split, with the
// predictive pred and a given seed (samples <= 0: the run's eval.samples)
// and evaluation's options (progress, the per-point log densities, the
// mnist estimator). An mnist run is scored as training scored it, once per
// class (opts.PerClass is set from exp's scoring; same seed, same draws),
// with opts.Estimator; its Evaluation has the metrics only, and
// opts.LogDensities its per-pixel log densities under the KDE estimators.
// Other data sets take only the KDE estimator.
func Reevaluate(ctx context.Context, ck *checkpoint.Checkpoint, exp *Experiment, m models.Model, pred models.Predictive, samples int, seed uint64, opts score.Options) (score.Evaluation, error) {
	if samples <= 0 {
		samples = ck.Config.Eval.Samples
	}
	pm, err := models.WithPredictive(m, pred)
	if err != nil {
		return score.Evaluation{}, &inputerr.Error{Err: err}
	}
	opts.PerClass = scoredPerClass(exp)
	if !opts.PerClass && opts.Estimator != "" && opts.Estimator != score.EstimatorKDE {
		return score.Evaluation{}, &inputerr.Error{Err: fmt.Errorf("NLL estimator %q is an option of the mnist table (models.md §9.4, A-46); data set %s is scored with the KDE", opts.Estimator, exp.Name)}
	}
	ev, err := score.Evaluate(ctx, pm, exp.XTest, exp.YTest, exp.Std.YStd, samples, score.DeriveSeed(seed, streamEval), opts)
	if opts.PerClass {
		ev.PointNLL = nil
	}
	return ev, err
}

// NewRNG returns a generator for an explicit seed (prediction sampling).
func NewRNG(seed uint64) *rand.Rand {
	return rand.New(rand.NewPCG(score.DeriveSeed(seed, streamEval), 0))
}

// checkInducing refuses more inducing points than training rows: k-means
// cannot place them, and the cost (O(M³) per step) buys nothing.
func checkInducing(cfg runconfig.RunConfig, exp *Experiment) error {
	n, _ := exp.XTrain.Dims()
	m, ok := cfg.Model.Int("m")
	if !ok {
		return nil
	}
	if m > n {
		return config.Errorf("model.m", "model.m = %d inducing points but the training set of %s has %d rows: use at most %d (the paper uses 100)", m, exp.Name, n, n)
	}
	return nil
}

// checkInducingParams catches what checkInducing cannot see before the
// model exists: a model's default number of inducing points (no model.m in
// the config) above the training rows. The model lists its inducing inputs
// (models.InducingInputter).
func checkInducingParams(m models.Model, exp *Experiment) error {
	ii, ok := m.(models.InducingInputter)
	if !ok {
		return nil
	}
	n, _ := exp.XTrain.Dims()
	for _, p := range ii.InducingInputs() {
		if r, _ := p.Raw.Dims(); r > n {
			return fmt.Errorf("model %s uses %d inducing points (%s) but the training set of %s has %d rows: set model.m to at most %d",
				m.Name(), r, p.Name, exp.Name, n, n)
		}
	}
	return nil
}

// RunDiagnostics recomputes a restored model's diagnostics (nil for a
// model without any) on the rows its run trained on: the training split
// less the held-out part when the run held one out, as at the end of
// training, so that a run's own diagnostics come back unchanged.
func RunDiagnostics(ck *checkpoint.Checkpoint, exp *Experiment, m models.Model) (map[string]float64, error) {
	d, ok := m.(models.Diagnoser)
	if !ok {
		return nil, nil
	}
	cfg := ck.Config
	if cfg.Train.Validation > 0 {
		var err error
		if exp, _, err = splitValidation(exp, cfg.Train.Validation, score.DeriveSeed(cfg.Train.Seed, streamValidation)); err != nil {
			return nil, &inputerr.Error{Err: err}
		}
	}
	return d.Diagnostics(exp.XTrain, exp.YTrain), nil
}

// train fits, evaluates and writes the run (the stages after the trainer
// is set up): the result it wrote.
func (r *run) train() (*results.Result, error) {
	if err := r.fit(); err != nil {
		return nil, err
	}
	res, err := r.evaluate()
	if err != nil {
		return nil, err
	}
	if err := r.write(res); err != nil {
		return nil, err
	}
	return res, nil
}
