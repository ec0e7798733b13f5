package fit_test

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"testing"

	"github.com/mgpteam/mgp/pkg/fit"
	"github.com/mgpteam/mgp/pkg/rundir"
)

// TestSaveOverwrite: a second Save into the same directory is refused
// (fs.ErrExist, before any file changes) unless SaveOptions.Overwrite,
// which replaces the run so that Load predicts as the second fit; a
// directory holding files that are not a run's is refused even with
// Overwrite; Save leaves no temporary directory beside its target.
func TestSaveOverwrite(t *testing.T) {
	parent := t.TempDir()
	dir := filepath.Join(parent, "mine")
	ctx := context.Background()
	X, Y := heteroData(60, 2)
	fitted := func(seed uint64) *fit.Model {
		m, err := fit.New("sgp", fit.Options{Iterations: 5, Seed: seed, Model: map[string]any{"m": 5}})
		if err != nil {
			t.Fatal(err)
		}
		if err := m.Fit(ctx, X, Y); err != nil {
			t.Fatal(err)
		}
		return m
	}
	a, b := fitted(1), fitted(2)
	if err := a.Save(dir); err != nil {
		t.Fatal(err)
	}
	before, _ := os.ReadFile(filepath.Join(dir, rundir.CheckpointFile))
	if err := b.Save(dir); !errors.Is(err, fs.ErrExist) {
		t.Fatalf("a second Save: %v, want fs.ErrExist", err)
	}
	if after, _ := os.ReadFile(filepath.Join(dir, rundir.CheckpointFile)); string(after) != string(before) {
		t.Fatal("a refused Save changed the checkpoint")
	}
	if err := b.SaveWith(dir, fit.SaveOptions{Overwrite: true}); err != nil {
		t.Fatal(err)
	}
	l, err := fit.Load(dir)
	if err != nil {
		t.Fatal(err)
	}
	po := fit.PredictOptions{Seed: 3, KeepSamples: true}
	got, err := l.Predict(ctx, X, po)
	if err != nil {
		t.Fatal(err)
	}
	want, err := b.Predict(ctx, X, po)
	if err != nil {
		t.Fatal(err)
	}
	samePrediction(t, "Load after an overwriting Save vs the second fit", got, want)
	if es, _ := os.ReadDir(parent); len(es) != 1 {
		var names []string
		for _, e := range es {
			names = append(names, e.Name())
		}
		t.Errorf("beside the saved directory: %v, want only it", names)
	}
	if err := os.WriteFile(filepath.Join(dir, "notes.txt"), []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := a.SaveWith(dir, fit.SaveOptions{Overwrite: true}); !errors.Is(err, fs.ErrExist) {
		t.Errorf("Overwrite into a directory with other files: %v, want fs.ErrExist", err)
	}
}
