package train

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mgpteam/mgp/pkg/runconfig"
)

// TestScaledPriorSilencesW: on a nearly noiseless function (y = sin 3x plus
// noise of sd 0.01) GPCDE with the scaled prior learns to shrink p(w|x)'s
// variance (to about 0.007 from 1), so that the draws of w add almost
// nothing to the predictive (pred_var_latent about 6e-5) and the
// standardised KDE NLL is about -1.0; with the fixed N(0, 1) prior, which
// it cannot shrink, the draws add about 0.04 and the NLL is about -0.53.
// 1500 full-batch steps each; the thresholds leave wide margins.
func TestScaledPriorSilencesW(t *testing.T) {
	if testing.Short() {
		t.Skip("trains two models")
	}
	dir := t.TempDir()
	rng := rand.New(rand.NewPCG(1, 1))
	var b strings.Builder
	b.WriteString("x,y\n")
	for range 400 {
		x := 4*rng.Float64() - 2
		fmt.Fprintf(&b, "%g,%g\n", x, math.Sin(3*x)+0.01*rng.NormFloat64())
	}
	path := filepath.Join(dir, "sin.csv")
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	run := func(prior string) *Outcome {
		cfg := runconfig.DefaultRunConfig()
		cfg.Model = modelCfg(map[string]any{"name": "gpcde", "m": 20, "hidden": []int{32, 32}, "s": 5, "prior": prior, "noise_init": 0.01})
		cfg.Data = runconfig.DataConfig{Kind: "csv", Path: path, Split: "random", Stats: "full"}
		cfg.Train.Iterations, cfg.Train.BatchSize = 1500, 0
		cfg.Eval.Samples = 100
		out, err := Run(context.Background(), cfg, Options{})
		if err != nil {
			t.Fatal(err)
		}
		return out
	}
	scaled, fixed := run("scaled").Result, run("normal").Result
	t.Logf("scaled: NLL_std %.3f, prior variance %.4f, pred_var_latent %.3g; normal: NLL_std %.3f, pred_var_latent %.3g",
		scaled.Metrics.NLLStd, scaled.Diagnostics["p_w_agg_var"], scaled.Diagnostics["pred_var_latent"],
		fixed.Metrics.NLLStd, fixed.Diagnostics["pred_var_latent"])
	if v := scaled.Diagnostics["p_w_agg_var"]; !(v < 0.1) {
		t.Errorf("scaled prior's variance %g, want below 0.1", v)
	}
	if a, b := scaled.Diagnostics["pred_var_latent"], fixed.Diagnostics["pred_var_latent"]; !(a < b/10) {
		t.Errorf("pred_var_latent scaled %g, normal %g: want the scaled prior's ten times smaller", a, b)
	}
	if scaled.Metrics.NLLStd > -0.8 || fixed.Metrics.NLLStd < scaled.Metrics.NLLStd+0.2 {
		t.Errorf("NLL_std scaled %.3f (want below -0.8), normal %.3f (want at least 0.2 above)", scaled.Metrics.NLLStd, fixed.Metrics.NLLStd)
	}
}
