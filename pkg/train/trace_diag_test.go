package train

import (
	"context"
	"path/filepath"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// TestTraceDiagnostics: with train.eval_every, every evaluated trace point
// of a latent model carries its diagnostics (the noise variance, the mean
// KL of w, the dead units of each MLP) and the other points none; and
// evaluating and diagnosing during training changes no parameter, metric
// or ELBO of the run (they draw from their own streams and leave the tape
// as training needs it).
func TestTraceDiagnostics(t *testing.T) {
	cfg := resumeConfig("slgp", "moons")
	root := t.TempDir()
	traced, err := Run(context.Background(), cfg, Options{OutDir: filepath.Join(root, "traced")})
	if err != nil {
		t.Fatal(err)
	}
	evaluated := 0
	for _, p := range traced.Result.Trace {
		if p.TestNLL == nil {
			if p.Diagnostics != nil {
				t.Fatalf("trace point %d has diagnostics but no test NLL", p.Iter)
			}
			continue
		}
		evaluated++
		for _, k := range []string{"noise_variance", "kl_w_mean", "dead_relu_post_layer1", "dead_relu_prior_layer1", "dead_relu_enc_layer1"} {
			if _, ok := p.Diagnostics[k]; !ok {
				t.Fatalf("trace point %d: no %s in %v", p.Iter, k, p.Diagnostics)
			}
		}
	}
	if evaluated != cfg.Train.Iterations/cfg.Train.EvalEvery {
		t.Fatalf("%d evaluated trace points, want %d", evaluated, cfg.Train.Iterations/cfg.Train.EvalEvery)
	}
	if traced.Result.Trace[1].Diagnostics["noise_variance"] == traced.Result.Trace[len(traced.Result.Trace)-1].Diagnostics["noise_variance"] {
		t.Fatal("the traced noise variance did not change during training")
	}

	cfg.Train.EvalEvery = 0
	plain, err := Run(context.Background(), cfg, Options{OutDir: filepath.Join(root, "plain")})
	if err != nil {
		t.Fatal(err)
	}
	pp, tp := plain.Model.Params().Snapshot(), traced.Model.Params().Snapshot()
	for name, v := range pp {
		if !mat.Equal(v, tp[name]) {
			t.Fatalf("parameter %s differs when the run is traced", name)
		}
	}
	if plain.Result.Metrics.NLL != traced.Result.Metrics.NLL {
		t.Fatalf("test NLL %v traced, %v plain", traced.Result.Metrics.NLL, plain.Result.Metrics.NLL)
	}
}
