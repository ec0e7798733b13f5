package predict

import (
	"context"
	"errors"
	"math"
	"path/filepath"
	"slices"
	"strconv"
	"testing"

	"github.com/mgpteam/mgp/pkg/results"
	"github.com/mgpteam/mgp/pkg/runconfig"
	"github.com/mgpteam/mgp/pkg/rundir"
)

// TestRescoreReproducesAndWritesPoints: with the run's seed and samples
// Rescore gives the run's own test NLL; the points file names its columns
// and the mean of each NLL column is that output's test NLL; a model
// without latent variables refuses a latent choice.
func TestRescoreReproducesAndWritesPoints(t *testing.T) {
	dir := trainedRun(t)
	saved, err := results.ReadResult(filepath.Join(dir, rundir.ResultFile))
	if err != nil {
		t.Fatal(err)
	}
	r, err := LoadRun(dir, "")
	if err != nil {
		t.Fatal(err)
	}
	ev, err := r.Rescore(context.Background(), RescoreOptions{Points: true})
	if err != nil {
		t.Fatal(err)
	}
	if err := ev.Finite(); err != nil || ev.Result.Metrics.NLL != saved.Metrics.NLL {
		t.Fatalf("rescored NLL %v (%v), the run's %v", ev.Result.Metrics.NLL, err, saved.Metrics.NLL)
	}
	path := filepath.Join(t.TempDir(), "points.csv")
	if err := ev.WritePoints(path); err != nil {
		t.Fatal(err)
	}
	recs := readCSV(t, path)
	if want := []string{"test_row", "x", "y1", "y2", "nll_y1", "nll_y2"}; !slices.Equal(recs[0], want) {
		t.Fatalf("header %v, want %v", recs[0], want)
	}
	n, _ := r.Experiment.YTest.Dims()
	if len(recs) != n+1 {
		t.Fatalf("%d rows for %d test points", len(recs)-1, n)
	}
	var sum [2]float64
	for _, rec := range recs[1:] {
		for d := range 2 {
			v, _ := strconv.ParseFloat(rec[4+d], 64)
			sum[d] += v / float64(n)
		}
	}
	if nll := ev.Result.Metrics.NLL; math.Abs(sum[0]+sum[1]-nll) > 1e-6 {
		t.Errorf("the points' NLLs add up to %v + %v, the test NLL is %v", sum[0], sum[1], nll)
	}
	var le *LatentError
	if _, err := r.Rescore(context.Background(), RescoreOptions{Latent: runconfig.LatentMean}); !errors.As(err, &le) || le.Model != "sgp" {
		t.Errorf("sgp with the plug-in predictive: %v", err)
	}
}

// TestRescoreRefusesRunWithoutTestSet: a run trained on every row has no
// test set: *NoTestSetError.
func TestRescoreRefusesRunWithoutTestSet(t *testing.T) {
	r, err := LoadRun(trainedRun(t, "data.split=none"), "")
	if err != nil {
		t.Fatal(err)
	}
	var nt *NoTestSetError
	if _, err := r.Rescore(context.Background(), RescoreOptions{}); !errors.As(err, &nt) || nt.Dir != r.Dir {
		t.Errorf("%v, want a *NoTestSetError", err)
	}
}
