package runconfig

import (
	"math"

	"github.com/mgpteam/mgp/pkg/config"
	"github.com/mgpteam/mgp/pkg/data"
	"github.com/mgpteam/mgp/pkg/models"
)

// RunConfig is one run: which model (its name and its own typed config),
// which data, how to train and how to evaluate. DecodeRunConfig reads one
// from YAML; JSON (result and checkpoint files) round-trips.
type RunConfig struct {
	Model ModelConfig `mapstructure:"model" json:"model"`
	Data  DataConfig  `mapstructure:"data" json:"data"`
	Train TrainConfig `mapstructure:"train" json:"train"`
	Eval  EvalConfig  `mapstructure:"eval" json:"eval"`
}

// DataConfig chooses the data set and its split.
type DataConfig struct {
	// Name is a toy (hetero, step, moons), a UCI set (boston, ...) or, with
	// Kind "csv", a label for the user's file.
	Name string `mapstructure:"name" json:"name"`
	// Kind is toy, uci, csv, nytaxi or mnist; empty means inferred from
	// Name, then Path (data.Spec.ResolveKind).
	Kind string `mapstructure:"kind" json:"kind,omitempty"`
	// Path is the CSV file for Kind csv, or the Kaggle taxi file for Kind
	// nytaxi (empty: the shipped sample below the data directory; see
	// data.NYTaxiPath).
	Path string `mapstructure:"path" json:"path,omitempty"`
	// Target names the CSV target columns (default: the last column).
	Target []string `mapstructure:"target" json:"target,omitempty"`
	// Split is random (default; N_test = floor(0.1 N)), fixed (the PBP
	// split files shipped with the UCI data) or, for Kind csv only, none:
	// every row trains and there is no test set, so the run records no test
	// metrics (result.json says why in no_test); mgp compare --refit's
	// final fit.
	Split string `mapstructure:"split" json:"split,omitempty"`
	// SplitSeed seeds a random split (paper: seeds 0..9).
	SplitSeed uint64 `mapstructure:"split_seed" json:"split_seed"`
	// SplitIndex selects a fixed split.
	SplitIndex int `mapstructure:"split_index" json:"split_index,omitempty"`
	// Stats is full (default, whole-data statistics as the paper), train
	// (training rows only; DecodeRunConfig's default for CSV data) or none
	// (no standardisation; the default for mnist, A-44).
	Stats string `mapstructure:"stats" json:"stats,omitempty"`
	// TestFraction is a random split's share of test rows, 0 < f < 1
	// (0 or unset: 0.1, the paper's 90/10).
	TestFraction float64 `mapstructure:"test_fraction" json:"test_fraction,omitempty"`
	// Dir is the data directory (overridden by --data-dir and MGP_DATA_DIR).
	Dir string `mapstructure:"dir" json:"dir,omitempty"`
	// WeekdayPeriod is the period of nytaxi's weekday angle: 0 or 6 ([B]'s,
	// Sunday ≡ Monday, A-42) or 7. Only Kind nytaxi reads it.
	WeekdayPeriod int `mapstructure:"weekday_period" json:"weekday_period,omitempty"`
}

// TrainConfig sets the optimisation.
type TrainConfig struct {
	Iterations int     `mapstructure:"iterations" json:"iterations"`
	BatchSize  int     `mapstructure:"batch_size" json:"batch_size"` // 0: full batch
	LR         float64 `mapstructure:"lr" json:"lr"`
	// Optimizer is adam (empty: the default, the paper's minibatch Adam) or
	// lbfgs: L-BFGS on the full batch (OptimizerLBFGS), for SGP, SHGP and
	// SVHGP, whose objectives are deterministic; it stops by itself when
	// it converges. LR and LRFinal are Adam's only.
	Optimizer string `mapstructure:"optimizer" json:"optimizer,omitempty"`
	// LRFinal, when positive, decays Adam's learning rate geometrically
	// from LR at the first iteration to LRFinal at the last (LearningRate);
	// 0 keeps LR throughout, as the paper does.
	LRFinal float64 `mapstructure:"lr_final" json:"lr_final,omitempty"`
	Seed    uint64  `mapstructure:"seed" json:"seed"`
	// EvalEvery, when positive, evaluates the test NLL every so many
	// iterations into the trace (the ablation curves).
	EvalEvery int `mapstructure:"eval_every" json:"eval_every,omitempty"`
	// LogEvery sets the cadence of plain log lines when not on a terminal.
	LogEvery int `mapstructure:"log_every" json:"log_every,omitempty"`
	// TraceEvery records the ELBO into the trace every so many iterations.
	TraceEvery int `mapstructure:"trace_every" json:"trace_every,omitempty"`
	// CheckpointEvery writes a resumable checkpoint every so many
	// iterations; 0 (the default) writes one about every five minutes of
	// training instead.
	CheckpointEvery int `mapstructure:"checkpoint_every" json:"checkpoint_every,omitempty"`
	// Validation, when positive, holds out this fraction of the training
	// split (0 < v <= 0.5), evaluates the KDE NLL on it every SelectEvery
	// iterations and at the end, and reports the parameters with the best
	// validation NLL (the last iteration's test metrics are kept beside
	// them). The test split is never read before the final evaluation.
	Validation float64 `mapstructure:"validation" json:"validation,omitempty"`
	// SelectEvery is the validation cadence (default DefaultSelectEvery).
	SelectEvery int `mapstructure:"select_every" json:"select_every,omitempty"`
	// Stop, when its patience is set, ends training early once the
	// held-out NLL stops improving (StopConfig; needs Validation), with
	// Iterations as the cap. Absent, training runs Iterations steps.
	Stop StopConfig `mapstructure:"stop" json:"stop,omitzero"`
	// SelectBy is the held-out score of selection and early stopping:
	// kde (empty: the default, the paper's KDE NLL of eval.samples draws)
	// or density (the model's own predictive density, DensityNLL, with
	// eval.density_draws components where it has no closed form): one far
	// held-out point cannot swing it as it swings a KDE.
	SelectBy string `mapstructure:"select_by" json:"select_by,omitempty"`
}

// EvalConfig sets the evaluation protocol (models.md §8).
type EvalConfig struct {
	Samples int `mapstructure:"samples" json:"samples"` // predictive samples per test point (200)
	// Latent is the predictive of a latent-variable model (SLGP, GPCDE):
	// draws (default, the paper's: w from p(w | x*), h from the encoder),
	// mean (the plug-in predictive: w and h at their means) or select (the
	// one with the lower NLL on the held-out validation part, at the
	// selected iteration; needs train.validation). The iteration is always
	// selected with draws.
	Latent string `mapstructure:"latent" json:"latent,omitempty"`
	// Jobs is how many goroutines score the KDE and the calibration of an
	// evaluation block at once (0 or 1: one, the default, for sweeps that run a job per
	// core; 2 uses both cores when a single run is evaluated alone). The
	// scores are the same bits for every value.
	Jobs int `mapstructure:"jobs" json:"jobs,omitempty"`
	// DensityDraws, when positive, also scores the test split by the
	// model's own predictive density (Metrics.DensityNLL): its closed
	// form where it has one, else a mixture of this many predictive
	// components (SMGP, DAGP, SLGP, GPCDE, CVAE). 0 (the paper's
	// protocol): only the closed forms, as exact_nll.
	DensityDraws int `mapstructure:"density_draws" json:"density_draws,omitempty"`
}

// The values of EvalConfig.Latent besides "" (draws): the two predictives
// of models.Predictive, and the choice between them (ChoosePredictive).
const (
	LatentDraws  = string(models.Draws)
	LatentMean   = string(models.PlugIn)
	LatentSelect = "select"
)

// DefaultRunConfig holds the paper's UCI settings (models.md §7, §9.2),
// with SGP's defaults as the model. These and each model's Default config
// are the only defaults: a config file is decoded over them.
func DefaultRunConfig() RunConfig {
	return RunConfig{
		Model: MustModelConfig(models.Baseline, nil),
		Data:  DataConfig{Split: "random", Stats: "full"},
		Train: TrainConfig{Iterations: 20000, BatchSize: 512, LR: 0.005, LogEvery: 1000, TraceEvery: 100},
		Eval:  EvalConfig{Samples: 200},
	}
}

// ModelName returns the model section's name.
func (c *RunConfig) ModelName() string { return c.Model.Name }

// Validate checks the config, the model section's values included (when
// its struct is a config.Validator), before any data is read; the error is
// a *config.KeyError naming the offending key.
func (c *RunConfig) Validate() error {
	if c.ModelName() == "" {
		return config.Errorf("model.name", "model.name is missing: set it to one of the registered models")
	}
	if err := checkDataKeys(c.Data); err != nil {
		return err
	}
	if c.Data.Name == "" && c.Data.Path == "" {
		return config.Errorf("data.name", "data.name is missing: set a toy (hetero, step, moons), a UCI set or data.kind: csv with data.path")
	}
	if o := c.Train.Optimizer; o != "" && o != OptimizerAdam && o != OptimizerLBFGS {
		return config.Errorf("train.optimizer", "train.optimizer = %q: must be adam (minibatch Adam, the default) or lbfgs (full-batch L-BFGS, for sgp, shgp and svhgp)", o)
	}
	if b := c.Train.SelectBy; b != "" && b != SelectByKDE && b != SelectByDensity {
		return config.Errorf("train.select_by", "train.select_by = %q: must be kde (the paper's KDE NLL, the default) or density (the model's own predictive density)", b)
	}
	if c.Eval.DensityDraws < 0 || c.Eval.DensityDraws > MaxDensityDraws {
		return config.Errorf("eval.density_draws", "eval.density_draws = %d: must be between 0 (closed forms only) and %d", c.Eval.DensityDraws, MaxDensityDraws)
	}
	if err := c.checkSizes(); err != nil {
		return err
	}
	if c.Train.Iterations < 0 {
		return config.Errorf("train.iterations", "train.iterations = %d: must be >= 0", c.Train.Iterations)
	}
	for _, k := range []struct {
		key string
		v   int
		why string
	}{
		{"train.batch_size", c.Train.BatchSize, "0 means full batch"},
		{"train.eval_every", c.Train.EvalEvery, "0 means no evaluation during training"},
		{"train.trace_every", c.Train.TraceEvery, "0 means no trace"},
		{"train.log_every", c.Train.LogEvery, "0 means no log lines"},
		{"data.split_index", c.Data.SplitIndex, "it selects a split file"},
	} {
		if k.v < 0 {
			return config.Errorf(k.key, "%s = %d: must be >= 0 (%s)", k.key, k.v, k.why)
		}
	}
	if math.IsNaN(c.Train.Validation) || c.Train.Validation < 0 || c.Train.Validation > 0.5 {
		return config.Errorf("train.validation", "train.validation = %g: must be a fraction in [0, 0.5] of the training split (0 = no held-out selection)", c.Train.Validation)
	}
	if c.Train.SelectEvery < 0 {
		return config.Errorf("train.select_every", "train.select_every = %d: must be >= 0 (0: every %d iterations)", c.Train.SelectEvery, DefaultSelectEvery)
	}
	if c.Train.SelectEvery > 0 && c.Train.Validation == 0 {
		return config.Errorf("train.select_every", "train.select_every = %d needs train.validation (the fraction of the training split to hold out), e.g. 0.1", c.Train.SelectEvery)
	}
	if err := validateStop(c.Train); err != nil {
		return err
	}
	if c.Train.CheckpointEvery < 0 {
		return config.Errorf("train.checkpoint_every", "train.checkpoint_every = %d: must be >= 0 (0: about every five minutes)", c.Train.CheckpointEvery)
	}
	if !(c.Train.LR > 0) || math.IsInf(c.Train.LR, 0) {
		return config.Errorf("train.lr", "train.lr = %g: must be a positive finite number (the paper uses 0.005)", c.Train.LR)
	}
	if math.IsNaN(c.Train.LRFinal) || c.Train.LRFinal < 0 || c.Train.LRFinal > c.Train.LR {
		return config.Errorf("train.lr_final", "train.lr_final = %g: must be in (0, train.lr = %g], the learning rate of the last iteration (0: no decay)", c.Train.LRFinal, c.Train.LR)
	}
	if c.Eval.Samples > MaxSamples {
		return config.Errorf("eval.samples", "eval.samples = %d: at most %d predictive samples per test point", c.Eval.Samples, MaxSamples)
	}
	if c.Eval.Samples < 2 {
		return config.Errorf("eval.samples", "eval.samples = %d: the KDE needs at least 2 samples per test point", c.Eval.Samples)
	}
	if c.Eval.Jobs < 0 {
		return config.Errorf("eval.jobs", "eval.jobs = %d: use 1 (the default) or more goroutines for the KDE scoring", c.Eval.Jobs)
	}
	switch c.Eval.Latent {
	case "", LatentDraws, LatentMean:
	case LatentSelect:
		if c.Train.Validation == 0 {
			return config.Errorf("eval.latent", "eval.latent = select chooses on the held-out validation part: set train.validation (e.g. 0.1), or eval.latent to draws or mean")
		}
	default:
		return config.Errorf("eval.latent", "eval.latent = %q: use draws (the model's predictive), mean (w and h at their means) or select (the better on the held-out part)", c.Eval.Latent)
	}
	switch c.Data.Split {
	case "", "random", "fixed":
	case SplitNone:
		if err := c.validateNoTest(); err != nil {
			return err
		}
	default:
		return config.Errorf("data.split", "data.split = %q: use random, fixed or (CSV data only) none", c.Data.Split)
	}
	if f := c.Data.TestFraction; f != 0 {
		switch {
		case math.IsNaN(f) || f <= 0 || f >= 1:
			return config.Errorf("data.test_fraction", "data.test_fraction = %v: a share of the rows strictly between 0 and 1 (e.g. 0.2); for no test rows use data.split: none", f)
		case c.Data.Split != "" && c.Data.Split != "random":
			return config.Errorf("data.test_fraction", "data.test_fraction sets a random split's size, and data.split is %q: drop the key or use data.split: random", c.Data.Split)
		}
	}
	switch c.Data.Stats {
	case "", "full", "train", "none":
	default:
		return config.Errorf("data.stats", "data.stats = %q: use full, train or none (no standardisation; the default for mnist)", c.Data.Stats)
	}
	return c.Model.Validate()
}

// SplitNone is the data.split of a run trained on every row, with no test
// set (a final fit, as mgp compare --refit makes).
const SplitNone = data.SplitNone

// validateNoTest refuses what a run without test rows cannot do (besides
// data other than a CSV file, which its source refuses): test NLLs traced
// during training, and held-out
// selection (a final fit on every row trains a chosen number of
// iterations instead; mgp compare --refit takes it from the splits).
// Data handed over in memory (pkg/fit) may hold a part of their rows out
// for selection and early stopping: a Go caller has no splits to take
// the iteration from.
func (c *RunConfig) validateNoTest() error {
	switch {
	case c.Train.EvalEvery > 0:
		return config.Errorf("train.eval_every", "train.eval_every = %d traces the test NLL, but data.split = none leaves no test rows; remove train.eval_every", c.Train.EvalEvery)
	case c.Train.Validation > 0 && c.Data.Kind != string(data.KindMemory):
		return config.Errorf("train.validation", "train.validation = %g with data.split = none: a fit on every row holds nothing out; set train.iterations to the iteration to stop at (mgp compare --refit takes it from the splits) and remove train.validation", c.Train.Validation)
	}
	return nil
}
