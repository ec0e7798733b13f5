package fit_test

import (
	"context"
	"errors"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/mgpteam/mgp/pkg/checkpoint"
	"github.com/mgpteam/mgp/pkg/fit"
	"github.com/mgpteam/mgp/pkg/rundir"
	"github.com/mgpteam/mgp/pkg/runlock"
)

// TestSaveKeepsTheArraysFile: a model whose checkpoint keeps its
// parameters in an arrays file (here by lowering the threshold, as
// SMGP, SLGP and SGP with m = 150 reach at their sizes) is saved with that
// file, loads again, and predicts what it predicted before; a model loaded
// from the saved directory saves a loadable copy too. Before the fix Save
// copied checkpoint.json and result.json only and Load refused the copy.
func TestSaveKeepsTheArraysFile(t *testing.T) {
	old := checkpoint.ArraysMinValues
	checkpoint.ArraysMinValues = 1
	defer func() { checkpoint.ArraysMinValues = old }()
	ctx := context.Background()
	X, Y := heteroData(60, 1)
	m, err := fit.New("sgp", fit.Options{Iterations: 10, Seed: 3, Model: map[string]any{"m": 8}})
	if err != nil {
		t.Fatal(err)
	}
	if err := m.Fit(ctx, X, Y); err != nil {
		t.Fatal(err)
	}
	want, err := m.Predict(ctx, X, fit.PredictOptions{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "saved")
	if err := m.Save(dir); err != nil {
		t.Fatal(err)
	}
	again := filepath.Join(t.TempDir(), "again")
	for _, d := range []string{dir, again} {
		entries, _ := os.ReadDir(d)
		arrays := 0
		for _, e := range entries {
			if rundir.IsArraysFile(e.Name()) {
				arrays++
			}
		}
		if arrays != 1 {
			t.Fatalf("%s holds %d arrays files, want 1", d, arrays)
		}
		l, err := fit.Load(d)
		if err != nil {
			t.Fatalf("loading %s: %v", d, err)
		}
		got, err := l.Predict(ctx, X, fit.PredictOptions{Seed: 1})
		if err != nil {
			t.Fatal(err)
		}
		for i := range want.Mean.RawMatrix().Data {
			if math.Float64bits(got.Mean.RawMatrix().Data[i]) != math.Float64bits(want.Mean.RawMatrix().Data[i]) {
				t.Fatalf("%s: prediction %d differs after Save and Load", d, i)
			}
		}
		if d == dir {
			if err := l.Save(again); err != nil {
				t.Fatal(err)
			}
		}
	}
}

// TestSaveRespectsTheRunLock: Save into a directory whose run lock another
// holder has (as a running mgp train holds its --out) is refused with an
// error wrapping runlock.ErrLocked and writes nothing; once the holder
// releases it, Save succeeds and leaves no lock behind.
func TestSaveRespectsTheRunLock(t *testing.T) {
	ctx := context.Background()
	X, Y := heteroData(40, 1)
	m, err := fit.New("sgp", fit.Options{Iterations: 5, Seed: 3, Model: map[string]any{"m": 6}})
	if err != nil {
		t.Fatal(err)
	}
	if err := m.Fit(ctx, X, Y); err != nil {
		t.Fatal(err)
	}
	dir := filepath.Join(t.TempDir(), "run")
	held, err := runlock.Acquire(dir, runlock.DefaultStale)
	if err != nil {
		t.Fatal(err)
	}
	if err := m.Save(dir); !errors.Is(err, runlock.ErrLocked) {
		t.Fatalf("Save into a held directory: %v", err)
	}
	if _, err := os.Stat(filepath.Join(dir, rundir.ResultFile)); err == nil {
		t.Fatal("a refused Save wrote result.json")
	}
	held.Release()
	if err := m.Save(dir); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, runlock.FileName)); err == nil {
		t.Error("Save left its lock behind")
	}
}
