package train

import (
	"context"
	"strings"
	"testing"

	"github.com/mgpteam/mgp/pkg/runconfig"
)

// TestDensityScoreAndSelection: with eval.density_draws a run records the
// model's own predictive density NLL: for SGP it is its exact NLL; for
// SMGP the mixture of draws components, finite and on the KDE's scale.
// train.select_by: density selects on it (the held-out trace holds it),
// and is refused for a mixture model without eval.density_draws.
func TestDensityScoreAndSelection(t *testing.T) {
	for _, model := range []string{"sgp", "smgp"} {
		cfg := toyConfig(model, 60)
		cfg.Train.Validation, cfg.Train.SelectEvery, cfg.Train.SelectBy = 0.1, 20, runconfig.SelectByDensity
		cfg.Eval.DensityDraws, cfg.Eval.Samples = 300, 100
		out, err := Run(context.Background(), cfg, Options{})
		if err != nil {
			t.Fatalf("%s: %v", model, err)
		}
		met := out.Result.Metrics
		if met.DensityNLL == nil {
			t.Fatalf("%s: no density NLL", model)
		}
		d := *met.DensityNLL
		if model == "sgp" && (met.ExactNLL == nil || *met.ExactNLL != d) {
			t.Errorf("sgp: density NLL %v, exact NLL %v", d, met.ExactNLL)
		}
		if d < met.NLL-1 || d > met.NLL+1 {
			t.Errorf("%s: density NLL %v far from the KDE's %v", model, d, met.NLL)
		}
		sel := out.Result.Selection
		if sel == nil || len(sel.Trace) != 4 || sel.ValNLL != sel.Trace[sel.Iter/20].NLL {
			t.Fatalf("%s: selection %+v", model, sel)
		}
		kcfg := cfg
		kcfg.Train.SelectBy = runconfig.SelectByKDE
		kde, err := Run(context.Background(), kcfg, Options{})
		if err != nil {
			t.Fatal(err)
		}
		for i, p := range kde.Result.Selection.Trace {
			if p.NLL == sel.Trace[i].NLL {
				t.Errorf("%s: check %d scores %v by the KDE and by the density", model, p.Iter, p.NLL)
			}
		}
	}
	cfg := toyConfig("smgp", 5)
	cfg.Train.Validation, cfg.Train.SelectBy = 0.1, runconfig.SelectByDensity
	if _, err := Run(context.Background(), cfg, Options{}); err == nil || !strings.Contains(err.Error(), "eval.density_draws") {
		t.Errorf("smgp selecting by density without draws: err = %v", err)
	}
	cfg.Train.SelectBy = "best"
	if err := cfg.Validate(); err == nil || !strings.Contains(err.Error(), "train.select_by") {
		t.Errorf("select_by best: err = %v", err)
	}
}
