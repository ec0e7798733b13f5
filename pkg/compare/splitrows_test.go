package compare

import (
	"bytes"
	"context"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/mgpteam/mgp/pkg/runconfig"
	"github.com/mgpteam/mgp/pkg/train"
)

// TestReportSplitRowsAndDensity: report.json lists each split's test rows,
// and they are the rows the split's run was tested on (the run's test y,
// back on the original scale, are the CSV's y at those rows); every run
// has its own predictive density, so the ranking is by it (Score
// "density") and each split's ranked value is its DensityNLL; SGP trains
// with full-batch L-BFGS, and the best split is chosen by the held-out
// score, not the test NLL.
func TestReportSplitRowsAndDensity(t *testing.T) {
	dir := t.TempDir()
	r := rand.New(rand.NewPCG(5, 1))
	x, y := make([]float64, 80), make([]float64, 80)
	for i := range x {
		x[i] = 4*r.Float64() - 2
		y[i] = math.Sin(2*x[i]) + (0.1+0.3*math.Abs(x[i]))*r.NormFloat64()
	}
	csv := writeCSV(t, dir, "d.csv", x, y)
	var w bytes.Buffer
	o := Options{Data: csv, Target: "y", Models: []string{"sgp", "smgp"}, Splits: 3, Iterations: 40, Out: filepath.Join(dir, "cmp"),
		Jobs: 1, Stdout: &w}
	if err := os.MkdirAll(o.Out, 0o755); err != nil {
		t.Fatal(err)
	}
	rep, err := Run(context.Background(), o)
	if err != nil {
		t.Fatalf("%v\n%s", err, w.String())
	}
	if rep.Score != ScoreDensity || len(rep.SplitRows) != 3 {
		t.Fatalf("score %q, %d split rows", rep.Score, len(rep.SplitRows))
	}
	// The data and the compare directory were given as absolute paths
	// outside the working directory: the report names them by their base
	// names and its runs relative to the compare directory.
	checkNoAbsolutePaths(t, o.Out)
	if rep.Data != "d.csv" || rep.Dir != "cmp" {
		t.Errorf("report records data %q and dir %q, want d.csv and cmp", rep.Data, rep.Dir)
	}
	for _, s := range rep.Models {
		if s.DensityNLL == nil {
			t.Fatalf("%s: no density NLL", s.Model)
		}
		for k, sp := range s.Splits {
			if sp.DensityNLL == nil || sp.ValNLL == nil {
				t.Fatalf("%s split %d: density %v, held-out %v", s.Model, k, sp.DensityNLL, sp.ValNLL)
			}
			ck, exp, _, err := train.LoadRun(filepath.Join(o.Out, sp.Dir), "")
			if err != nil {
				t.Fatal(err)
			}
			if s.Model == "sgp" && ck.Config.Train.Optimizer != runconfig.OptimizerLBFGS {
				t.Errorf("sgp split %d trained with %q", k, ck.Config.Train.Optimizer)
			}
			rows := rep.SplitRows[slices.IndexFunc(rep.SplitRows, func(r SplitRows) bool { return r.Seed == sp.Seed })].TestRows
			var want, got []float64
			for _, i := range rows {
				want = append(want, y[i])
			}
			for i := 0; i < exp.YTest.RawMatrix().Rows; i++ {
				got = append(got, exp.YTest.At(i, 0)*exp.Std.YStd[0]+exp.Std.YMean[0])
			}
			slices.Sort(want)
			slices.Sort(got)
			if len(want) != len(got) {
				t.Fatalf("split %d: %d listed test rows, the run has %d", sp.Seed, len(want), len(got))
			}
			for i := range want {
				if math.Abs(want[i]-got[i]) > 1e-9*math.Max(1, math.Abs(want[i])) {
					t.Fatalf("split %d: test y %v, listed rows give %v", sp.Seed, got, want)
				}
			}
		}
	}
	for _, rk := range rep.Decision.Ranking {
		s, _ := rep.Summary(rk.Model)
		if rk.MeanNLL != s.DensityNLL.Mean {
			t.Errorf("%s ranked at %v, its mean density NLL is %v", rk.Model, rk.MeanNLL, s.DensityNLL.Mean)
		}
	}
	chosen, _ := rep.Summary(rep.Decision.Chosen)
	best := chosen.Splits[chosen.BestSplit()]
	for _, sp := range chosen.Splits {
		if *sp.ValNLL < *best.ValNLL {
			t.Errorf("best split %d has held-out score %v, split %d %v", best.Seed, *best.ValNLL, sp.Seed, *sp.ValNLL)
		}
	}
}
