package sweep

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mgpteam/mgp/pkg/checkpoint"
	"github.com/mgpteam/mgp/pkg/rundir"
)

// TestVerifyArraysRefusesDamagedArraysFile: a run whose large checkpoint
// has an arrays file damaged after it was written (same size) shows as
// partial from checkpoint.json alone, and verifyArrays, which the sweep
// applies before resuming, makes it refused, which --restart replaces.
func TestVerifyArraysRefusesDamagedArraysFile(t *testing.T) {
	dir := t.TempDir()
	want := wantRun(0.01, "")
	w := make([]float64, 1<<17)
	for i := range w {
		w[i] = float64(i) / 7
	}
	ck := &checkpoint.Checkpoint{Config: want.Config, State: &checkpoint.TrainState{Iter: 5},
		Params: map[string]checkpoint.Matrix{"w": {Rows: 1, Cols: len(w), Data: w}}}
	if err := ck.Save(filepath.Join(dir, rundir.CheckpointFile)); err != nil {
		t.Fatal(err)
	}
	bins, _ := filepath.Glob(filepath.Join(dir, "checkpoint-*.bin"))
	if len(bins) != 1 {
		t.Fatalf("arrays files %v, want one", bins)
	}
	st := RunStatus(Run{Dir: dir, Want: want}, time.Minute)
	if st.State != Partial || verifyArrays(dir, st).State != Partial {
		t.Fatalf("intact checkpoint: %v (%s), verified %v", st.State, st.Detail, verifyArrays(dir, st).State)
	}
	b, err := os.ReadFile(bins[0])
	if err != nil {
		t.Fatal(err)
	}
	b[len(b)/2] ^= 1
	if err := os.WriteFile(bins[0], b, 0o644); err != nil {
		t.Fatal(err)
	}
	st = RunStatus(Run{Dir: dir, Want: want}, time.Minute)
	if st.State != Partial {
		t.Fatalf("status from checkpoint.json alone: %v (%s)", st.State, st.Detail)
	}
	v := verifyArrays(dir, st)
	if act, _ := Decide(v, Options{Restart: true}); v.State != Refused || !strings.Contains(v.Detail, "SHA-256") || act != Replace {
		t.Fatalf("verified: %v (%s), action %v", v.State, v.Detail, act)
	}
	failed := verifyArrays(dir, Status{State: Failed, Detail: "x", Retry: &st})
	if act, _ := Decide(failed, Options{RetryFailed: true, Restart: true}); failed.Retry.State != Refused || act != Replace {
		t.Fatalf("failed run retried: %v, action %v", failed.Retry.State, act)
	}
}
