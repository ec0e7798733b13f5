package train

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mgpteam/mgp/pkg/checkpoint"
	"github.com/mgpteam/mgp/pkg/inputerr"
	"github.com/mgpteam/mgp/pkg/runconfig"
	"github.com/mgpteam/mgp/pkg/rundir"
)

// selectCSV writes a 1-D regression CSV (x, y) with distinct x values and
// returns its path; testY, when non-nil, replaces y for the rows whose x
// it holds.
func selectCSV(t *testing.T, dir, name string, testY map[float64]float64) string {
	t.Helper()
	rng := rand.New(rand.NewPCG(3, 3))
	var b strings.Builder
	b.WriteString("x,y\n")
	for i := 0; i < 160; i++ {
		x := -2 + 4*float64(i)/160
		y := math.Sin(2*x) + 0.2*rng.NormFloat64()
		if v, ok := testY[x]; ok {
			y = v
		}
		fmt.Fprintf(&b, "%.17g,%.17g\n", x, y)
	}
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// selectConfig is a short SGP run on a CSV with 20 % of the training split
// held out and checked every 5 iterations.
func selectConfig(path string) runconfig.RunConfig {
	cfg := runconfig.DefaultRunConfig()
	cfg.Model = modelCfg(map[string]any{"name": "sgp", "m": 10})
	cfg.Data = runconfig.DataConfig{Name: "sel", Kind: "csv", Path: path, Stats: "train"}
	cfg.Train.Iterations, cfg.Train.BatchSize, cfg.Train.LR = 32, 32, 0.05
	cfg.Train.Validation, cfg.Train.SelectEvery = 0.2, 5
	cfg.Train.Seed = 2
	cfg.Eval.Samples = 50
	return cfg
}

// TestSelectionNeverReadsTheTestSplit: changing every test target (and
// nothing else) changes the test metrics but not one bit of the selection:
// the validation trace, the selected iteration and its validation NLL.
func TestSelectionNeverReadsTheTestSplit(t *testing.T) {
	dir := t.TempDir()
	cfg := selectConfig(selectCSV(t, dir, "a.csv", nil))
	a, err := Run(context.Background(), cfg, Options{})
	if err != nil {
		t.Fatal(err)
	}
	exp, err := LoadExperiment(cfg.Data, "")
	if err != nil {
		t.Fatal(err)
	}
	changed := map[float64]float64{}
	n, _ := exp.XTest.Dims()
	for i := 0; i < n; i++ {
		x := exp.XTest.At(i, 0)*exp.Std.XStd[0] + exp.Std.XMean[0]
		x = math.Round(x*160) / 160 // undo the standardisation's rounding
		changed[x] = 50 + float64(i)
	}
	if len(changed) != n {
		t.Fatalf("test rows not identified: %d of %d", len(changed), n)
	}
	cfg.Data.Path = selectCSV(t, dir, "b.csv", changed)
	b, err := Run(context.Background(), cfg, Options{})
	if err != nil {
		t.Fatal(err)
	}
	sa, sb := a.Result.Selection, b.Result.Selection
	if sa == nil || sb == nil {
		t.Fatal("no selection recorded")
	}
	if a.Result.Metrics.NLL == b.Result.Metrics.NLL {
		t.Fatal("changing the test targets did not change the test NLL: the test did not test anything")
	}
	if sa.Iter != sb.Iter || sa.ValNLL != sb.ValNLL || len(sa.Trace) != len(sb.Trace) {
		t.Fatalf("selection moved with the test split: %+v vs %+v", sa, sb)
	}
	for i := range sa.Trace {
		if sa.Trace[i] != sb.Trace[i] {
			t.Fatalf("validation trace point %d: %+v vs %+v", i, sa.Trace[i], sb.Trace[i])
		}
	}
}

// TestSelectionKeepsTheBestCheck: the selected iteration is the argmin of
// the validation trace (checks at 0, 5, ..., 30 and the last, 32), the
// reported metrics are those of the parameters there (a run stopped at that
// iteration has them as its last metrics) and the last iteration's metrics
// are kept beside them.
func TestSelectionKeepsTheBestCheck(t *testing.T) {
	dir := t.TempDir()
	cfg := selectConfig(selectCSV(t, dir, "a.csv", nil))
	cfg.Train.LR = 0.2 // overshoots, so that the best check is not the last
	out, err := Run(context.Background(), cfg, Options{})
	if err != nil {
		t.Fatal(err)
	}
	s := out.Result.Selection
	var iters []int
	best := 0
	for i, p := range s.Trace {
		iters = append(iters, p.Iter)
		if p.NLL < s.Trace[best].NLL {
			best = i
		}
	}
	if fmt.Sprint(iters) != "[0 5 10 15 20 25 30 32]" {
		t.Fatalf("checks at %v", iters)
	}
	if s.Iter != s.Trace[best].Iter || s.ValNLL != s.Trace[best].NLL {
		t.Fatalf("selected iteration %d (%g), argmin of the trace is %+v", s.Iter, s.ValNLL, s.Trace[best])
	}
	if s.NValidation != 29 || s.NTrain != 115 {
		t.Fatalf("held out %d of %d rows, want 29 of 144", s.NValidation, s.NValidation+s.NTrain)
	}
	if s.Iter == 32 {
		t.Fatalf("the best check is the last one (%v): raise the learning rate so that the test is meaningful", s.Trace)
	}
	if s.LastMetrics.NLL == out.Result.Metrics.NLL {
		t.Fatal("last-iteration metrics equal the selected ones")
	}
	short := cfg
	short.Train.Iterations = s.Iter
	ref, err := Run(context.Background(), short, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if js(ref.Result.Selection.LastMetrics) != js(out.Result.Metrics) {
		t.Fatalf("selected metrics %+v, a run stopped at iteration %d has %+v", out.Result.Metrics, s.Iter, ref.Result.Selection.LastMetrics)
	}
}

// TestSelectionRecordsLastDiagnostics: a selecting run reports the
// selected parameters' diagnostics and keeps the last iteration's apart;
// the latter equal those of a run stopped at the last iteration and the
// former those of a run stopped at the selected one.
func TestSelectionRecordsLastDiagnostics(t *testing.T) {
	dir := t.TempDir()
	cfg := selectConfig(selectCSV(t, dir, "a.csv", nil))
	cfg.Model = modelCfg(map[string]any{"name": "hnn", "hidden": []any{8, 8}})
	cfg.Train.LR = 0.05
	out, err := Run(context.Background(), cfg, Options{})
	if err != nil {
		t.Fatal(err)
	}
	s := out.Result.Selection
	if s.Iter == cfg.Train.Iterations {
		t.Fatalf("the best check is the last one (%v): the test tests nothing", s.Trace)
	}
	if len(s.LastDiagnostics) == 0 || js(s.LastDiagnostics) == js(out.Result.Diagnostics) {
		t.Fatalf("last-iteration diagnostics %v, selected %v", s.LastDiagnostics, out.Result.Diagnostics)
	}
	short := cfg
	short.Train.Iterations = s.Iter
	ref, err := Run(context.Background(), short, Options{})
	if err != nil {
		t.Fatal(err)
	}
	if js(ref.Result.Selection.LastDiagnostics) != js(out.Result.Diagnostics) {
		t.Fatalf("selected diagnostics %v, a run stopped at iteration %d has %v", out.Result.Diagnostics, s.Iter, ref.Result.Selection.LastDiagnostics)
	}
}

// TestSelectionResumes: runs interrupted between checks, during a periodic
// check and during the final check resume to the selection, parameters and
// metrics of an uninterrupted run.
func TestSelectionResumes(t *testing.T) {
	dir := t.TempDir()
	cfg := selectConfig(selectCSV(t, dir, "a.csv", nil))
	cfg.Train.CheckpointEvery = 3
	ref, err := Run(context.Background(), cfg, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, cut := range []int{12, 15, 32} {
		out := filepath.Join(dir, fmt.Sprint("cut", cut))
		ctx, cancel := context.WithCancel(context.Background())
		opts := Options{OutDir: out}
		if cut%5 == 0 || cut == 32 { // Ctrl-C during the check of iteration cut
			beforeCheck = func(it int) {
				if it == cut {
					cancel()
				}
			}
		} else { // Ctrl-C between checks
			opts.AfterStep = func(it int) {
				if it == cut {
					cancel()
				}
			}
		}
		_, err := Run(ctx, cfg, opts)
		beforeCheck = nil
		var ie *InterruptedError
		if !errors.As(err, &ie) || ie.Iter != cut {
			t.Fatalf("cut %d: err = %v", cut, err)
		}
		got, err := Run(context.Background(), cfg, Options{OutDir: out, Resume: true})
		if err != nil {
			t.Fatal(err)
		}
		sameOutcome(t, fmt.Sprint("cut ", cut), ref, got)
		if js(got.Result.Selection) != js(ref.Result.Selection) {
			t.Fatalf("cut %d: selection %+v, uninterrupted %+v", cut, got.Result.Selection, ref.Result.Selection)
		}
		ck, err := checkpoint.Load(filepath.Join(out, rundir.CheckpointFile))
		if err != nil || ck.Selection == nil || !ck.Complete {
			t.Fatalf("cut %d: final checkpoint %+v, %v", cut, ck, err)
		}
	}
}

// TestSelectionConfigRejects: fractions outside (0, 0.5], a cadence without
// a held-out part, a hold-out that leaves too few rows, an unknown
// eval.latent, select without a held-out part and the plug-in predictive
// of a model without latent variables are refused, naming the key.
func TestSelectionConfigRejects(t *testing.T) {
	for _, tc := range []struct {
		set  func(*runconfig.RunConfig)
		want string
	}{
		{func(c *runconfig.RunConfig) { c.Train.Validation = 0.7 }, "train.validation = 0.7"},
		{func(c *runconfig.RunConfig) { c.Train.Validation = -0.1 }, "train.validation = -0.1"},
		{func(c *runconfig.RunConfig) { c.Train.Validation = math.NaN() }, "train.validation = NaN"},
		{func(c *runconfig.RunConfig) { c.Train.Validation, c.Train.SelectEvery = 0, 10 }, "train.select_every = 10 needs train.validation"},
		{func(c *runconfig.RunConfig) { c.Train.SelectEvery = -1 }, "train.select_every = -1"},
		{func(c *runconfig.RunConfig) { c.Train.Validation = 0.001 }, "leaves 0 for validation"},
		{func(c *runconfig.RunConfig) { c.Eval.Latent = "median" }, `eval.latent = "median"`},
		{func(c *runconfig.RunConfig) { c.Train.Validation, c.Train.SelectEvery, c.Eval.Latent = 0, 0, "select" }, "eval.latent = select chooses on the held-out"},
		{func(c *runconfig.RunConfig) { c.Eval.Latent = "mean" }, "eval.latent = mean: model sgp has no latent variables"},
	} {
		cfg := selectConfig(selectCSV(t, t.TempDir(), "a.csv", nil))
		tc.set(&cfg)
		_, err := Run(context.Background(), cfg, Options{})
		var ie *inputerr.Error
		if !errors.As(err, &ie) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("err = %v, want an input error containing %q", err, tc.want)
		}
	}
}

// js is v as JSON, for comparing structs that hold pointers.
func js(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}
