package compare

import (
	"context"
	"errors"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mgpteam/mgp/pkg/inputerr"
	"github.com/mgpteam/mgp/pkg/runlock"
)

// sinCSV writes a 40-row CSV named name in a new directory under dir: y =
// sin(a·x).
func sinCSV(t *testing.T, dir, sub string, a float64) string {
	t.Helper()
	x, y := make([]float64, 40), make([]float64, 40)
	for i := range x {
		x[i] = float64(i)/10 - 2
		y[i] = math.Sin(a*x[i]) + 0.01*float64(i%3)
	}
	d := filepath.Join(dir, sub)
	if err := os.MkdirAll(d, 0o755); err != nil {
		t.Fatal(err)
	}
	return writeCSV(t, d, "data.csv", x, y)
}

// TestRunRefusesRunsOfOtherData: two CSVs sharing a base name; after the
// first comparison's DIR/data.csv is removed, comparing the second one in
// the same directory is refused (a *RunDataError naming a run) instead of
// reporting the first file's runs as the second's.
func TestRunRefusesRunsOfOtherData(t *testing.T) {
	dir := t.TempDir()
	a, b := sinCSV(t, dir, "a", 1), sinCSV(t, dir, "b", 3)
	o := Options{Data: a, Target: "y", Models: []string{"sgp"}, Splits: 2, Iterations: 3, Out: filepath.Join(dir, "cmp"), Jobs: 1}
	if err := os.MkdirAll(o.Out, 0o755); err != nil {
		t.Fatal(err)
	}
	if _, err := Run(context.Background(), o); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(o.Out, DataFile)); err != nil {
		t.Fatal(err)
	}
	o.Data = b
	_, err := Run(context.Background(), o)
	var de *RunDataError
	if !errors.As(err, &de) || !inputerr.Is(err) || !strings.Contains(err.Error(), "other data") {
		t.Fatalf("err = %v, want a *RunDataError", err)
	}
}

// TestRunHoldsOutLock: while another process holds the compare
// directory's lock, Run is refused (a *BusyError) and writes nothing.
func TestRunHoldsOutLock(t *testing.T) {
	dir := t.TempDir()
	out := filepath.Join(dir, "cmp")
	if err := os.MkdirAll(out, 0o755); err != nil {
		t.Fatal(err)
	}
	l, err := runlock.Acquire(out, lockStale)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Release()
	o := Options{Data: sinCSV(t, dir, "a", 1), Target: "y", Models: []string{"sgp"}, Splits: 2, Iterations: 3, Out: out, Jobs: 1}
	_, err = Run(context.Background(), o)
	var be *BusyError
	if !errors.As(err, &be) {
		t.Fatalf("err = %v, want a *BusyError", err)
	}
	if _, err := os.Stat(filepath.Join(out, DataFile)); err == nil {
		t.Errorf("%s was written while another comparison held the lock", DataFile)
	}
}
