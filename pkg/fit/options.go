package fit

import (
	"fmt"
	"io"
	"math"

	"github.com/mgpteam/mgp/pkg/predict"
	"github.com/mgpteam/mgp/pkg/runconfig"
)

// Options set the model and its training.
//
// With every training field zero (Iterations, BatchSize, LR, Validation,
// SelectEvery and Stop), Fit trains as mgp compare trains its split runs
// (runconfig.ApplyOwnData, docs/own-data.md): 10 % of the rows held out
// to select the best check of the model's own predictive density and to
// stop early (runconfig.DefaultStop, at most 20,000 iterations); when the
// rows fit in one batch (runconfig.FullBatchRows) SGP by full-batch
// L-BFGS on every row until it converges (at most 3,000 iterations,
// nothing held out), SHGP and SMGP by Adam decaying from 0.02 to 0.002
// over at most 3,000 (SHGP, from its warm start, model.init: residuals)
// or 5,000 (SMGP) steps; else Adam 0.005 on minibatches of 512. The model
// keys left out of Model take compare's values where they differ from the
// model's defaults (SLGP's recommended setting, and on rows that fit in
// one batch its small-data sizes, two hidden layers of 50 and 5 samples).
// Fewer than 15 rows hold nothing out. Set any training field to train as
// a config file does instead: then a zero field takes the value a config
// file that leaves the key out gets (runconfig.DefaultRunConfig: 20000
// iterations, minibatches of 512, Adam's learning rate 0.005, no held-out
// part).
type Options struct {
	// Iterations is the number of optimiser steps (train.iterations).
	Iterations int
	// Seed seeds the initialisation, the minibatches and the Monte Carlo
	// draws (train.seed): the same seed and data give the same fit.
	Seed uint64
	// BatchSize is the minibatch size (train.batch_size); one at least as
	// large as the data trains on the full batch.
	BatchSize int
	// LR is Adam's learning rate (train.lr).
	LR float64
	// Model sets the model's own keys over its defaults, as the model
	// section of a config file does (for SHGP e.g. {"m": 50}): the map
	// form of the typed options NewWith takes (fit.SHGP{M: 50}). Each
	// model's keys are listed in configs/README.md (section "model").
	Model map[string]any
	// Validation is the fraction (at most 0.5) of the rows held out from
	// training to select the parameters of the best held-out check, every
	// SelectEvery iterations (train.validation; 0: every row trains and
	// the last parameters are kept).
	Validation float64
	// SelectEvery is the cadence of the held-out checks
	// (train.select_every; 0: every runconfig.DefaultSelectEvery
	// iterations). It needs Validation.
	SelectEvery int
	// Stop ends training early once Stop.Patience held-out checks have
	// not improved the held-out NLL by Stop.MinDelta (train.stop; the zero
	// value trains all Iterations). It needs Validation.
	Stop runconfig.StopConfig
	// Name labels the data in the run's config and result (default
	// "data").
	Name string
	// XNames and YNames name the input and output columns (default x1, x2,
	// ... and y, or y1, y2, ... for several outputs); a saved run records
	// them, and mgp predict matches a CSV's header against XNames.
	XNames, YNames []string
	// Log receives the training's progress lines (nil: none).
	Log io.Writer
}

// check refuses negative counts and a learning rate that is not a
// positive finite number (zero means the default).
func (o Options) check() error {
	switch {
	case o.Iterations < 0:
		return &OptionError{Option: "Iterations", Value: float64(o.Iterations), Reason: "must be >= 0 (0: the default)"}
	case o.BatchSize < 0:
		return &OptionError{Option: "BatchSize", Value: float64(o.BatchSize), Reason: "must be >= 0 (0: the default)"}
	case math.IsNaN(o.LR) || math.IsInf(o.LR, 0) || o.LR < 0:
		return &OptionError{Option: "LR", Value: o.LR, Reason: "must be a positive finite number (0: the default)"}
	}
	return nil
}

// DefaultSamples is the number of predictive samples per input when
// PredictOptions.Samples is 0 (as mgp predict's default).
const DefaultSamples = 200

// PredictOptions set what Predict draws and reports.
type PredictOptions struct {
	// Samples is the number of predictive samples per input (0:
	// DefaultSamples; else at least 2).
	Samples int
	// Quantiles are the levels, each in [0, 1], of the sample quantiles to
	// report, in the order given.
	Quantiles []float64
	// Seed seeds the sampling: the same seed, inputs and model give the
	// same draws.
	Seed uint64
	// KeepSamples keeps every sample in Prediction.Samples.
	KeepSamples bool
}

// options returns pkg/predict's options for o.
func (o PredictOptions) options() (predict.Options, error) {
	n := o.Samples
	if n == 0 {
		n = DefaultSamples
	}
	if n < predict.MinSamples {
		return predict.Options{}, &OptionError{Option: "Samples", Value: float64(o.Samples), Reason: fmt.Sprintf("need at least %d (0: %d)", predict.MinSamples, DefaultSamples)}
	}
	return predict.Options{Samples: n, Quantiles: o.Quantiles, Seed: o.Seed, KeepSamples: o.KeepSamples}, nil
}

// ownData reports whether o leaves the training to the small-data path
// (every training field zero; see Options).
func (o Options) ownData() bool {
	return o.Iterations == 0 && o.BatchSize == 0 && o.LR == 0 && o.Validation == 0 && o.SelectEvery == 0 && o.Stop == (runconfig.StopConfig{})
}
