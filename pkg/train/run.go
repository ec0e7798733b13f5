package train

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"github.com/mgpteam/mgp/pkg/config"
	"github.com/mgpteam/mgp/pkg/data"
	"github.com/mgpteam/mgp/pkg/eval"
	"github.com/mgpteam/mgp/pkg/models"
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
	// ResumeHint is how to continue after an interruption, for the message
	// (default: the command with --resume).
	ResumeHint string
	// CheckpointInterval overrides DefaultCheckpointInterval.
	CheckpointInterval time.Duration
	// AfterStep, when set, is called after every iteration (and after that
	// iteration's checkpoint, if one was written).
	AfterStep func(it int)
}

// InputError marks a failure caused by the run's input (config, data, model
// options) rather than by training; the CLI exits with code 2 for it.
type InputError struct{ Err error }

// Error returns the cause's message.
func (e *InputError) Error() string { return e.Err.Error() }

// Unwrap returns the cause.
func (e *InputError) Unwrap() error { return e.Err }

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
	Result *eval.Result
	Model  models.Model
	Exp    *Experiment
}

// BuildModel constructs the config's model for exp with the run seed's
// initialisation stream.
func BuildModel(cfg RunConfig, exp *Experiment) (models.Model, error) {
	return BuildModelCtx(context.Background(), cfg, exp)
}

// BuildModelCtx is BuildModel whose k-means gives up early when ctx ends
// (the caller must check ctx afterwards and discard the model).
func BuildModelCtx(ctx context.Context, cfg RunConfig, exp *Experiment) (models.Model, error) {
	km := func(X *mat.Dense, M int, seed uint64) *mat.Dense { return data.KMeansCtx(ctx, X, M, seed) }
	return cfg.Model.Build(models.Spec{
		X: exp.XTrain, Y: exp.YTrain, Seed: derive(cfg.Train.Seed, streamInit), KMeans: km,
	})
}

// Run trains and evaluates one configuration and, when opts.OutDir is set,
// writes checkpoint.json (periodically, on interruption and at the end) and
// result.json there, each atomically; result.json comes last, so its
// presence means the run is complete. With opts.Resume it continues from
// the directory's checkpoint and ends bit-identical to an uninterrupted run.
func Run(ctx context.Context, cfg RunConfig, opts Options) (*Outcome, error) {
	if err := cfg.Validate(); err != nil {
		return nil, &InputError{err}
	}
	ckPath := ""
	var prev *Checkpoint
	if opts.OutDir != "" {
		ckPath = filepath.Join(opts.OutDir, CheckpointFile)
		var err error
		if prev, err = checkRunDir(opts.OutDir, cfg, opts.Resume); err != nil {
			return nil, err
		}
	}
	earlier := versionsBefore(prev, opts.Version)
	resume := opts.ResumeHint
	if resume == "" && opts.Command != "" {
		resume = opts.Command
		if !opts.Resume {
			resume += " --resume"
		}
	}
	interrupted := func(phase string, iter int, ck string, err error) error {
		return &InterruptedError{Iter: iter, Total: cfg.Train.Iterations, Phase: phase, Checkpoint: ck, Resume: resume, Err: err}
	}
	exp, err := LoadExperiment(cfg.Data, opts.DataDir)
	if err != nil {
		return nil, &InputError{err}
	}
	var hold *Holdout
	if cfg.Train.Validation > 0 {
		if exp, hold, err = splitValidation(exp, cfg.Train.Validation, derive(cfg.Train.Seed, streamValidation)); err != nil {
			return nil, &InputError{err}
		}
	}
	if err := ctx.Err(); err != nil {
		return nil, interrupted("loading", 0, "", err)
	}
	if err := checkInducing(cfg, exp); err != nil {
		return nil, &InputError{err}
	}
	m, err := BuildModelCtx(ctx, cfg, exp)
	if err := ctx.Err(); err != nil {
		return nil, interrupted("loading", 0, "", err)
	}
	if err != nil {
		return nil, &InputError{err}
	}
	plug, err := plugInFor(cfg, m)
	if err != nil {
		return nil, &InputError{err}
	}
	predictive := "" // the final predictive: LatentMean for the plug-in
	if err := checkInducingParams(m, exp); err != nil {
		return nil, &InputError{err}
	}
	tr := NewTrainer(m, exp.XTrain, exp.YTrain, cfg.Train)
	if prev != nil {
		if err := prev.Restore(m.Params()); err != nil {
			return nil, &InputError{fmt.Errorf("%s: %w", ckPath, err)}
		}
		if err := tr.Restore(prev.State); err != nil {
			return nil, &InputError{fmt.Errorf("%s: %w", ckPath, err)}
		}
	}
	if !opts.Quiet && opts.Log != nil {
		tr.Progress = &Progress{W: opts.Log, TTY: opts.TTY, Every: cfg.Train.LogEvery, Label: fmt.Sprintf("%s/%s", cfg.ModelName(), exp.Name)}
		if prev != nil {
			fmt.Fprintf(opts.Log, "%s/%s: resuming from %s at iteration %d of %d\n", cfg.ModelName(), exp.Name, ckPath, prev.State.Iter, cfg.Train.Iterations)
			if prev.Version != opts.Version {
				fmt.Fprintf(opts.Log, "%s/%s: the checkpoint was written by version %s, this is %s (result.json lists both)\n",
					cfg.ModelName(), exp.Name, prev.Version, opts.Version)
			}
		}
	}
	var sel *selector
	if hold != nil {
		sel = &selector{m: m, h: hold, ystd: exp.Std.YStd, samples: cfg.Eval.Samples, seed: cfg.Train.Seed, every: cfg.Train.SelectEvery}
		if sel.every == 0 {
			sel.every = DefaultSelectEvery
		}
		if prev != nil && prev.Selection != nil {
			sel.state = *prev.Selection
		}
		if err := sel.catchUp(ctx, tr.Iter()); err != nil {
			return nil, selectErr(ctx, err, interrupted, tr.Iter(), ckPath)
		}
	}
	if cfg.Train.EvalEvery > 0 {
		tr.Eval = func(k uint64) float64 {
			met, err := EvaluateCtx(context.Background(), m, exp.XTest, exp.YTest, exp.Std.YStd, cfg.Eval.Samples, derive(cfg.Train.Seed, streamEval+16*k))
			if err != nil {
				return math.NaN()
			}
			return met.NLL
		}
	}
	save := func(complete bool) error {
		if ckPath == "" {
			return nil
		}
		st, err := tr.State()
		if err != nil {
			return err
		}
		ck := NewCheckpoint(cfg, m.Params(), opts.Version)
		ck.Variant, ck.State, ck.Data = opts.Variant, st, dataInfo(exp)
		ck.EarlierVersions = earlier
		ck.Trained = st.Iter == cfg.Train.Iterations
		ck.Complete = complete
		if sel != nil {
			ck.Selection = &sel.state
		}
		if complete {
			ck.Predictive = predictive
		}
		if err := ck.Save(ckPath); err != nil {
			return fmt.Errorf("writing checkpoint: %w", err)
		}
		return nil
	}
	interval := opts.CheckpointInterval
	if interval <= 0 {
		interval = DefaultCheckpointInterval
	}
	last := time.Now()
	tr.AfterStep = func(it int) error {
		if sel != nil && it%sel.every == 0 {
			if err := sel.check(ctx, it); err != nil {
				return err
			}
		}
		every := cfg.Train.CheckpointEvery
		if it < cfg.Train.Iterations && ((every > 0 && it%every == 0) || (every == 0 && time.Since(last) >= interval)) {
			if err := save(false); err != nil {
				return err
			}
			last = time.Now()
		}
		if opts.AfterStep != nil {
			opts.AfterStep(it)
		}
		return nil
	}
	if err := tr.Run(ctx); err != nil {
		if ctx.Err() != nil && errors.Is(err, ctx.Err()) {
			if serr := save(false); serr != nil {
				return nil, fmt.Errorf("%w (and the checkpoint could not be written: %v)", interrupted("training", tr.Iter(), "", err), serr)
			}
			return nil, interrupted("training", tr.Iter(), ckPath, err)
		}
		return nil, err
	}
	if err := save(false); err != nil {
		return nil, err
	}
	if sel != nil {
		if err := sel.finish(ctx, tr.Iter()); err != nil {
			return nil, selectErr(ctx, err, interrupted, tr.Iter(), ckPath)
		}
		if err := save(false); err != nil {
			return nil, err
		}
	}
	t1 := time.Now()
	if sel == nil && cfg.Eval.Latent == LatentMean {
		plug.SetLatentPlugIn(true)
		predictive = LatentMean
	}
	met, err := EvaluateCtx(ctx, m, exp.XTest, exp.YTest, exp.Std.YStd, cfg.Eval.Samples, derive(cfg.Train.Seed, streamEval))
	if err != nil {
		if ctx.Err() != nil {
			return nil, interrupted("evaluation", tr.Iter(), ckPath, err)
		}
		return nil, err
	}
	var selInfo *eval.Selection
	var lastDiag map[string]float64
	if sel != nil {
		last := met
		if d, ok := m.(models.Diagnoser); ok {
			lastDiag = d.Diagnostics(exp.XTrain, exp.YTrain)
		}
		if err := sel.restoreBest(); err != nil {
			return nil, err
		}
		var valPlugIn *float64
		if plug != nil {
			if predictive, valPlugIn, err = choosePredictive(ctx, cfg, plug, sel); err != nil {
				return nil, selectErr(ctx, err, interrupted, tr.Iter(), ckPath)
			}
		}
		if met, err = EvaluateCtx(ctx, m, exp.XTest, exp.YTest, exp.Std.YStd, cfg.Eval.Samples, derive(cfg.Train.Seed, streamEval)); err != nil {
			if ctx.Err() != nil {
				return nil, interrupted("evaluation", tr.Iter(), ckPath, err)
			}
			return nil, err
		}
		nv, _ := hold.X.Dims()
		nt, _ := exp.XTrain.Dims()
		selInfo = &eval.Selection{Validation: cfg.Train.Validation, NValidation: nv, NTrain: nt, Every: sel.every,
			Iter: sel.state.Iter, ValNLL: sel.state.NLL, LastMetrics: last, LastDiagnostics: lastDiag, Trace: sel.state.Trace,
			ValNLLPlugIn: valPlugIn}
	}
	var drawsMet *eval.Metrics
	if predictive == LatentMean {
		// The same parameters with the model's own predictive, for the record.
		plug.SetLatentPlugIn(false)
		dm, err := EvaluateCtx(ctx, m, exp.XTest, exp.YTest, exp.Std.YStd, cfg.Eval.Samples, derive(cfg.Train.Seed, streamEval))
		plug.SetLatentPlugIn(true)
		if err != nil {
			if ctx.Err() != nil {
				return nil, interrupted("evaluation", tr.Iter(), ckPath, err)
			}
			return nil, err
		}
		drawsMet = &dm
	}
	evalSec := time.Since(t1).Seconds()
	trainSec := tr.Seconds()
	res := &eval.Result{
		Model: cfg.ModelName(), Dataset: exp.Name, Variant: opts.Variant, Config: configMap(cfg),
		SplitSeed: cfg.Data.SplitSeed, ModelSeed: cfg.Train.Seed, Split: exp.Split,
		Iterations: cfg.Train.Iterations, TrainSeconds: trainSec, EvalSeconds: evalSec,
		ItersPerSecond: float64(cfg.Train.Iterations) / max(trainSec, 1e-9),
		Metrics:        met, Trace: tr.Trace(), Selection: selInfo,
		Version: opts.Version, EarlierVersions: earlier, GoVersion: runtime.Version(), BLAS: ad.Backend(),
		Date: time.Now().UTC().Format(time.RFC3339), Command: opts.Command,
	}
	res.Predictive, res.DrawsMetrics = predictive, drawsMet
	if d, ok := m.(models.Diagnoser); ok {
		res.Diagnostics = diagnoseWithDraws(d, m, exp.XTrain, exp.YTrain, predictive == LatentMean)
	}
	res.Warnings = runWarnings(res)
	if opts.Log != nil {
		for _, w := range res.Warnings {
			fmt.Fprintf(opts.Log, "warning: %s\n", w)
		}
	}
	if opts.OutDir != "" {
		if err := save(true); err != nil {
			return nil, err
		}
		if err := eval.WriteJSONAtomic(filepath.Join(opts.OutDir, ResultFile), res); err != nil {
			return nil, err
		}
	}
	return &Outcome{Result: res, Model: m, Exp: exp}, nil
}

// checkRunDir makes sure dir can be written and, with resume, returns the
// checkpoint to continue from. Without resume it refuses a directory that
// holds an unfinished run, which would otherwise be lost.
func checkRunDir(dir string, cfg RunConfig, resume bool) (*Checkpoint, error) {
	if err := checkWritable(dir); err != nil {
		return nil, &InputError{err}
	}
	path := filepath.Join(dir, CheckpointFile)
	ck, err := LoadCheckpoint(path)
	switch {
	case errors.Is(err, ErrNoCheckpoint):
		if resume {
			return nil, &InputError{fmt.Errorf("--resume: %s holds no checkpoint to continue from; run without --resume to start the run", dir)}
		}
		return nil, nil
	case err != nil:
		if resume {
			return nil, &InputError{err}
		}
		return nil, &InputError{fmt.Errorf("%v; remove it or choose another --out", err)}
	}
	if !resume {
		if ck.State != nil && !ck.Complete {
			return nil, &InputError{fmt.Errorf("%s holds an unfinished run (iteration %d of %d): add --resume to continue it, or remove the directory to start over",
				dir, ck.State.Iter, ck.Config.Train.Iterations)}
		}
		return nil, nil
	}
	if ck.State == nil {
		return nil, &InputError{fmt.Errorf("--resume: %s was written by a version of mgp without resumable state; start the run again without --resume", path)}
	}
	if diff := configDiff(ck.Config, cfg); diff != "" {
		return nil, &InputError{fmt.Errorf("--resume: the config differs from the checkpoint's (%s); resume with the same config and overrides, or start a new run elsewhere", diff)}
	}
	if ck.Complete {
		if _, err := os.Stat(filepath.Join(dir, ResultFile)); err == nil {
			return nil, ErrComplete
		}
	}
	return ck, nil
}

// checkWritable creates dir if needed and checks that a file can be created
// in it, so that a run fails before training rather than after.
func checkWritable(dir string) error {
	if st, err := os.Stat(dir); err == nil && !st.IsDir() {
		return fmt.Errorf("--out %s is a file, not a directory: choose a directory for the run", dir)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("--out %s cannot be created: %v", dir, err)
	}
	f, err := os.CreateTemp(dir, ".write-check-*")
	if err != nil {
		return fmt.Errorf("--out %s is not writable: %v", dir, err)
	}
	name := f.Name()
	_ = f.Close()
	return os.Remove(name)
}

// dataInfo records the experiment's standardisation and column names.
func dataInfo(exp *Experiment) *DataInfo {
	n, _ := exp.XTrain.Dims()
	return &DataInfo{Std: exp.Std, XNames: exp.XNames, YNames: exp.YNames, NTrain: n}
}

// LoadRun rebuilds a saved run's experiment and model from its checkpoint.
func LoadRun(runDir, dataDir string) (*Checkpoint, *Experiment, models.Model, error) {
	ck, err := LoadCheckpoint(filepath.Join(runDir, CheckpointFile))
	if err != nil {
		return nil, nil, nil, &InputError{err}
	}
	exp, err := LoadExperiment(ck.Config.Data, dataDir)
	if err != nil {
		return nil, nil, nil, &InputError{err}
	}
	m, err := BuildModel(ck.Config, exp)
	if err != nil {
		return nil, nil, nil, &InputError{err}
	}
	if err := ck.Restore(m.Params()); err != nil {
		return nil, nil, nil, &InputError{fmt.Errorf("%s: %w", runDir, err)}
	}
	if ck.Predictive == LatentMean {
		plug, ok := m.(models.LatentPlugIn)
		if !ok {
			return nil, nil, nil, &InputError{fmt.Errorf("%s: the checkpoint predicts with latent variables at their means, but model %s has none", runDir, ck.Config.ModelName())}
		}
		plug.SetLatentPlugIn(true)
	}
	return ck, exp, m, nil
}

// Reevaluate scores a restored model again with a given seed.
func Reevaluate(ctx context.Context, ck *Checkpoint, exp *Experiment, m models.Model, samples int, seed uint64) (eval.Metrics, error) {
	if samples <= 0 {
		samples = ck.Config.Eval.Samples
	}
	return EvaluateCtx(ctx, m, exp.XTest, exp.YTest, exp.Std.YStd, samples, derive(seed, streamEval))
}

// NewRNG returns a generator for an explicit seed (prediction sampling).
func NewRNG(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(derive(seed, streamEval), 0)) }

// configMap renders cfg as a generic map for the result file.
func configMap(cfg RunConfig) map[string]any {
	return map[string]any{
		"model": cfg.Model.Map(),
		"data":  cfg.Data,
		"train": cfg.Train,
		"eval":  cfg.Eval,
	}
}

// checkInducing refuses more inducing points than training rows: k-means
// cannot place them, and the cost (O(M³) per step) buys nothing.
func checkInducing(cfg RunConfig, exp *Experiment) error {
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
// the config) above the training rows. Inducing inputs are the parameters
// named Z or with a Z_ prefix or Z suffix.
func checkInducingParams(m models.Model, exp *Experiment) error {
	n, _ := exp.XTrain.Dims()
	for _, p := range m.Params().List {
		if p.Name != "Z" && !strings.HasPrefix(p.Name, "Z_") && !strings.HasSuffix(p.Name, "Z") {
			continue
		}
		if r, _ := p.Raw.Dims(); r > n {
			return fmt.Errorf("model %s uses %d inducing points (%s) but the training set of %s has %d rows: set model.m to at most %d",
				m.Name(), r, p.Name, exp.Name, n, n)
		}
	}
	return nil
}

// selectErr turns a failed validation check into an interruption when ctx
// ended (the checkpoint at ck, if any, resumes with the check) and returns
// other errors as they are.
func selectErr(ctx context.Context, err error, interrupted func(string, int, string, error) error, iter int, ck string) error {
	if ctx.Err() != nil {
		return interrupted("validation", iter, ck, err)
	}
	return err
}

// RunDiagnostics recomputes a restored model's diagnostics (nil for a
// model without any) on the rows its run trained on: the training split
// less the held-out part when the run held one out, as at the end of
// training, so that a run's own diagnostics come back unchanged.
func RunDiagnostics(ck *Checkpoint, exp *Experiment, m models.Model) (map[string]float64, error) {
	d, ok := m.(models.Diagnoser)
	if !ok {
		return nil, nil
	}
	cfg := ck.Config
	if cfg.Train.Validation > 0 {
		var err error
		if exp, _, err = splitValidation(exp, cfg.Train.Validation, derive(cfg.Train.Seed, streamValidation)); err != nil {
			return nil, &InputError{err}
		}
	}
	return diagnoseWithDraws(d, m, exp.XTrain, exp.YTrain, ck.Predictive == LatentMean), nil
}
