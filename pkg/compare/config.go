package compare

import (
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/mgpteam/mgp/pkg/models"
	"github.com/mgpteam/mgp/pkg/train"
	"go.yaml.in/yaml/v3"
)

// DefaultModels are the candidates when none are named: SGP, SHGP, SMGP and
// SLGP in its recommended setting.
var DefaultModels = []string{"sgp", "shgp", "smgp", "slgp"}

// complexityOrder ranks the models from simplest: a homoscedastic GP, a
// heteroscedastic one, a mixture, a latent-variable one. Models not listed
// come after them, in the order they were given.
var complexityOrder = []string{"sgp", "shgp", "smgp", "slgp"}

// ComplexityOrder returns models (or candidates model-kernel) sorted from
// simplest (complexityOrder of their models, then the rest in their given
// order; the kernels of one model in their given order).
func ComplexityOrder(models []string) []string {
	out := slices.Clone(models)
	rank := func(m string) int {
		if i := slices.Index(complexityOrder, modelOf(m)); i >= 0 {
			return i
		}
		return len(complexityOrder) + slices.Index(models, m)
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
	// Iterations is the number of optimiser steps of every run.
	Iterations int
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
	Stop train.StopConfig
}

// DefaultStop is mgp compare's early-stopping rule: end a run after 10
// held-out checks (2,500 iterations at stopEvery) without an improvement
// of the held-out NLL by at least 0.01 nats.
var DefaultStop = train.StopConfig{Patience: 10, MinDelta: 0.01}

// stopEvery is the held-out cadence of runs with early stopping.
const stopEvery = 250

// modelSettings are the model sections compare uses: the paper's UCI
// settings (M = 100) and, for SLGP, the recommended one (fixed N(0, 1)
// prior on w, small initial noise; configs/csv/slgp-recommended.yaml).
// Models not listed get their registered defaults.
var modelSettings = map[string]map[string]any{
	"sgp":   {"m": 100},
	"shgp":  {"m": 100, "m_w": 100},
	"svhgp": {"m": 100, "m_w": 100},
	"smgp":  {"m": 100, "t": 4, "s": 10, "lambda": 0.01},
	"dagp":  {"m": 100, "t": 4, "s": 10, "lambda": 0.01},
	"slgp": {"m": 100, "d_w": 1, "s": 10, "beta": 0.5, "bound": "hybrid", "prior": "normal",
		"noise_init": 0.01, "nu0_init": 0.01, "hidden": []int{100, 100, 100}, "inducing": "direct"},
	"gpcde": {"m": 100, "d_w": 1, "s": 10, "prior": "mlp", "hidden": []int{100, 100, 100}},
	"hnn":   {"hidden": []int{100, 100, 100}},
	"mdn":   {"hidden": []int{100, 100, 100}, "t": 4},
	"cvae":  {"hidden": []int{100, 100, 100}, "d_w": 1, "s": 10, "decoder": "heteroscedastic"},
}

// selectEvery is the held-out selection cadence of the models that need
// it (configs/sweeps/table3.yaml: the NN competitors every 100 iterations,
// GPCDE and SLGP every 500); the others train to the last iteration as the
// paper's protocol.
var selectEvery = map[string]int{"hnn": 100, "mdn": 100, "cvae": 100, "gpcde": 500, "slgp": 500}

// NeedsSelection reports whether compare trains model with held-out
// selection (10 % of each training part).
// A candidate name (model-kernel) counts as its model.
func NeedsSelection(model string) bool { _, ok := selectEvery[modelOf(model)]; return ok }

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

// RunConfigYAML returns the run config of model (or of a candidate
// model-kernel: the model with model.kernel set) for s: the model's
// settings, the CSV with a random 90/10 split standardised on the training
// rows only, Adam 0.005 on minibatches of 512, 200 predictive samples, and
// held-out selection where NeedsSelection says so (for every model, with
// early stopping, when s.Stop is enabled). The split seed and the
// model seed are set per split by the sweep.
func RunConfigYAML(candidate string, s Settings) ([]byte, error) {
	model, kernel := SplitCandidate(candidate)
	ms := map[string]any{"name": model}
	for k, v := range modelSettings[model] {
		ms[k] = v
	}
	if kernel != "" {
		ms["kernel"] = kernel
	}
	if m, ok := ms["m"].(int); ok && s.NTrain > 0 {
		ms["m"] = min(m, s.NTrain*9/10) // k-means needs M below the rows it trains on
	}
	if m, ok := ms["m_w"].(int); ok && s.NTrain > 0 {
		ms["m_w"] = min(m, s.NTrain*9/10)
	}
	tr := map[string]any{"iterations": s.Iterations, "batch_size": 512, "lr": 0.005, "log_every": max(1, s.Iterations/10)}
	ev := map[string]any{"samples": 200}
	every, ok := selectEvery[model]
	if s.Stop.Enabled() && !s.Refit {
		if !ok || every > stopEvery {
			every = stopEvery
		}
		ok = true
		tr["stop"] = map[string]any{"patience": s.Stop.Patience, "min_delta": s.Stop.MinDelta}
	}
	if ok && !s.Refit {
		tr["validation"] = 0.1
		tr["select_every"] = max(1, min(every, s.Iterations/20))
		if model == "slgp" {
			ev["latent"] = train.LatentSelect
		}
	}
	split := "random"
	if s.Refit {
		split = "none"
		if s.Latent != "" {
			ev["latent"] = string(s.Latent)
		}
	}
	doc := map[string]any{
		"model": ms,
		"data": map[string]any{"name": s.Name, "kind": "csv", "path": s.Path, "target": []string{s.Target},
			"split": split, "stats": "train"},
		"train": tr,
		"eval":  ev,
	}
	b, err := yaml.Marshal(doc)
	if err != nil {
		return nil, err
	}
	head := fmt.Sprintf("# %s on %s, written by mgp compare: a random 90/10 split per seed, statistics from\n"+
		"# the training rows only (data.stats: train)", candidate, oneLine(s.Path))
	switch {
	case s.Refit:
		head = fmt.Sprintf("# %s on %s, written by mgp compare --refit: the final fit on every row (data.split:\n"+
			"# none, statistics of all rows, no test set) for %d iterations, the iteration chosen on the splits", candidate, oneLine(s.Path), s.Iterations)
	case s.Stop.Enabled():
		head += fmt.Sprintf(", 10 %% of the training rows held out to select the iteration and stop early (train.stop; at most %d iterations)", s.Iterations)
	case NeedsSelection(model):
		head += ", 10 % of the training rows held out to select the iteration"
	}
	return append([]byte(head+".\n"), b...), nil
}
