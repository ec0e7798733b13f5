package sweep

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/mgpteam/mgp/pkg/checkpoint"
	"github.com/mgpteam/mgp/pkg/rundir"
)

// TestMoveAsideKeepsArraysFile: replacing a run whose checkpoint keeps its
// arrays in a .bin moves the .bin aside with checkpoint.json, so that the
// new run's checkpoints (which remove the arrays files they do not name)
// leave it, and renaming the replaced files back restores the checkpoint.
func TestMoveAsideKeepsArraysFile(t *testing.T) {
	dir := t.TempDir()
	ckp := filepath.Join(dir, rundir.CheckpointFile)
	save := func(iter int, v float64) {
		w := make([]float64, 1<<17)
		for i := range w {
			w[i] = v + float64(i)
		}
		ck := &checkpoint.Checkpoint{Config: wantRun(0.01, "").Config, State: &checkpoint.TrainState{Iter: iter},
			Params: map[string]checkpoint.Matrix{"w": {Rows: 1, Cols: len(w), Data: w}}}
		if err := ck.Save(ckp); err != nil {
			t.Fatal(err)
		}
	}
	save(5, 0)
	old, _ := filepath.Glob(filepath.Join(dir, "checkpoint-*.bin"))
	if len(old) != 1 {
		t.Fatalf("arrays files %v, want one", old)
	}
	if err := moveAside(dir); err != nil {
		t.Fatal(err)
	}
	if bins, _ := rundir.ArraysFiles(dir); len(bins) != 0 {
		t.Fatalf("arrays files left under their names: %v", bins)
	}
	save(1, 0.5) // the new run's first checkpoint
	for _, p := range []string{old[0] + ReplacedSuffix, ckp + ReplacedSuffix} {
		if _, err := os.Stat(p); err != nil {
			t.Fatalf("after the new run's checkpoint: %v", err)
		}
	}
	// Restore the replaced run by hand.
	if _, err := rundir.RemoveArraysFiles(dir, ""); err != nil {
		t.Fatal(err)
	}
	for _, p := range []string{old[0], ckp} {
		if err := os.Rename(p+ReplacedSuffix, p); err != nil {
			t.Fatal(err)
		}
	}
	ck, err := checkpoint.Load(ckp)
	if err != nil {
		t.Fatalf("restored checkpoint: %v", err)
	}
	if ck.State.Iter != 5 || ck.Params["w"].Data[3] != 3 {
		t.Fatalf("restored checkpoint at iteration %d, w[3] = %v", ck.State.Iter, ck.Params["w"].Data[3])
	}
}
