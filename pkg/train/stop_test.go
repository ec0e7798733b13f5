package train

import (
	"context"
	"encoding/json"
	"errors"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mgpteam/mgp/pkg/config"
	"github.com/mgpteam/mgp/pkg/results"
	"github.com/mgpteam/mgp/pkg/runconfig"
	"github.com/mgpteam/mgp/pkg/rundir"
	"go.yaml.in/yaml/v3"
)

// TestStopDecision: the rule counts the checks since the last one that
// improved on the reference by at least MinDelta; smaller gains and
// non-finite NLLs do not reset it.
func TestStopDecision(t *testing.T) {
	tr := func(nll ...float64) []results.ValPoint {
		out := make([]results.ValPoint, len(nll))
		for i, v := range nll {
			out[i] = results.ValPoint{Iter: 10 * (i + 1), NLL: v}
		}
		return out
	}
	for _, tc := range []struct {
		name     string
		s        runconfig.StopConfig
		trace    []results.ValPoint
		stop     bool
		improved int
	}{
		{"off", runconfig.StopConfig{}, tr(1, 2, 3, 4), false, 0},
		{"empty", runconfig.StopConfig{Patience: 2}, nil, false, 0},
		{"improving", runconfig.StopConfig{Patience: 2}, tr(3, 2, 1), false, 30},
		{"patience ran out", runconfig.StopConfig{Patience: 2}, tr(3, 2, 2.5, 2.1), true, 20},
		{"one short", runconfig.StopConfig{Patience: 3}, tr(3, 2, 2.5, 2.1), false, 20},
		{"small gains do not count", runconfig.StopConfig{Patience: 2, MinDelta: 0.1}, tr(3, 2, 1.95, 1.92), true, 20},
		{"a large gain resets", runconfig.StopConfig{Patience: 2, MinDelta: 0.1}, tr(3, 2, 1.95, 1.8, 1.85), false, 40},
		{"gains add up against the reference", runconfig.StopConfig{Patience: 3, MinDelta: 0.1}, tr(3, 2, 1.95, 1.89), false, 40},
		{"non-finite never improves", runconfig.StopConfig{Patience: 2}, tr(math.NaN(), math.Inf(-1)), true, 0},
	} {
		stop, improved := stopDecision(tc.s, tc.trace)
		if stop != tc.stop || improved != tc.improved {
			t.Errorf("%s: stop %v after improvement at %d, want %v at %d", tc.name, stop, improved, tc.stop, tc.improved)
		}
	}
}

// TestStopValidate: train.stop refuses what it cannot do, naming the key.
func TestStopValidate(t *testing.T) {
	for _, tc := range []struct {
		name       string
		validation float64
		s          runconfig.StopConfig
		key        string
	}{
		{"no held-out part", 0, runconfig.StopConfig{Patience: 5}, "train.stop.patience"},
		{"negative patience", 0.1, runconfig.StopConfig{Patience: -1}, "train.stop.patience"},
		{"negative min_delta", 0.1, runconfig.StopConfig{Patience: 5, MinDelta: -0.1}, "train.stop.min_delta"},
		{"NaN min_delta", 0.1, runconfig.StopConfig{Patience: 5, MinDelta: math.NaN()}, "train.stop.min_delta"},
		{"min_delta alone", 0.1, runconfig.StopConfig{MinDelta: 0.1}, "train.stop.min_delta"},
		{"fine", 0.1, runconfig.StopConfig{Patience: 5, MinDelta: 0.01}, ""},
		{"absent", 0, runconfig.StopConfig{}, ""},
	} {
		cfg := toyConfig("sgp", 10)
		cfg.Train.Validation, cfg.Train.Stop = tc.validation, tc.s
		err := cfg.Validate()
		var ke *config.KeyError
		switch {
		case tc.key == "" && err != nil:
			t.Errorf("%s: %v", tc.name, err)
		case tc.key != "" && (!errors.As(err, &ke) || ke.Key != tc.key):
			t.Errorf("%s: err %v, want a KeyError for %s", tc.name, err, tc.key)
		case tc.key == "train.stop.patience" && tc.validation == 0 && !strings.Contains(err.Error(), "train.validation"):
			t.Errorf("%s: %v does not name train.validation", tc.name, err)
		}
	}
}

// TestStopKeysDecode: the stop keys decode from YAML, and a config
// without them has the fingerprint it had before they existed.
func TestStopKeysDecode(t *testing.T) {
	doc := []byte("model: {name: sgp}\ndata: {name: hetero}\ntrain: {validation: 0.1, stop: {patience: 7, min_delta: 0.01}}\n")
	var node yaml.Node
	if err := yaml.Unmarshal(doc, &node); err != nil {
		t.Fatal(err)
	}
	cfg, err := runconfig.DecodeRunConfig(&node, nil)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Train.Stop != (runconfig.StopConfig{Patience: 7, MinDelta: 0.01}) {
		t.Fatalf("decoded %+v", cfg.Train.Stop)
	}
	b, _ := json.Marshal(runconfig.DefaultRunConfig().Train)
	if strings.Contains(string(b), "stop") {
		t.Fatalf("a config without train.stop records it: %s", b)
	}
}

// stopConfig is a held-out-selection HNN run that early stopping ends
// well before its cap, with a checkpoint at every check.
func stopConfig(t *testing.T, dir string) runconfig.RunConfig {
	cfg := stateSelectConfig(t, dir)
	cfg.Train.Iterations = 400
	cfg.Train.CheckpointEvery = 5
	cfg.Train.Stop = runconfig.StopConfig{Patience: 3, MinDelta: 0.001}
	return cfg
}

// TestStopResumeIsBitIdentical: an early-stopped run ends before its cap
// with the best check's parameters and says where and why in result.json;
// runs interrupted before the stopping check (Ctrl-C) and killed just after
// it (its periodic checkpoint) resume to the same iteration, parameters,
// metrics and selection, bit for bit.
func TestStopResumeIsBitIdentical(t *testing.T) {
	root := t.TempDir()
	cfg := stopConfig(t, root)
	ref, err := Run(context.Background(), cfg, Options{OutDir: filepath.Join(root, "ref")})
	if err != nil {
		t.Fatal(err)
	}
	s := ref.Result.Selection
	if s.StoppedAt == 0 || s.StoppedAt >= cfg.Train.Iterations || !strings.HasPrefix(s.StopReason, "early stopping") {
		t.Fatalf("did not stop early: stopped_at %d, reason %q, trace %v", s.StoppedAt, s.StopReason, s.Trace)
	}
	if last := s.Trace[len(s.Trace)-1].Iter; last != s.StoppedAt || s.Iter >= s.StoppedAt {
		t.Fatalf("stopped at %d, last check %d, selected %d", s.StoppedAt, last, s.Iter)
	}
	if ref.Result.Iterations != cfg.Train.Iterations {
		t.Fatalf("result iterations %d, want the cap %d", ref.Result.Iterations, cfg.Train.Iterations)
	}
	t.Logf("stopped at %d of %d, selected %d: %s", s.StoppedAt, cfg.Train.Iterations, s.Iter, s.StopReason)
	stopAt := s.StoppedAt
	js := func(v any) string { b, _ := json.Marshal(v); return string(b) }

	dir := filepath.Join(root, "cut")
	ctx, cancel := context.WithCancel(context.Background())
	var atStop []byte
	_, err = Run(ctx, cfg, Options{OutDir: dir, AfterStep: func(it int) {
		if it == stopAt-7 {
			cancel()
		}
	}})
	var ie *InterruptedError
	if !errors.As(err, &ie) || ie.Iter != stopAt-7 {
		t.Fatalf("interrupted run: err = %v", err)
	}
	got, err := Run(context.Background(), cfg, Options{OutDir: dir, Resume: true, AfterStep: func(it int) {
		if it == stopAt {
			atStop, _ = os.ReadFile(filepath.Join(dir, rundir.CheckpointFile))
		}
	}})
	if err != nil {
		t.Fatal(err)
	}
	sameOutcome(t, "resumed after Ctrl-C", ref, got)
	if js(got.Result.Selection) != js(ref.Result.Selection) {
		t.Fatalf("resumed selection %s, uninterrupted %s", js(got.Result.Selection), js(ref.Result.Selection))
	}

	if atStop == nil {
		t.Fatal("no checkpoint at the stopping iteration")
	}
	killed := filepath.Join(root, "killed")
	if err := os.MkdirAll(killed, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(killed, rundir.CheckpointFile), atStop, 0o644); err != nil {
		t.Fatal(err)
	}
	steps := 0
	got2, err := Run(context.Background(), cfg, Options{OutDir: killed, Resume: true, AfterStep: func(int) { steps++ }})
	if err != nil {
		t.Fatal(err)
	}
	if steps != 0 {
		t.Fatalf("resumed from the stopping iteration's checkpoint, the run stepped %d more times", steps)
	}
	sameOutcome(t, "resumed after a kill at the stopping check", ref, got2)
	if js(got2.Result.Selection) != js(ref.Result.Selection) {
		t.Fatalf("resumed selection %s, uninterrupted %s", js(got2.Result.Selection), js(ref.Result.Selection))
	}
}
