package models

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mgpteam/mgp/pkg/config"
)

// Entry is one registered model: how to configure and build it, and the
// facts other packages ask of it (its label, capabilities and mgp
// compare's settings), so that no other package lists models by name.
// The run config's model section is decoded
// (strictly, before any data is read) into the struct NewConfig returns,
// whose fields name their keys with `mapstructure` tags; Build then
// constructs the model for the data.
//
// A config struct may also implement, with a pointer receiver or not:
//   - Validate() error: checks its values without data and returns a
//     *config.KeyError naming the key; it runs before the data loads;
//   - KeyHint(key string) string: more to say about a key it lacks,
//     appended to the unknown-key error (GPCDE about SLGP's keys).
type Entry struct {
	// NewConfig returns a pointer to a new config struct holding the
	// model's defaults.
	NewConfig func() any
	// Build constructs the model from the decoded config (a pointer of the
	// type NewConfig returns) and the data's Spec.
	Build func(cfg any, spec Spec) (Model, error)
	// Label is the model's name in figures and tables ("SGP").
	Label string
	// Caps are what the model can do.
	Caps Caps
	// Compare is how mgp compare trains the model.
	Compare CompareSettings
}

// Caps are a model's capabilities, for code that must treat models
// differently without naming them.
type Caps struct {
	// LatentPredictive: the model predicts by latent draws (w from
	// p(w | x*)) and has the plug-in predictive as an alternative
	// (eval.latent; it is a PlugInSampler): SLGP and GPCDE.
	LatentPredictive bool
	// MultiOutput: the model takes data with several target columns.
	MultiOutput bool
	// KernelKeys are the config keys choosing a GP's kernel, model.kernel
	// first (none: the model has no GP, or only squared exponential ones).
	KernelKeys []string
	// TrainsNN: the model trains neural networks (MLPs) besides any GP.
	TrainsNN bool
	// ContinuousLatent: the model's predictive is a mixture over draws of
	// a continuous latent variable (SLGP, GPCDE, CVAE), so its own
	// predictive density (MixtureLogDensity) needs many draws to be
	// estimated without a large downward bias: on hetero-example an
	// SLGP's test density NLL from 500 draws ranged over 0.75 nats with
	// the draws' seed, from 10,000 over 0.05. SMGP's and DAGP's mixture is
	// over assignment draws of T experts, which 500 draws cover (±0.005).
	ContinuousLatent bool
}

// CompareSettings are mgp compare's settings of a model: the paper's UCI
// settings (M = 100) and, for SLGP, the recommended one (fixed N(0, 1)
// prior on w, small initial noise; configs/csv/slgp-recommended.yaml).
type CompareSettings struct {
	// Keys are the model keys Configure sets: compare's run config files,
	// its record of the runs, write them (besides name and kernel).
	Keys []string
	// Configure sets Keys on a config of the model's type (a pointer, as
	// NewConfig returns).
	Configure func(cfg any)
	// ConfigureSmall changes, after Configure, the keys compare sets
	// differently on data that fits in one batch
	// (runconfig.FullBatchRows): a smaller model that answers as well in
	// far less time there (SLGP's networks and samples); a no-op for the
	// models without such settings.
	ConfigureSmall func(cfg any)
	// SelectEvery is the held-out selection cadence compare trains the
	// model with (configs/sweeps/table3.yaml: the NN competitors every 100
	// iterations, GPCDE and SLGP every 500); 0: none, the model trains to
	// its last iteration as the paper's protocol.
	SelectEvery int
	// SelectPredictive: compare chooses the model's predictive on the
	// held-out part (eval.latent: select; its refit takes the choice of
	// most splits). Only a LatentPredictive model has the choice: SLGP
	// (GPCDE keeps its draws, as compare has always trained it).
	SelectPredictive bool
	// LBFGS: on data that fits in one batch (runconfig.FullBatchRows) compare
	// trains the model with full-batch L-BFGS (train.optimizer: lbfgs);
	// its objective must be deterministic (DeterministicObjective). Only
	// where it reaches at least Adam's ELBO: SGP (SHGP's L-BFGS settles on
	// a worse stationary point than Adam's).
	LBFGS bool
	// SmallData is the Adam schedule compare trains the model with on
	// data that fits in one batch (runconfig.FullBatchRows) when it does not
	// train it with L-BFGS; zero: Adam at 0.005 throughout, for at most
	// mgp compare's --iterations steps.
	SmallData Schedule
	// WarmStart: on data that fits in one batch the model starts from a
	// fit to the data (model.init: residuals, InitResiduals) instead of
	// its prior: SHGP.
	WarmStart bool
	// Rank places the model among compare's default candidates, from the
	// simplest (1: a homoscedastic GP) to the most complex; 0: not a
	// default candidate.
	Rank int
}

// Schedule is an Adam learning-rate schedule: LR at the first iteration,
// decaying geometrically to LRFinal at the last, of at most Iterations
// (train.lr, train.lr_final and train.iterations).
type Schedule struct {
	LR, LRFinal float64
	Iterations  int
}

// entry registers a model by its defaults, its constructor, its facts
// (e's Label, Caps and Compare, whose Configure and ConfigureSmall are set
// from configure and small, either nil for none, and whose
// Caps.KernelKeys are the config's keys named kernel...).
func entry[C any, M Model](defaults func() C, build func(C, Spec) (M, error), e Entry, configure, small func(*C)) Entry {
	e.NewConfig = func() any { c := defaults(); return &c }
	e.Build = func(cfg any, spec Spec) (Model, error) {
		c, ok := cfg.(*C)
		if !ok {
			return nil, fmt.Errorf("model config %T: want %T", cfg, c)
		}
		m, err := build(*c, spec)
		if err != nil {
			return nil, err
		}
		return m, nil
	}
	setter := func(f func(*C)) func(cfg any) {
		return func(cfg any) {
			if c, ok := cfg.(*C); ok && f != nil {
				f(c)
			}
		}
	}
	e.Compare.Configure, e.Compare.ConfigureSmall = setter(configure), setter(small)
	e.Caps.KernelKeys = slices.DeleteFunc(config.Keys(e.NewConfig()), func(k string) bool { return !strings.HasPrefix(k, "kernel") })
	return e
}

// keys lists a model's compare keys.
func keys(ks ...string) []string { return ks }
