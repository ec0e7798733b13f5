package compare

import (
	"bytes"
	"context"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mgpteam/mgp/pkg/runconfig"
	"github.com/mgpteam/mgp/pkg/train"
)

// TestReportSplitRowsAndDensity: report.json lists each split's test rows,
// and they are the rows the split's run was tested on (the run's test y,
// back on the original scale, are the CSV's y at those rows); every run
// has its own predictive density, so the ranking is by it (Score
// "density") and each split's ranked value is its DensityNLL; SGP trains
// with full-batch L-BFGS on every training row (no held-out score, its
// final ELBO recorded), and each model's best split is chosen by the
// held-out score (SMGP) or that ELBO (SGP), not the test NLL.
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
			if sp.DensityNLL == nil || (sp.ValNLL == nil) != (s.Model == "sgp") || (sp.TrainELBO == nil) != (s.Model != "sgp") {
				t.Fatalf("%s split %d: density %v, held-out %v, final ELBO %v", s.Model, k, sp.DensityNLL, sp.ValNLL, sp.TrainELBO)
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
	for _, m := range rep.Models {
		best := m.Splits[m.BestSplit()]
		for _, sp := range m.Splits {
			if m.Model == "sgp" && *sp.TrainELBO > *best.TrainELBO {
				t.Errorf("sgp: best split %d has final ELBO %v, split %d %v", best.Seed, *best.TrainELBO, sp.Seed, *sp.TrainELBO)
			}
			if m.Model != "sgp" && *sp.ValNLL < *best.ValNLL {
				t.Errorf("%s: best split %d has held-out score %v, split %d %v", m.Model, best.Seed, *best.ValNLL, sp.Seed, *sp.ValNLL)
			}
		}
	}
}

// TestBestSplitNeverByTestNLL: a model's best split follows its held-out
// score, or without one its final training ELBO, whatever the test NLL
// says; only splits with neither (older reports) fall back to the test
// NLL; report.md names what chose it.
func TestBestSplitNeverByTestNLL(t *testing.T) {
	num := func(v float64) *Num { n := Num(v); return &n }
	// Split 0 has the lowest test NLL; split 1 the best held-out score
	// and split 2 the highest final ELBO.
	splits := func(val, elbo bool) []SplitMetrics {
		sp := []SplitMetrics{{Seed: 0, NLL: 0.1}, {Seed: 1, NLL: 0.5}, {Seed: 2, NLL: 0.9}}
		for i := range sp {
			if val {
				sp[i].ValNLL = num([]float64{0.3, 0.2, 0.4}[i])
			}
			if elbo {
				sp[i].TrainELBO = num([]float64{-1.2, -1.1, -0.9}[i])
			}
		}
		return sp
	}
	for _, c := range []struct {
		val, elbo bool
		want      int
		by        string
	}{{true, false, 1, "held-out score"}, {false, true, 2, "final training objective"}, {true, true, 1, "held-out score"}, {false, false, 0, "test NLL"}} {
		s := ModelSummary{Model: "sgp", Splits: splits(c.val, c.elbo)}
		if got := s.BestSplit(); got != c.want {
			t.Errorf("held-out %v, ELBO %v: best split %d, want %d", c.val, c.elbo, got, c.want)
		}
		r := &Report{Models: []ModelSummary{s}, Decision: Decision{Chosen: "sgp"}}
		if got := bestBy(r); !strings.HasPrefix(got, c.by) {
			t.Errorf("held-out %v, ELBO %v: chosen by %q, want %q", c.val, c.elbo, got, c.by)
		}
	}
}
