package compare

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/mgpteam/mgp/pkg/models"
	"github.com/mgpteam/mgp/pkg/runconfig"
)

// decodeCompareConfig returns compare's run config of model for s.
func decodeCompareConfig(t *testing.T, model string, s Settings) runconfig.RunConfig {
	t.Helper()
	cfg, err := RunConfig(model, s)
	if err != nil {
		t.Fatalf("%s: %v", model, err)
	}
	return cfg
}

// TestRunConfigStop: with Settings.Stop every model but SGP holds out 10 %
// and stops early, checked every stopEvery iterations (the NN models'
// finer cadence kept; SGP with Adam beyond FullBatchRows; SHGP every 150
// of its 3,000-step schedule, I/20); SGP on data that fits in one batch trains by
// full-batch L-BFGS on every training row, nothing held out, for at most
// LBFGSIterations; without Stop, and in the refit, nothing of it is set.
func TestRunConfigStop(t *testing.T) {
	s := Settings{Name: "d", Path: "/x/d.csv", Target: "y", Iterations: 20000, NTrain: 180, Stop: DefaultStop}
	for model, every := range map[string]int{"shgp": 150, "smgp": 250, "slgp": 250, "hnn": 100} {
		cfg := decodeCompareConfig(t, model, s)
		iters := 20000
		if e, _ := models.Lookup(model); e.Compare.SmallData.Iterations > 0 {
			iters = e.Compare.SmallData.Iterations
		}
		if cfg.Train.Stop != DefaultStop || cfg.Train.Validation != 0.1 || cfg.Train.SelectEvery != every || cfg.Train.Iterations != iters {
			t.Errorf("%s: train %+v, want early stopping every %d", model, cfg.Train, every)
		}
	}
	if cfg := decodeCompareConfig(t, "sgp", s); cfg.Train.Optimizer != runconfig.OptimizerLBFGS || cfg.Train.BatchSize != 0 ||
		cfg.Train.Validation != 0 || cfg.Train.Stop.Enabled() || cfg.Train.SelectEvery != 0 || cfg.Train.Iterations != LBFGSIterations {
		t.Errorf("sgp on %d training rows: train %+v, want full-batch L-BFGS on every row for at most %d iterations", s.NTrain, cfg.Train, LBFGSIterations)
	}
	short := s
	short.Iterations = 1000
	if cfg := decodeCompareConfig(t, "sgp", short); cfg.Train.Iterations != 1000 {
		t.Errorf("sgp with --iterations 1000: %d iterations", cfg.Train.Iterations)
	}
	big := s
	big.NTrain = FullBatchRows + 1
	if cfg := decodeCompareConfig(t, "sgp", big); cfg.Train.Optimizer != "" || cfg.Train.BatchSize != 512 || cfg.Train.SelectEvery != 250 ||
		cfg.Train.Stop != DefaultStop || cfg.Train.Validation != 0.1 {
		t.Errorf("sgp on %d training rows: train %+v, want minibatch Adam", big.NTrain, cfg.Train)
	}
	fixed := s
	fixed.Stop = runconfig.StopConfig{}
	if cfg := decodeCompareConfig(t, "sgp", fixed); cfg.Train.Stop.Enabled() || cfg.Train.Validation != 0 {
		t.Errorf("without Stop: train %+v", cfg.Train)
	}
	if cfg := decodeCompareConfig(t, "slgp", fixed); cfg.Train.Stop.Enabled() || cfg.Train.SelectEvery != 500 {
		t.Errorf("slgp without Stop: train %+v", cfg.Train)
	}
	refit := s
	refit.Refit, refit.Iterations = true, 1234
	if cfg := decodeCompareConfig(t, "sgp", refit); cfg.Train.Stop.Enabled() || cfg.Train.Validation != 0 || cfg.Train.Iterations != 1234 {
		t.Errorf("refit: train %+v", cfg.Train)
	}
	if cfg := decodeCompareConfig(t, "shgp", refit); cfg.Train.Stop.Enabled() || cfg.Train.Validation != 0 {
		t.Errorf("refit: train %+v", cfg.Train)
	}
}

// TestMarkdownStoppedAt: report.md has a "stopped at" column (the cap
// marked) and a paragraph on the rule when the runs stopped early, and is
// unchanged otherwise.
func TestMarkdownStoppedAt(t *testing.T) {
	rep := func(stops ...int) *Report {
		r := &Report{Meta: Meta{Iterations: 20000}, Decision: Decision{Chosen: "sgp", Best: "sgp"}}
		s := ModelSummary{Model: "sgp"}
		for i, at := range stops {
			s.Splits = append(s.Splits, SplitMetrics{Seed: uint64(i), SelectedIter: 100, StoppedAt: at})
		}
		r.Models = []ModelSummary{s}
		return r
	}
	plain := Markdown(rep(0, 0))
	if strings.Contains(plain, "stopped at") || strings.Contains(plain, "Early stopping") ||
		!strings.Contains(plain, "| PIT KS | selected iteration | train s |") || !strings.Contains(plain, "| 100 | 0 |") {
		t.Errorf("without early stopping the report changed:\n%s", plain)
	}
	md := Markdown(rep(2600, 20000))
	for _, want := range []string{"| selected iteration | stopped at | train s |", "|---|---|---|---|---|---|---|---|---|---|---|---|",
		"| 100 | 2600 | 0 |", "| 100 | 20000 (cap) | 0 |", "Early stopping (train.stop): every model held out 10 %", "after 10 checks"} {
		if !strings.Contains(md, want) {
			t.Errorf("report lacks %q:\n%s", want, md)
		}
	}
}

// TestMarkdownNamesTheModelsOnAllRows: beside models that stopped early,
// report.md's early-stopping paragraph names a model that held nothing out
// (SGP's full-batch L-BFGS on every training row) and its cap; a model
// with a held-out score on any split is not named.
func TestMarkdownNamesTheModelsOnAllRows(t *testing.T) {
	r := &Report{Meta: Meta{Iterations: 20000}, Decision: Decision{Chosen: "shgp", Best: "shgp"}}
	r.Models = []ModelSummary{
		{Model: "shgp", Splits: []SplitMetrics{{SelectedIter: 300, StoppedAt: 2800}, {SelectedIter: 150, StoppedAt: 2650}}},
		{Model: "sgp", Splits: []SplitMetrics{{}, {}}},
	}
	md := Markdown(r)
	want := fmt.Sprintf("every model but sgp (full-batch L-BFGS on all of its training rows until it converged, at most %d iterations", LBFGSIterations)
	if !strings.Contains(md, want) {
		t.Errorf("report lacks %q:\n%s", want, md)
	}
	if got := allRows(r); !slices.Equal(got, []string{"sgp"}) {
		t.Errorf("allRows = %v, want [sgp]", got)
	}
	r.Models[1].Splits[0].SelectedIter = 50
	if got := allRows(r); len(got) != 0 {
		t.Errorf("with a held-out selection allRows = %v, want none", got)
	}
}

// TestRefitPlanStopped: a model that selected its iteration on every
// split (early stopping makes SGP one) refits for the median of them.
func TestRefitPlanStopped(t *testing.T) {
	s := ModelSummary{Model: "sgp", Splits: []SplitMetrics{{SelectedIter: 750}, {SelectedIter: 2500}, {SelectedIter: 1000}}}
	if iters, from, latent := RefitPlan(s, 20000); iters != 1000 || latent != "" || !strings.Contains(from, "median") {
		t.Errorf("RefitPlan = %d, %q, %q; want the median 1000", iters, from, latent)
	}
}
