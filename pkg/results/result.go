package results

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
)

// Metrics are the test metrics of one run.
type Metrics struct {
	// NLL is the mean KDE negative log-likelihood on the original y scale.
	NLL float64 `json:"nll"`
	// NLLStd is the same on the standardised scale.
	NLLStd float64 `json:"nll_std"`
	// RMSE is the root mean squared error of the predictive mean, original scale.
	RMSE float64 `json:"rmse"`
	// ExactNLL is the analytic Gaussian NLL (original scale) for models
	// that have one (models.md §8.4), nil otherwise.
	ExactNLL *float64 `json:"exact_nll,omitempty"`
	// DensityNLL is the mean negative log of the model's own predictive
	// density (original y scale): ExactNLL's value where the model has a
	// closed form, else the mixture of eval.density_draws predictive
	// components; absent unless eval.density_draws is set.
	DensityNLL *float64 `json:"density_nll,omitempty"`
	// NTest is the number of test points.
	NTest int `json:"n_test"`
	// Samples is the number of predictive samples per test point (P).
	Samples int `json:"samples"`

	// Calibration holds the CRPS, interval coverage and PIT of the same
	// samples (nil in results written before they were recorded).
	Calibration *Calibration `json:"calibration,omitempty"`
}

// TracePoint is one entry of the training trace.
type TracePoint struct {
	// Iter is the iteration number.
	Iter int `json:"iter"`
	// ELBO is the training objective at Iter (per data point, §0.3).
	ELBO float64 `json:"elbo"`
	// TestNLL is the test NLL at Iter when it was evaluated, nil otherwise.
	TestNLL *float64 `json:"test_nll,omitempty"`
	// Diagnostics are the model's diagnostics (models.Diagnoser) at Iter
	// when the test NLL was evaluated there and the model has them: how
	// the learnt noise, the KL of w and the dead units evolve.
	Diagnostics map[string]float64 `json:"diagnostics,omitempty"`
}

// ValPoint is one held-out validation check: the validation NLL (original
// y scale) at an iteration.
type ValPoint struct {
	Iter int     `json:"iter"`
	NLL  float64 `json:"nll"`
}

// Selection records held-out model selection (train.validation): the run's
// Metrics are those of the selected parameters, LastMetrics those of the
// last iteration's.
type Selection struct {
	// Validation is the fraction of the training split held out.
	Validation float64 `json:"validation"`
	// NValidation and NTrain are the held-out and the trained-on rows.
	NValidation int `json:"n_validation"`
	NTrain      int `json:"n_train"`
	// Every is the cadence of the checks, in iterations.
	Every int `json:"every"`
	// Iter is the selected iteration and ValNLL its validation NLL.
	Iter   int     `json:"iter"`
	ValNLL float64 `json:"val_nll"`
	// LastMetrics are the test metrics at the last iteration.
	LastMetrics Metrics `json:"last_metrics"`
	// LastDiagnostics are the model's diagnostics at the last iteration
	// (the Result's Diagnostics are the selected parameters').
	LastDiagnostics map[string]float64 `json:"last_diagnostics,omitempty"`
	// Trace is the validation NLL at every check.
	Trace []ValPoint `json:"trace"`
	// ValNLLPlugIn is the validation NLL of the selected parameters with
	// the plug-in predictive (eval.latent = select; ValNLL is with draws).
	ValNLLPlugIn *float64 `json:"val_nll_plug_in,omitempty"`
	// StoppedAt is the iteration training ended at under early stopping
	// (train.stop; the Result's Iterations is then its cap), and
	// StopReason why it ended there; both absent without train.stop.
	StoppedAt  int    `json:"stopped_at,omitempty"`
	StopReason string `json:"stop_reason,omitempty"`
}

// Result is the record one training-and-evaluation run writes as JSON.
type Result struct {
	// Model is the registered name of the model (the config's model.name).
	Model string `json:"model"`
	// Dataset is the data set name, e.g. "wine-red".
	Dataset string `json:"dataset"`
	// Variant names the set of overrides the run was made with (a sweep's
	// variant, e.g. "paper" or "beta=0.1"); empty means the config as given.
	// A run's identity is (Dataset, Model, Variant, seeds).
	Variant string `json:"variant,omitempty"`
	// Config holds the run's hyper-parameters as given.
	Config map[string]any `json:"config"`
	// SplitSeed seeds the train/test split.
	SplitSeed uint64 `json:"split_seed"`
	// ModelSeed seeds initialisation, batching and Monte-Carlo noise.
	ModelSeed uint64 `json:"model_seed"`
	// Split describes the split, e.g. "90/10".
	Split string `json:"split"`
	// Iterations is the number of optimiser steps taken.
	Iterations int `json:"iterations"`
	// Converged says where and why a full-batch L-BFGS run
	// (train.optimizer: lbfgs) stopped before Iterations ("" otherwise).
	Converged string `json:"converged,omitempty"`
	// TrainSeconds is the training time: wall-clock time over all the
	// run's sessions, without the time the process was stopped by SIGSTOP
	// and continued (internal/awake; results of versions before
	// 2026-11-28 count it, and a run resumed across that change mixes
	// both). A suspended machine's time never counted.
	TrainSeconds float64 `json:"train_seconds"`
	// EvalSeconds is the evaluation time (wall clock, stops left out as
	// for TrainSeconds).
	EvalSeconds float64 `json:"eval_seconds"`
	// TraceEvalSeconds is the part of TrainSeconds spent on the test
	// evaluations traced during training (train.eval_every) and their
	// diagnostics, so that the cost model can tell steps from
	// evaluations (absent before 2026-11-28 and without eval_every).
	TraceEvalSeconds float64 `json:"trace_eval_seconds,omitempty"`
	// CheckSeconds is the time of all the held-out checks of Selection's
	// Trace (stops left out). Those made during training, at the
	// multiples of Selection's Every, are part of TrainSeconds; the first
	// (iteration 0) and a last one off the cadence are not (absent before
	// 2026-11-28 and without train.validation).
	CheckSeconds float64 `json:"check_seconds,omitempty"`
	// ItersPerSecond is Iterations / TrainSeconds.
	ItersPerSecond float64 `json:"iters_per_second"`
	// Metrics are the final test metrics. A run without test rows
	// (NoTest) has none and writes no "metrics" object, which ReadResult
	// refuses as it refuses any result without metrics.
	Metrics Metrics `json:"metrics"`
	// NoTest, when set, says why the run has no test metrics: it was
	// trained on every row (data.split: none, mgp compare --refit).
	NoTest string `json:"no_test,omitempty"`
	// Predictive is "mean" when Metrics come from a latent model's plug-in
	// predictive (eval.latent; empty: the model's own, with draws).
	Predictive string `json:"predictive,omitempty"`
	// DrawsMetrics are the test metrics of the same parameters with the
	// model's own predictive, when Predictive is "mean".
	DrawsMetrics *Metrics `json:"draws_metrics,omitempty"`
	// Trace is the optional training trace.
	Trace []TracePoint `json:"trace,omitempty"`
	// Selection, when present, says the run selected its parameters on a
	// held-out part of the training split (Metrics are the selected ones).
	Selection *Selection `json:"selection,omitempty"`
	// Warnings are what the run should not end with unnoticed (e.g. a latent
	// model memorising its targets, a late rise of the validation NLL).
	Warnings []string `json:"warnings,omitempty"`
	// Diagnostics holds optional model-specific scalars (e.g. learned noise).
	Diagnostics map[string]float64 `json:"diagnostics,omitempty"`
	// Version is the program version (e.g. a git describe string).
	Version string `json:"version"`
	// EarlierVersions are the versions of the binaries that trained the
	// run before Version when it was resumed by another, oldest first.
	EarlierVersions []string `json:"earlier_versions,omitempty"`
	// GoVersion is runtime.Version() of the binary.
	GoVersion string `json:"go_version"`
	// BLAS names the BLAS implementation used.
	BLAS string `json:"blas"`
	// Date is the run's date, RFC 3339.
	Date string `json:"date"`
	// Command is the command line that produced the run.
	Command string `json:"command"`
	// Complete is true in a result written by a run that finished: trained
	// to its last iteration and evaluated (mgp train, mgp sweep). Results
	// of earlier versions lack it (see the sweep's rule for them).
	Complete bool `json:"complete,omitempty"`
	// ConfigFingerprint is "sha256:..." of the run's effective config (the
	// decoded run config after every override, less the keys that do not
	// change its numbers: train.log_every, train.checkpoint_every,
	// data.dir); see runconfig.ConfigFingerprint.
	ConfigFingerprint string `json:"config_fingerprint,omitempty"`
	// DataFingerprint is "sha256:..." of the training data as read and the
	// split made of it (train.Experiment.Fingerprint).
	DataFingerprint string `json:"data_fingerprint,omitempty"`
}

// ErrNotResult marks a JSON file that decodes but is not a Result (it lacks
// a model or a data set name).
var ErrNotResult = errors.New("not a result file (no model or dataset)")

// ErrNoMetrics marks a result file without test metrics: no "metrics"
// object or no "nll" in it. Read as is, such a file would show an NLL of 0,
// so it is refused instead.
var ErrNoMetrics = errors.New("result without test metrics")

// ReadResult reads one JSON result file. Non-finite numbers written by
// WriteJSONAtomic (as "NaN", "+Inf", "-Inf") are read back as such. It
// returns an error wrapping ErrNotResult when the JSON lacks a model or a
// data set name, and one wrapping ErrNoMetrics when it lacks metrics.nll
// (see checkMetrics).
func ReadResult(path string) (*Result, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var r Result
	if err := json.Unmarshal(b, &r); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if r.Model == "" || r.Dataset == "" {
		return nil, fmt.Errorf("%s: %w", path, ErrNotResult)
	}
	if err := checkMetrics(b); err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return &r, nil
}
