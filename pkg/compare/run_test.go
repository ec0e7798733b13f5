package compare

import (
	"bytes"
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mgpteam/mgp/pkg/inputerr"
	"github.com/mgpteam/mgp/pkg/models"
)

// TestRunComparesAndRefits runs a small comparison end to end without the
// CLI: two splits of SGP train through the sweep, the report is written,
// the refit trains on every row and DIR/best points at it; a second Run
// trains nothing. Before the runs each model is timed on the file for the
// ETA (measureCosts), and not again when its runs are done.
func TestRunComparesAndRefits(t *testing.T) {
	dir := t.TempDir()
	r := rand.New(rand.NewPCG(2, 1))
	x, y := make([]float64, 60), make([]float64, 60)
	for i := range x {
		x[i] = 4*r.Float64() - 2
		y[i] = math.Sin(2*x[i]) + 0.2*r.NormFloat64()
	}
	csv := writeCSV(t, dir, "d.csv", x, y)
	var w, progress bytes.Buffer
	o := Options{Data: csv, Target: "y", Models: []string{"sgp"}, Splits: 2, Iterations: 10, Out: filepath.Join(dir, "cmp"),
		Jobs: 1, Refit: true, Stdout: &w, Progress: &progress}
	if err := os.MkdirAll(o.Out, 0o755); err != nil {
		t.Fatal(err)
	}
	rep, err := Run(context.Background(), o)
	if err != nil {
		t.Fatalf("%v\n%s", err, w.String())
	}
	if rep.Decision.Chosen != "sgp" || rep.Refit == nil || rep.Refit.Rows != 60 || rep.Best != filepath.Join(RefitDir, "sgp") {
		t.Fatalf("report: chosen %s, best %s, refit %+v", rep.Decision.Chosen, rep.Best, rep.Refit)
	}
	if !strings.Contains(w.String(), "2 runs in") || !strings.Contains(w.String(), "refit: sgp on all 60 rows") {
		t.Errorf("output:\n%s", w.String())
	}
	if _, err := os.Stat(filepath.Join(o.Out, "report.md")); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(progress.String(), "timed sgp on d: ") {
		t.Errorf("no timing of sgp before the runs:\n%s", progress.String())
	}
	w.Reset()
	progress.Reset()
	if _, err := Run(context.Background(), o); err != nil || strings.Contains(w.String(), "refit:") {
		t.Fatalf("second run: %v\n%s", err, w.String())
	}
	if strings.Contains(progress.String(), "timed") {
		t.Errorf("the second run timed a model whose runs are done:\n%s", progress.String())
	}
}

// TestRefitPlanPredictive checks the refit's predictive: the one most of
// SLGP's splits chose (draws on a tie), none for a model without latent
// variables or selection.
func TestRefitPlanPredictive(t *testing.T) {
	split := func(pred string, iter int) SplitMetrics { return SplitMetrics{Predictive: pred, SelectedIter: iter} }
	for _, c := range []struct {
		s     ModelSummary
		iters int
		want  models.Predictive
	}{
		{ModelSummary{Model: "slgp", Splits: []SplitMetrics{split("mean", 10), split("mean", 30), split("", 20)}}, 20, models.PlugIn},
		{ModelSummary{Model: "slgp", Splits: []SplitMetrics{split("mean", 10), split("", 30)}}, 20, models.Draws},
		{ModelSummary{Model: "hnn", Splits: []SplitMetrics{split("", 10), split("", 30), split("", 40)}}, 30, ""},
		{ModelSummary{Model: "sgp", Splits: []SplitMetrics{split("", 0)}}, 500, ""},
	} {
		iters, _, got := RefitPlan(c.s, 500)
		if got != c.want || iters != c.iters {
			t.Errorf("%s: RefitPlan = %d, %q; want %d, %q", c.s.Model, iters, got, c.iters, c.want)
		}
	}
}

// TestReadTableOptionErrors checks that an unknown column is an
// *OptionError naming the option, and that Run refuses it as bad input.
func TestReadTableOptionErrors(t *testing.T) {
	dir := t.TempDir()
	csv := writeCSV(t, dir, "d.csv", make([]float64, 30), make([]float64, 30))
	for option, inputs := range map[string][]string{"target": nil, "inputs": {"w"}} {
		target := "y"
		if option == "target" {
			target = "z"
		}
		_, err := ReadTable(csv, target, inputs)
		var oe *OptionError
		if !errors.As(err, &oe) || oe.Option != option || !strings.HasPrefix(oe.Msg, option) {
			t.Errorf("%s: %v", option, err)
		}
	}
	_, err := Run(context.Background(), Options{Data: csv, Target: "z", Models: []string{"sgp"}, Splits: 2, Iterations: 1, Out: dir, Jobs: 1})
	if !inputerr.Is(err) {
		t.Errorf("Run with an unknown target: %v, want an input error", err)
	}
}
