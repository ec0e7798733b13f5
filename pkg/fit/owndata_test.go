package fit_test

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/mgpteam/mgp/pkg/fit"
	"github.com/mgpteam/mgp/pkg/models"
	"github.com/mgpteam/mgp/pkg/runconfig"
)

// TestZeroOptionsTrainTheSmallDataPath: with every training option zero,
// Fit trains as mgp compare's split runs do (runconfig.ApplyOwnData): SGP
// by full-batch L-BFGS on every row, SHGP by the small-data Adam schedule
// with 10 % held out, selection on the model's own density and early
// stopping; below 15 rows nothing is held out; an option set (or a loaded
// run) trains as a config file does.
func TestZeroOptionsTrainTheSmallDataPath(t *testing.T) {
	ctx := context.Background()
	X, Y := heteroData(60, 3)
	sgp, err := fit.New("sgp", fit.Options{Model: map[string]any{"m": 8}})
	if err != nil {
		t.Fatal(err)
	}
	if err := sgp.Fit(ctx, X, Y); err != nil {
		t.Fatal(err)
	}
	tr := sgp.Config().Train
	if tr.Optimizer != runconfig.OptimizerLBFGS || tr.Validation != 0 || tr.Stop.Enabled() || tr.Iterations != runconfig.LBFGSIterations {
		t.Errorf("sgp with zero options: train %+v, want full-batch L-BFGS on every row, at most %d iterations", tr, runconfig.LBFGSIterations)
	}

	shgp, err := fit.New("shgp", fit.Options{Model: map[string]any{"m": 6, "m_w": 6}})
	if err != nil {
		t.Fatal(err)
	}
	if err := shgp.Fit(ctx, X, Y); err != nil {
		t.Fatal(err)
	}
	tr = shgp.Config().Train
	if tr.LR != 0.02 || tr.LRFinal != 0.002 || tr.Iterations != 3000 || tr.Validation != runconfig.OwnDataValidation || tr.Stop != runconfig.DefaultStop {
		t.Errorf("shgp with zero options: train %+v, want the small-data schedule with early stopping", tr)
	}
	if v := shgp.Config().Model.Map()["init"]; v != models.InitResiduals {
		t.Errorf("shgp with zero options: model.init %v, want the warm start %s", v, models.InitResiduals)
	}
	dir := filepath.Join(t.TempDir(), "shgp")
	if err := shgp.Save(dir); err != nil {
		t.Fatal(err)
	}

	small, err := fit.New("shgp", fit.Options{Model: map[string]any{"m": 4, "m_w": 4}})
	if err != nil {
		t.Fatal(err)
	}
	if err := small.Fit(ctx, X.Slice(0, 10, 0, 2), Y.Slice(0, 10, 0, 1)); err != nil {
		t.Fatalf("10 rows with zero options: %v", err)
	}
	if tr := small.Config().Train; tr.Validation != 0 || tr.Stop.Enabled() {
		t.Errorf("10 rows: train %+v, want nothing held out", tr)
	}

	set, err := fit.New("shgp", fit.Options{Iterations: 30, Model: map[string]any{"m": 6, "m_w": 6}})
	if err != nil {
		t.Fatal(err)
	}
	if err := set.Fit(ctx, X, Y); err != nil {
		t.Fatal(err)
	}
	if tr := set.Config().Train; tr.Iterations != 30 || tr.LR != 0.005 || tr.LRFinal != 0 || tr.Validation != 0 {
		t.Errorf("Iterations 30: train %+v, want a config file's defaults", tr)
	}

	loaded, err := fit.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	loaded2 := loaded.Config().Train
	if err := loaded.Fit(ctx, X, Y); err != nil {
		t.Fatal(err)
	}
	if tr := loaded.Config().Train; tr.LR != loaded2.LR || tr.Iterations != loaded2.Iterations || tr.Validation != loaded2.Validation {
		t.Errorf("loaded run refitted: train %+v, want the run's own %+v", tr, loaded2)
	}
}
