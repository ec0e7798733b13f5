package train

import (
	"context"
	"errors"
	"maps"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mgpteam/mgp/pkg/checkpoint"
	"github.com/mgpteam/mgp/pkg/inputerr"
	"github.com/mgpteam/mgp/pkg/models"
	"github.com/mgpteam/mgp/pkg/runconfig"
	"github.com/mgpteam/mgp/pkg/rundir"
	"gonum.org/v1/gonum/mat"
)

// resumeConfig is a short minibatch run with periodic evaluation, so that
// every stream (batches, Monte Carlo, evaluation) is exercised.
func resumeConfig(model, toy string) runconfig.RunConfig {
	cfg := toyConfig(model, 40)
	cfg.Data.Name = toy
	cfg.Train.BatchSize = 64
	cfg.Train.TraceEvery = 3
	cfg.Train.EvalEvery = 10
	cfg.Train.CheckpointEvery = 7
	cfg.Train.Seed = 5
	cfg.Eval.Samples = 50
	if model == "slgp" {
		setModel(nil, &cfg, map[string]any{"hidden": []any{16, 16}, "s": 4})
	}
	return cfg
}

// sameOutcome fails unless two runs agree bit for bit in every parameter,
// metric and trace entry.
func sameOutcome(t *testing.T, label string, want, got *Outcome) {
	t.Helper()
	wp, gp := want.Model.Params().Snapshot(), got.Model.Params().Snapshot()
	for name, w := range wp {
		if !mat.Equal(w, gp[name]) {
			t.Fatalf("%s: parameter %s differs from the uninterrupted run", label, name)
		}
	}
	wm, gm := want.Result.Metrics, got.Result.Metrics
	if math.Float64bits(wm.NLL) != math.Float64bits(gm.NLL) || math.Float64bits(wm.RMSE) != math.Float64bits(gm.RMSE) {
		t.Fatalf("%s: metrics %+v, uninterrupted %+v", label, gm, wm)
	}
	if (wm.ExactNLL == nil) != (gm.ExactNLL == nil) || (wm.ExactNLL != nil && *wm.ExactNLL != *gm.ExactNLL) {
		t.Fatalf("%s: exact NLL differs", label)
	}
	wt, gt := want.Result.Trace, got.Result.Trace
	if len(wt) != len(gt) {
		t.Fatalf("%s: trace has %d points, uninterrupted %d", label, len(gt), len(wt))
	}
	for i := range wt {
		if wt[i].Iter != gt[i].Iter || wt[i].ELBO != gt[i].ELBO || (wt[i].TestNLL == nil) != (gt[i].TestNLL == nil) ||
			(wt[i].TestNLL != nil && *wt[i].TestNLL != *gt[i].TestNLL) {
			t.Fatalf("%s: trace point %d is %+v, uninterrupted %+v", label, i, gt[i], wt[i])
		}
		if !maps.Equal(wt[i].Diagnostics, gt[i].Diagnostics) {
			t.Fatalf("%s: trace point %d's diagnostics %v, uninterrupted %v", label, i, gt[i].Diagnostics, wt[i].Diagnostics)
		}
	}
}

// TestResumeIsBitIdentical interrupts SGP, SLGP and SHGP (from its warm
// start, which a resumed run does not repeat: the checkpoint holds where
// it led) runs (a cancelled context, as Ctrl-C gives, and a hard kill
// simulated by resuming from an earlier periodic checkpoint) and checks
// that the resumed runs end with the parameters, metrics and trace of an
// uninterrupted run, bit for bit.
func TestResumeIsBitIdentical(t *testing.T) {
	for _, tc := range []struct {
		model, toy string
		set        map[string]any
	}{{"sgp", "hetero", nil}, {"slgp", "moons", nil}, {"shgp", "hetero", map[string]any{"init": models.InitResiduals}}} {
		t.Run(tc.model, func(t *testing.T) {
			cfg := resumeConfig(tc.model, tc.toy)
			if tc.set != nil {
				setModel(t, &cfg, tc.set)
			}
			root := t.TempDir()
			ref, err := Run(context.Background(), cfg, Options{OutDir: filepath.Join(root, "ref")})
			if err != nil {
				t.Fatal(err)
			}

			// Ctrl-C after iteration 23; keep the periodic checkpoint of
			// iteration 14 as the state a hard kill would have left.
			dir := filepath.Join(root, "cut")
			ctx, cancel := context.WithCancel(context.Background())
			var at14 []byte
			_, err = Run(ctx, cfg, Options{OutDir: dir, Command: "mgp train -c x.yaml", AfterStep: func(it int) {
				if it == 14 {
					at14, _ = os.ReadFile(filepath.Join(dir, rundir.CheckpointFile))
				}
				if it == 23 {
					cancel()
				}
			}})
			var ie *InterruptedError
			if !errors.As(err, &ie) || ie.Iter != 23 || !errors.Is(err, context.Canceled) {
				t.Fatalf("interrupted run: err = %v", err)
			}
			if !strings.Contains(err.Error(), "mgp train -c x.yaml --resume") || !strings.Contains(err.Error(), rundir.CheckpointFile) {
				t.Fatalf("interruption message does not say how to resume: %v", err)
			}
			if _, err := os.Stat(filepath.Join(dir, rundir.ResultFile)); err == nil {
				t.Fatal("an interrupted run wrote result.json")
			}
			var inErr *inputerr.Error
			var ue *checkpoint.UnfinishedError
			if _, err := Run(context.Background(), cfg, Options{OutDir: dir}); !errors.As(err, &inErr) || !errors.As(err, &ue) || ue.Iter != 23 {
				t.Fatalf("restarting an unfinished run without --resume: err = %v", err)
			}
			got, err := Run(context.Background(), cfg, Options{OutDir: dir, Resume: true})
			if err != nil {
				t.Fatal(err)
			}
			sameOutcome(t, "resumed after Ctrl-C", ref, got)

			if at14 == nil {
				t.Fatal("no periodic checkpoint at iteration 14")
			}
			killed := filepath.Join(root, "killed")
			if err := os.MkdirAll(killed, 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(killed, rundir.CheckpointFile), at14, 0o644); err != nil {
				t.Fatal(err)
			}
			got2, err := Run(context.Background(), cfg, Options{OutDir: killed, Resume: true})
			if err != nil {
				t.Fatal(err)
			}
			sameOutcome(t, "resumed from the periodic checkpoint", ref, got2)
			if _, err := Run(context.Background(), cfg, Options{OutDir: killed, Resume: true}); !errors.Is(err, ErrComplete) {
				t.Fatalf("resuming a complete run: err = %v, want ErrComplete", err)
			}
		})
	}
}

// TestResumeRefusesAnotherConfig checks that --resume with a changed key is
// refused, naming the key, and that a run with nothing to resume says so.
func TestResumeRefusesAnotherConfig(t *testing.T) {
	cfg := resumeConfig("sgp", "hetero")
	dir := t.TempDir()
	var inErr *inputerr.Error
	if _, err := Run(context.Background(), cfg, Options{OutDir: dir, Resume: true}); !errors.As(err, &inErr) || !strings.Contains(err.Error(), "no checkpoint") {
		t.Fatalf("resume without a checkpoint: err = %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	_, _ = Run(ctx, cfg, Options{OutDir: dir, AfterStep: func(it int) {
		if it == 5 {
			cancel()
		}
	}})
	other := cfg
	other.Train.LR = 0.01
	_, err := Run(context.Background(), other, Options{OutDir: dir, Resume: true})
	if !errors.As(err, &inErr) || !strings.Contains(err.Error(), "train.lr") {
		t.Fatalf("resume with another lr: err = %v", err)
	}
	other = cfg
	other.Train.LogEvery = 3 // does not change the numbers: allowed
	if _, err := Run(context.Background(), other, Options{OutDir: dir, Resume: true}); err != nil {
		t.Fatalf("resume with another log cadence: %v", err)
	}
}

// TestRunChecksOutDirFirst checks that an unwritable --out fails before any
// training (the data and model are never built).
func TestRunChecksOutDirFirst(t *testing.T) {
	file := filepath.Join(t.TempDir(), "f")
	if err := os.WriteFile(file, []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg := resumeConfig("sgp", "hetero")
	cfg.Data.Name = "no-such-data" // would fail later, at loading
	var inErr *inputerr.Error
	_, err := Run(context.Background(), cfg, Options{OutDir: file})
	if !errors.As(err, &inErr) || !strings.Contains(err.Error(), "is a file") {
		t.Fatalf("err = %v", err)
	}
}

// TestRunTwoOutputsOriginalScale checks that a two-target run reports its
// NLL on the original scale with each output's own σ (log σ₁ + log σ₂).
func TestRunTwoOutputsOriginalScale(t *testing.T) {
	dir := t.TempDir()
	cfg := twoOutputConfig(twoOutputCSV(t, dir, 300), map[string]any{"name": "sgp", "m": 10}, 50)
	out, err := Run(context.Background(), cfg, Options{})
	if err != nil {
		t.Fatal(err)
	}
	sd := out.Exp.Std.YStd
	if len(sd) != 2 || sd[0] == sd[1] {
		t.Fatalf("σ_y %v: the test needs two outputs of different scale", sd)
	}
	met := out.Result.Metrics
	want := met.NLLStd + math.Log(sd[0]) + math.Log(sd[1])
	if math.Abs(met.NLL-want) > 1e-12 {
		t.Fatalf("NLL %v, want NLL_std + log σ₁ + log σ₂ = %v", met.NLL, want)
	}
}

// TestResumeRecordsEarlierVersions: a run trained by version v1, resumed by
// v2 and finished by v1 again lists v1 and v2 as its earlier versions (in
// the checkpoint and in result.json) and says so in its log; a run resumed
// by the binary that started it lists none.
func TestResumeRecordsEarlierVersions(t *testing.T) {
	cfg := resumeConfig("sgp", "hetero")
	dir := t.TempDir()
	cut := func(version string, at int) {
		ctx, cancel := context.WithCancel(context.Background())
		defer cancel()
		_, err := Run(ctx, cfg, Options{OutDir: dir, Resume: at > 10, Version: version, AfterStep: func(it int) {
			if it == at {
				cancel()
			}
		}})
		var ie *InterruptedError
		if !errors.As(err, &ie) {
			t.Fatalf("run cut at %d: err = %v", at, err)
		}
	}
	cut("v1", 10)
	cut("v2", 20)
	var log strings.Builder
	got, err := Run(context.Background(), cfg, Options{OutDir: dir, Resume: true, Version: "v1", Log: &log, Quiet: false})
	if err != nil {
		t.Fatal(err)
	}
	if r := got.Result; r.Version != "v1" || !slices.Equal(r.EarlierVersions, []string{"v1", "v2"}) {
		t.Fatalf("version %q, earlier %v; want v1 after [v1 v2]", r.Version, r.EarlierVersions)
	}
	if !strings.Contains(log.String(), "written by version v2, this is v1") {
		t.Errorf("the log does not name the checkpoint's version:\n%s", log.String())
	}
	b, err := os.ReadFile(filepath.Join(dir, rundir.ResultFile))
	if err != nil || !strings.Contains(string(b), `"earlier_versions": [`) {
		t.Fatalf("result.json lacks earlier_versions (err %v)", err)
	}

	same := t.TempDir()
	ctx, cancel := context.WithCancel(context.Background())
	_, _ = Run(ctx, cfg, Options{OutDir: same, Version: "v3", AfterStep: func(it int) {
		if it == 10 {
			cancel()
		}
	}})
	cancel()
	got, err = Run(context.Background(), cfg, Options{OutDir: same, Resume: true, Version: "v3"})
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Result.EarlierVersions) != 0 {
		t.Fatalf("a run resumed by its own version lists %v", got.Result.EarlierVersions)
	}
}
