package train

import (
	"context"
	"fmt"
	"io"
	"math/rand/v2"
	"path/filepath"
	"runtime"
	"time"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"github.com/mgpteam/mgp/pkg/data"
	"github.com/mgpteam/mgp/pkg/eval"
	"github.com/mgpteam/mgp/pkg/models"
)

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
}

// InputError marks a failure caused by the run's input (config, data, model
// options) rather than by training; the CLI exits with code 2 for it.
type InputError struct{ Err error }

// Error returns the cause's message.
func (e *InputError) Error() string { return e.Err.Error() }

// Unwrap returns the cause.
func (e *InputError) Unwrap() error { return e.Err }

// Outcome is what a run produced.
type Outcome struct {
	Result *eval.Result
	Model  models.Model
	Exp    *Experiment
}

// BuildModel constructs the config's model for exp with the run seed's
// initialisation stream.
func BuildModel(cfg RunConfig, exp *Experiment) (models.Model, error) {
	return models.New(cfg.ModelName(), cfg.ModelDecoder(), models.Spec{
		X: exp.XTrain, Y: exp.YTrain, Seed: derive(cfg.Train.Seed, streamInit), KMeans: data.KMeans,
	})
}

// Run trains and evaluates one configuration and, when opts.OutDir is set,
// writes result.json and checkpoint.json there atomically.
func Run(ctx context.Context, cfg RunConfig, opts Options) (*Outcome, error) {
	if err := cfg.Validate(); err != nil {
		return nil, &InputError{err}
	}
	exp, err := LoadExperiment(cfg.Data, opts.DataDir)
	if err != nil {
		return nil, &InputError{err}
	}
	m, err := BuildModel(cfg, exp)
	if err != nil {
		return nil, &InputError{err}
	}
	var prog *Progress
	if !opts.Quiet && opts.Log != nil {
		prog = &Progress{W: opts.Log, TTY: opts.TTY, Every: cfg.Train.LogEvery, Label: fmt.Sprintf("%s/%s", cfg.ModelName(), exp.Name)}
	}
	var evalFn func() float64
	if cfg.Train.EvalEvery > 0 {
		k := uint64(0)
		evalFn = func() float64 {
			k++
			return Evaluate(m, exp.XTest, exp.YTest, exp.SigmaY, cfg.Eval.Samples, derive(cfg.Train.Seed, streamEval+16*k)).NLL
		}
	}
	t0 := time.Now()
	trace, err := Fit(ctx, m, exp.XTrain, exp.YTrain, cfg.Train, prog, evalFn)
	if err != nil {
		return nil, err
	}
	trainSec := time.Since(t0).Seconds()
	t1 := time.Now()
	met := Evaluate(m, exp.XTest, exp.YTest, exp.SigmaY, cfg.Eval.Samples, derive(cfg.Train.Seed, streamEval))
	evalSec := time.Since(t1).Seconds()
	res := &eval.Result{
		Model: cfg.ModelName(), Dataset: exp.Name, Config: configMap(cfg),
		SplitSeed: cfg.Data.SplitSeed, ModelSeed: cfg.Train.Seed, Split: exp.Split,
		Iterations: cfg.Train.Iterations, TrainSeconds: trainSec, EvalSeconds: evalSec,
		ItersPerSecond: float64(cfg.Train.Iterations) / max(trainSec, 1e-9),
		Metrics:        met, Trace: trace,
		Version: opts.Version, GoVersion: runtime.Version(), BLAS: ad.Backend(),
		Date: time.Now().UTC().Format(time.RFC3339), Command: opts.Command,
	}
	if d, ok := m.(models.Diagnoser); ok {
		res.Diagnostics = d.Diagnostics(exp.XTrain, exp.YTrain)
	}
	if opts.OutDir != "" {
		if err := SaveCheckpoint(filepath.Join(opts.OutDir, CheckpointFile), cfg, m.Params(), opts.Version); err != nil {
			return nil, err
		}
		if err := eval.WriteJSONAtomic(filepath.Join(opts.OutDir, ResultFile), res); err != nil {
			return nil, err
		}
	}
	return &Outcome{Result: res, Model: m, Exp: exp}, nil
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
	return ck, exp, m, nil
}

// Reevaluate scores a restored model again with a given seed.
func Reevaluate(ck *Checkpoint, exp *Experiment, m models.Model, samples int, seed uint64) eval.Metrics {
	if samples <= 0 {
		samples = ck.Config.Eval.Samples
	}
	return Evaluate(m, exp.XTest, exp.YTest, exp.SigmaY, samples, derive(seed, streamEval))
}

// NewRNG returns a generator for an explicit seed (prediction sampling).
func NewRNG(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(derive(seed, streamEval), 0)) }

// configMap renders cfg as a generic map for the result file.
func configMap(cfg RunConfig) map[string]any {
	return map[string]any{
		"model": cfg.Model,
		"data":  cfg.Data,
		"train": cfg.Train,
		"eval":  cfg.Eval,
	}
}
