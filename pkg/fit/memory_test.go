package fit_test

import (
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mgpteam/mgp/pkg/checkpoint"
	"github.com/mgpteam/mgp/pkg/fit"
	"github.com/mgpteam/mgp/pkg/runconfig"
	"github.com/mgpteam/mgp/pkg/rundir"
	"github.com/mgpteam/mgp/pkg/train"
)

// TestFitInMemoryMatchesTrainOnCSV: Fit trains on the data as a value
// (train.RunData), and its parameters are bit for bit those train.Run
// writes for the same data as a CSV file (data.split none, stats train),
// for a small SGP and for an SGP whose checkpoint keeps an arrays file
// (m = 150). Fit writes nothing: the temporary directory stays empty.
func TestFitInMemoryMatchesTrainOnCSV(t *testing.T) {
	dir := t.TempDir()
	tmp := t.TempDir()
	t.Setenv("TMPDIR", tmp)
	X, Y := heteroData(200, 3)
	csvPath := filepath.Join(dir, "data.csv")
	writeCSV(t, csvPath, X, Y)
	for _, m := range []int{8, 150} {
		const iters, seed = 20, 4
		fm, err := fit.New("sgp", fit.Options{Iterations: iters, Seed: seed, Model: map[string]any{"m": m}})
		if err != nil {
			t.Fatal(err)
		}
		if err := fm.Fit(context.Background(), X, Y); err != nil {
			t.Fatal(err)
		}
		if es, _ := os.ReadDir(tmp); len(es) > 0 {
			t.Fatalf("Fit wrote %s into the temporary directory", es[0].Name())
		}
		cfg := runconfig.DefaultRunConfig()
		mc, err := runconfig.NewModelConfig("sgp", map[string]any{"m": m})
		if err != nil {
			t.Fatal(err)
		}
		cfg.Model = mc
		cfg.Train.Iterations, cfg.Train.Seed = iters, seed
		cfg.Data = runconfig.DataConfig{Name: "data", Kind: "csv", Path: csvPath, Split: runconfig.SplitNone, SplitSeed: seed, Stats: "train"}
		run := filepath.Join(dir, fmt.Sprintf("run-m%d", m))
		if _, err := train.Run(context.Background(), cfg, train.Options{OutDir: run, Quiet: true}); err != nil {
			t.Fatal(err)
		}
		ck, err := checkpoint.Load(filepath.Join(run, rundir.CheckpointFile))
		if err != nil {
			t.Fatal(err)
		}
		got := fm.Predictor().Checkpoint.Params
		if len(got) != len(ck.Params) {
			t.Fatalf("m=%d: %d parameters, the CSV run %d", m, len(got), len(ck.Params))
		}
		for name, want := range ck.Params {
			g := got[name]
			if len(g.Data) != len(want.Data) {
				t.Fatalf("m=%d: %s has %d values, the CSV run's %d", m, name, len(g.Data), len(want.Data))
			}
			for i := range want.Data {
				if math.Float64bits(g.Data[i]) != math.Float64bits(want.Data[i]) {
					t.Fatalf("m=%d: %s[%d] = %v, the CSV run's %v", m, name, i, g.Data[i], want.Data[i])
				}
			}
		}
	}
}

// TestMemoryConfigIsNotLoadable: the config of a fit names its data by a
// content handle, which no process-global registry resolves: training it
// again from the config is refused with a message saying why.
func TestMemoryConfigIsNotLoadable(t *testing.T) {
	X, Y := heteroData(30, 1)
	m, err := fit.New("sgp", fit.Options{Iterations: 2, Model: map[string]any{"m": 4}})
	if err != nil {
		t.Fatal(err)
	}
	if err := m.Fit(context.Background(), X, Y); err != nil {
		t.Fatal(err)
	}
	_, err = train.Run(context.Background(), m.Config(), train.Options{Quiet: true})
	if err == nil || !strings.Contains(err.Error(), "not saved with the run") {
		t.Errorf("train.Run on a fit's config: %v", err)
	}
}
