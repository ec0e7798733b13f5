package fit_test

import (
	"context"
	"errors"
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/mgpteam/mgp/pkg/fit"
	"github.com/mgpteam/mgp/pkg/inputerr"
)

// TestReadSplitFitScore is the program a new Go user writes: read a CSV,
// split it at random, fit on one part and score the other. The split
// takes floor(fraction·n) test rows and is the same for the same seed;
// Score's coverage is Coverage's for the same samples, its NLL and CRPS
// are finite and positive on this noisy data; a bad CSV is an
// *inputerr.Error and a fraction leaving a part empty an *OptionError.
func TestReadSplitFitScore(t *testing.T) {
	dir := t.TempDir()
	X, Y := heteroData(100, 5)
	path := filepath.Join(dir, "data.csv")
	writeCSV(t, path, X, Y)
	tab, err := fit.ReadCSV(path, "y")
	if err != nil {
		t.Fatal(err)
	}
	if tab.Rows() != 100 || len(tab.XNames) != 2 || tab.YNames[0] != "y" {
		t.Fatalf("read %d rows, names %v %v", tab.Rows(), tab.XNames, tab.YNames)
	}
	tr, te, err := tab.Split(0.25, 7)
	if err != nil {
		t.Fatal(err)
	}
	if tr.Rows() != 75 || te.Rows() != 25 {
		t.Fatalf("split %d/%d, want 75/25", tr.Rows(), te.Rows())
	}
	if _, te2, _ := tab.Split(0.25, 7); te2.X.At(0, 0) != te.X.At(0, 0) {
		t.Error("the same seed split differently")
	}
	m, err := fit.NewWith(fit.SHGP{M: 10}, fit.Options{Iterations: 50, Seed: 1, XNames: tab.XNames, YNames: tab.YNames})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if err := m.Fit(ctx, tr.X, tr.Y); err != nil {
		t.Fatal(err)
	}
	po := fit.PredictOptions{Seed: 3}
	s, err := m.Score(ctx, te.X, te.Y, fit.ScoreOptions{PredictOptions: po, Level: 0.8})
	if err != nil {
		t.Fatal(err)
	}
	cov, err := m.Coverage(ctx, te.X, te.Y, 0.8, po)
	if err != nil {
		t.Fatal(err)
	}
	if s.N != 25 || s.Level != 0.8 || s.Coverage != cov || math.IsNaN(s.NLL) || math.IsInf(s.NLL, 0) || !(s.CRPS > 0) {
		t.Errorf("scores %+v (Coverage %v)", s, cov)
	}
	bad := filepath.Join(dir, "bad.csv")
	if err := os.WriteFile(bad, []byte("a,b\n1,x\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var ie *inputerr.Error
	if _, err := fit.ReadCSV(bad); !errors.As(err, &ie) {
		t.Errorf("a non-numeric value: %v", err)
	}
	var oe *fit.OptionError
	if _, _, err := tab.Split(0.001, 1); !errors.As(err, &oe) {
		t.Errorf("a split with no test row: %v", err)
	}
}
