package train

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/mgpteam/mgp/pkg/models"
	"github.com/mgpteam/mgp/pkg/runconfig"
	"github.com/mgpteam/mgp/pkg/score"
)

// latentRun trains a 30-iteration SLGP on the hetero toy with eval.latent
// set to latent, 20 % held out when hold, into a fresh directory.
func latentRun(t *testing.T, latent string, hold bool) (*Outcome, string) {
	t.Helper()
	cfg := smallSLGP("hetero", 30)
	setModel(t, &cfg, map[string]any{"s": 2, "hidden": []int{8}})
	cfg.Eval.Samples = 50
	if hold {
		cfg.Train.Validation, cfg.Train.SelectEvery = 0.2, 10
	}
	cfg.Eval.Latent = latent
	dir := filepath.Join(t.TempDir(), "run")
	out, err := Run(context.Background(), cfg, Options{OutDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	return out, dir
}

// TestEvalLatentAtTraining: eval.latent changes nothing but the final
// predictive. With mean the run's metrics are the plug-in's, its
// draws_metrics those of the same run with draws, its diagnostics those of
// the model (draws and all), and its checkpoint predicts with the plug-in
// again when reloaded; with select the run records the plug-in's held-out
// NLL and reports the predictive with the lower one, never reading the test
// split for the choice.
func TestEvalLatentAtTraining(t *testing.T) {
	for _, hold := range []bool{false, true} {
		base, _ := latentRun(t, "", hold)
		mean, dir := latentRun(t, runconfig.LatentMean, hold)
		b, r := base.Result, mean.Result
		if r.Predictive != runconfig.LatentMean || r.DrawsMetrics == nil || js(*r.DrawsMetrics) != js(b.Metrics) {
			t.Fatalf("hold %v: predictive %q, draws metrics %s; want mean and %s", hold, r.Predictive, js(r.DrawsMetrics), js(b.Metrics))
		}
		if r.Metrics.NLL == b.Metrics.NLL {
			t.Errorf("hold %v: the plug-in scores the draws' NLL %v: the switch did nothing", hold, b.Metrics.NLL)
		}
		if js(r.Diagnostics) != js(b.Diagnostics) || b.Predictive != "" || b.DrawsMetrics != nil {
			t.Errorf("hold %v: diagnostics or predictive differ from the default run's", hold)
		}
		ck, exp, m, err := LoadRun(dir, "")
		if err != nil {
			t.Fatal(err)
		}
		ev, err := Reevaluate(context.Background(), ck, exp, m, RunPredictive(ck), 0, ck.Config.Train.Seed, score.Options{})
		met := ev.Metrics
		if err != nil || met.NLL != r.Metrics.NLL {
			t.Errorf("hold %v: the reloaded run scores %v (err %v), the run %v", hold, met.NLL, err, r.Metrics.NLL)
		}
	}
	base, _ := latentRun(t, "", true)
	mean, _ := latentRun(t, runconfig.LatentMean, true)
	sel, selDir := latentRun(t, runconfig.LatentSelect, true)
	s := sel.Result
	if s.Selection == nil || s.Selection.ValNLLPlugIn == nil {
		t.Fatal("select records no held-out NLL of the plug-in")
	}
	ck, exp, m, err := LoadRun(selDir, "")
	if err != nil {
		t.Fatal(err)
	}
	plug := s.Selection.ValNLLPlugIn
	if got, _ := ValidationNLL(context.Background(), ck, exp, m, models.PlugIn); got != *plug {
		t.Errorf("the reloaded plug-in scores %v on the held-out part, the run recorded %v", got, *plug)
	}
	drawsNLL, drawsPts, err := ValidationPoints(context.Background(), ck, exp, m, models.Draws)
	if err != nil || drawsNLL != s.Selection.ValNLL {
		t.Fatalf("the reloaded draws score %v on the held-out part (err %v), the run selected %v", drawsNLL, err, s.Selection.ValNLL)
	}
	_, plugPts, err := ValidationPoints(context.Background(), ck, exp, m, models.PlugIn)
	if err != nil {
		t.Fatal(err)
	}
	want := base.Result
	if score.ChoosePredictive(drawsPts, plugPts) == models.PlugIn {
		want = mean.Result
	}
	if s.Predictive != want.Predictive || s.Metrics.NLL != want.Metrics.NLL {
		t.Errorf("select: predictive %q NLL %v (held-out: draws %v, plug-in %v); want %q %v",
			s.Predictive, s.Metrics.NLL, s.Selection.ValNLL, *plug, want.Predictive, want.Metrics.NLL)
	}
}

// TestPredictiveFor: eval.latent = mean fixes the plug-in, "" and draws
// the draws.
func TestPredictiveFor(t *testing.T) {
	if PredictiveFor(runconfig.LatentMean) != models.PlugIn || PredictiveFor("") != models.Draws || PredictiveFor(runconfig.LatentDraws) != models.Draws {
		t.Error("PredictiveFor maps eval.latent wrongly")
	}
}
