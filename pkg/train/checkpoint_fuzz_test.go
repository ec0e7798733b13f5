package train

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/mgpteam/mgp/pkg/checkpoint"
	"github.com/mgpteam/mgp/pkg/rundir"
)

// FuzzLoadCheckpoint feeds arbitrary bytes to the checkpoint reader and,
// when they decode, restores them into a small SGP and its trainer: each
// step must return an error or succeed, never panic.
func FuzzLoadCheckpoint(f *testing.F) {
	cfg := toyConfig("sgp", 5)
	setModel(f, &cfg, map[string]any{"m": 5})
	dir := f.TempDir()
	if _, err := Run(t0(), cfg, Options{OutDir: dir}); err != nil {
		f.Fatal(err)
	}
	good, err := os.ReadFile(filepath.Join(dir, rundir.CheckpointFile))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(good)
	f.Add([]byte(`{"params": {"kernel_lengthscales": {"rows": 1, "cols": 1, "data": []}}}`))
	f.Add([]byte(`{"state": {"iter": -1, "adam": {"step": -1}}}`))
	f.Add([]byte(`{"state": {"iter": 3, "adam": {"step": 3, "m": {}, "v": {}}, "batcher": {"n": 5, "b": 2, "perm": [0, 0]}}}`))
	f.Add([]byte(`not json`))
	exp, err := LoadExperiment(cfg.Data, "")
	if err != nil {
		f.Fatal(err)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		path := filepath.Join(t.TempDir(), rundir.CheckpointFile)
		if err := os.WriteFile(path, b, 0o644); err != nil {
			t.Fatal(err)
		}
		ck, err := checkpoint.Load(path)
		if err != nil {
			return
		}
		m, err := BuildModel(context.Background(), cfg, exp, BuildOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if err := ck.Restore(m.Params()); err != nil {
			return
		}
		if ck.State != nil {
			tr := NewTrainer(m, exp.XTrain, exp.YTrain, cfg.Train)
			_ = tr.Restore(ck.State)
		}
		_, _ = json.Marshal(ck)
	})
}

// t0 is a background context for fuzz setup.
func t0() context.Context { return context.Background() }
