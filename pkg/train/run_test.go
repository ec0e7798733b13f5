package train

import (
	"context"
	"errors"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mgpteam/mgp/pkg/config"
	"github.com/mgpteam/mgp/pkg/models"
	"github.com/mgpteam/mgp/pkg/runconfig"
	"github.com/mgpteam/mgp/pkg/rundir"
	"github.com/mgpteam/mgp/pkg/score"
)

func toyConfig(model string, iters int) runconfig.RunConfig {
	cfg := runconfig.DefaultRunConfig()
	cfg.Model = modelCfg(map[string]any{"name": model})
	if _, ok := cfg.Model.Int("m"); ok {
		setModel(nil, &cfg, map[string]any{"m": 20})
	}
	cfg.Data = runconfig.DataConfig{Name: "hetero"}
	cfg.Train.Iterations = iters
	cfg.Train.BatchSize = 0
	cfg.Eval.Samples = 200
	return cfg
}

// TestSGPLearnsHetero: SGP trained on the heteroscedastic toy reaches an
// NLL an untrained model cannot. Untrained SGP (the prior, noise 1) scores
// about 1.57 (KDE, standardised scale) here; 600 full-batch steps bring the
// KDE NLL to about 1.27 and the exact Gaussian NLL to about 0.84. The KDE
// value stays above the exact one because a constant-noise model leaves
// the large-noise region's test points in its tails, where 200 samples and
// Silverman's bandwidth underestimate the density.
func TestSGPLearnsHetero(t *testing.T) {
	ctx := context.Background()
	untrained, err := Run(ctx, toyConfig("sgp", 0), Options{})
	if err != nil {
		t.Fatal(err)
	}
	trained, err := Run(ctx, toyConfig("sgp", 600), Options{})
	if err != nil {
		t.Fatal(err)
	}
	ls := math.Log(trained.Exp.SigmaY)
	u, tr := untrained.Result.Metrics.NLLStd, trained.Result.Metrics.NLLStd
	ue, te := *untrained.Result.Metrics.ExactNLL-ls, *trained.Result.Metrics.ExactNLL-ls
	t.Logf("hetero SGP NLL_std untrained %.4f (exact %.4f), trained %.4f (exact %.4f)", u, ue, tr, te)
	if u < 1.5 || ue < 1.3 {
		t.Fatalf("untrained NLL %.3f / exact %.3f unexpectedly low: the thresholds below would not prove learning", u, ue)
	}
	if tr > 1.4 || te > 1.0 {
		t.Fatalf("trained SGP NLL_std %.3f (want < 1.4), exact %.3f (want < 1.0)", tr, te)
	}
}

func TestRunWritesAndReloads(t *testing.T) {
	dir := t.TempDir()
	cfg := toyConfig("sgp", 50)
	out, err := Run(context.Background(), cfg, Options{OutDir: dir, Version: "test"})
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{rundir.ResultFile, rundir.CheckpointFile} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Fatal(err)
		}
	}
	ck, exp, m, err := LoadRun(dir, "")
	if err != nil {
		t.Fatal(err)
	}
	met, err := Reevaluate(context.Background(), ck, exp, m, models.Draws, 200, cfg.Train.Seed, score.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if met.NLL != out.Result.Metrics.NLL {
		t.Fatalf("reloaded NLL %v != %v (same seed must give the same number)", met.NLL, out.Result.Metrics.NLL)
	}
}

func TestDeterministic(t *testing.T) {
	cfg := toyConfig("sgp", 30)
	cfg.Train.BatchSize = 100
	a, _ := Run(context.Background(), cfg, Options{})
	b, _ := Run(context.Background(), cfg, Options{})
	if a.Result.Metrics.NLL != b.Result.Metrics.NLL {
		t.Fatal("same config and seed gave different NLLs")
	}
}

// TestUnknownModelKey: a key the model does not have is refused when the
// model section is decoded, before any run, with the key in a KeyError.
func TestUnknownModelKey(t *testing.T) {
	_, err := runconfig.NewModelConfig("sgp", map[string]any{"inducing": 5})
	var ke *config.KeyError
	if !errors.As(err, &ke) || ke.Key != "model.inducing" || !strings.Contains(err.Error(), "model.inducing") {
		t.Fatalf("err = %v", err)
	}
}
