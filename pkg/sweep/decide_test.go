package sweep

import (
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mgpteam/mgp/pkg/checkpoint"
	"github.com/mgpteam/mgp/pkg/results"
	"github.com/mgpteam/mgp/pkg/runconfig"
	"github.com/mgpteam/mgp/pkg/rundir"
)

// wantRun is a run config for the status tests and a Want for it whose
// data fingerprint is fp.
func wantRun(lr float64, fp string) *Want {
	cfg := runconfig.DefaultRunConfig()
	cfg.Model = runconfig.MustModelConfig("sgp", nil)
	cfg.Data = runconfig.DataConfig{Name: "hetero"}
	cfg.Train.LR = lr
	return &Want{Config: cfg, DataFingerprint: func() (string, error) { return fp, nil }}
}

// writeDone writes a complete result of want's run with data fingerprint
// fp into dir.
func writeDone(t *testing.T, dir string, want *Want, fp string) {
	t.Helper()
	res := &results.Result{Model: "sgp", Dataset: "hetero", Complete: true, Config: recorded(want),
		ConfigFingerprint: runconfig.ConfigFingerprint(want.Config), DataFingerprint: fp}
	if err := results.WriteJSONAtomic(filepath.Join(dir, rundir.ResultFile), res); err != nil {
		t.Fatal(err)
	}
}

// recorded is want's config as result.json records it.
func recorded(want *Want) map[string]any {
	c := want.Config
	return map[string]any{"model": c.Model, "data": c.Data, "train": c.Train, "eval": c.Eval}
}

// TestRunStatusComparesFingerprints: a complete result counts as done
// only under the wanted config and data; another lr or another data file
// makes the run changed (naming what differs), which Decide leaves unless
// --rerun-changed, which replaces it.
func TestRunStatusComparesFingerprints(t *testing.T) {
	dir := t.TempDir()
	old := wantRun(0.01, "sha256:aaaaaaaaaaaaaaaaaaaa")
	writeDone(t, dir, old, "sha256:aaaaaaaaaaaaaaaaaaaa")
	for _, c := range []struct {
		name  string
		want  *Want
		state State
		says  string
	}{
		{"same", wantRun(0.01, "sha256:aaaaaaaaaaaaaaaaaaaa"), Done, ""},
		{"new lr", wantRun(0.02, "sha256:aaaaaaaaaaaaaaaaaaaa"), Changed, "train.lr: 0.01 → 0.02"},
		{"new data", wantRun(0.01, "sha256:bbbbbbbbbbbbbbbbbbbb"), Changed, "the data changed"},
	} {
		st := RunStatus(Run{Dir: dir, Want: c.want}, time.Minute)
		if st.State != c.state || !strings.Contains(st.Detail, c.says) {
			t.Errorf("%s: %v (%s), want %v with %q", c.name, st.State, st.Detail, c.state, c.says)
		}
		if c.state != Changed {
			continue
		}
		if act, why := Decide(st, Options{Switches: Switches{RerunChanged: "--rerun-changed"}}); act != Hold || !strings.Contains(why, "--rerun-changed") {
			t.Errorf("%s: without --rerun-changed: %v %q", c.name, act, why)
		}
		if _, why := Decide(st, Options{}); !strings.Contains(why, "the RerunChanged option") || strings.Contains(why, "--") {
			t.Errorf("%s: without switch names: %q, want the option named and no flag", c.name, why)
		}
		if act, _ := Decide(st, Options{RerunChanged: true}); act != Replace {
			t.Errorf("%s: with --rerun-changed: %v", c.name, act)
		}
	}
}

// TestRunStatusLegacyResult: a result of an earlier version (no complete
// flag, no fingerprints) counts as done when its recorded config matches,
// keys it does not record aside, and as changed when a recorded key
// differs; beside an unfinished checkpoint it is not done (an eval
// --write of an unfinished run) and the run resumes.
func TestRunStatusLegacyResult(t *testing.T) {
	dir := t.TempDir()
	want := wantRun(0.01, "")
	rec := map[string]any{"model": map[string]any{"name": "sgp"}, "data": want.Config.Data, "train": want.Config.Train, "eval": want.Config.Eval}
	res := &results.Result{Model: "sgp", Dataset: "hetero", Config: rec}
	if err := results.WriteJSONAtomic(filepath.Join(dir, rundir.ResultFile), res); err != nil {
		t.Fatal(err)
	}
	if st := RunStatus(Run{Dir: dir, Want: want}, time.Minute); st.State != Done || st.Detail != legacyDone {
		t.Fatalf("legacy result of the same config: %v (%s)", st.State, st.Detail)
	}
	if st := RunStatus(Run{Dir: dir, Want: wantRun(0.02, "")}, time.Minute); st.State != Changed || !strings.Contains(st.Detail, "train.lr") {
		t.Fatalf("legacy result of another lr: %v (%s)", st.State, st.Detail)
	}
	ck := &checkpoint.Checkpoint{Config: want.Config, State: &checkpoint.TrainState{Iter: 5}}
	if err := ck.Save(filepath.Join(dir, rundir.CheckpointFile)); err != nil {
		t.Fatal(err)
	}
	st := RunStatus(Run{Dir: dir, Want: want}, time.Minute)
	if act, _ := Decide(st, Options{}); st.State != Partial || act != Resume {
		t.Fatalf("legacy result beside an unfinished checkpoint: %v (%s), action %v", st.State, st.Detail, act)
	}
}
