package compare

import (
	"regexp"
	"slices"
	"strings"

	"github.com/mgpteam/mgp/pkg/models"
	"github.com/mgpteam/mgp/pkg/runconfig"
)

// DefaultModels are the candidates when none are named: SGP, SHGP, SMGP and
// SLGP in its recommended setting (the models with a Compare.Rank in the
// registry), from the simplest.
var DefaultModels = models.CompareDefaults()

// ComplexityOrder returns models (or candidates model-kernel) sorted from
// simplest: the registry's Compare.Rank of their models (a homoscedastic
// GP, a heteroscedastic one, a mixture, a latent-variable one), then the
// models without a rank in their given order; the kernels of one model in
// their given order.
func ComplexityOrder(ms []string) []string {
	out := slices.Clone(ms)
	ranked := len(models.CompareDefaults())
	rank := func(m string) int {
		if e, err := models.Lookup(modelOf(m)); err == nil && e.Compare.Rank > 0 {
			return e.Compare.Rank - 1
		}
		return ranked + slices.Index(ms, m)
	}
	slices.SortStableFunc(out, func(a, b string) int { return rank(a) - rank(b) })
	return out
}

// Settings are what every candidate's run config shares.
type Settings struct {
	// Name labels the data (a run directory component).
	Name string
	// Path is the CSV file, absolute so the runs work from any directory.
	Path string
	// Target is the output column.
	Target string
	// Iterations is the most optimiser steps of every run.
	Iterations int
	// SplitIterations, in a refit's Settings, is the split runs'
	// Iterations: a model's small-data schedule (runconfig.ApplyOwnData)
	// decays over the splits' steps, and the refit follows it to its
	// Iterations.
	SplitIterations int
	// NTrain is the number of training rows of a split (it caps M).
	NTrain int
	// Refit makes the config of the final fit on every row (mgp compare
	// --refit): data.split none, no held-out selection, Iterations steps
	// (the iteration chosen on the splits) and, when Latent is set, that
	// eval.latent; the model section is the splits' own.
	Refit bool
	// Latent is the refit's eval.latent (models.Draws or models.PlugIn;
	// "" leaves it out).
	Latent models.Predictive
	// Stop, when enabled, is every split run's early stopping (train.stop,
	// with Iterations the cap): every model then holds out 10 % of its
	// training rows, checked every stopEvery iterations (its selectEvery
	// where finer). Zero: fixed Iterations, selection where
	// NeedsSelection says so. Mgp compare uses DefaultStop.
	Stop runconfig.StopConfig
}

// DefaultStop is mgp compare's early-stopping rule (runconfig.DefaultStop).
var DefaultStop = runconfig.DefaultStop

// stopEvery is the held-out cadence of runs with early stopping.
const stopEvery = runconfig.StopEvery

// NeedsSelection reports whether compare trains model with held-out
// selection (10 % of each training part): the registry's
// Compare.SelectEvery. A candidate name (model-kernel) counts as its model.
func NeedsSelection(model string) bool { return selectEvery(modelOf(model)) > 0 }

// selectEvery is the held-out selection cadence compare trains model with
// (0: none; models.CompareSettings.SelectEvery).
func selectEvery(model string) int {
	e, err := models.Lookup(model)
	if err != nil {
		return 0
	}
	return e.Compare.SelectEvery
}

// modelOf is the model of a candidate name (SplitCandidate).
func modelOf(candidate string) string {
	m, _ := SplitCandidate(candidate)
	return m
}

// namePattern is what a run directory component may hold.
var namePattern = regexp.MustCompile(`[^A-Za-z0-9._-]+`)

// DataName turns a file's base name (without extension) into a data set
// label usable as a directory name.
func DataName(base string) string {
	s := namePattern.ReplaceAllString(base, "-")
	s = strings.Trim(s, "-.")
	if s == "" {
		return "data"
	}
	return s
}
