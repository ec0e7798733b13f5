package results_test

import (
	"errors"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mgpteam/mgp/pkg/results"
	"github.com/mgpteam/mgp/pkg/rundir"
)

// TestReadResultRefusesMissingMetrics: a result file without a "metrics"
// object, or whose metrics lack "nll" (or hold null), is refused with an
// error naming the file and wrapping results.ErrNoMetrics, and a directory walk
// skips it with a note; a NaN NLL (a diverged run) and a written 0 still load.
func TestReadResultRefusesMissingMetrics(t *testing.T) {
	dir := t.TempDir()
	bad := map[string]string{
		"none.json":    `{"model": "sgp", "dataset": "boston", "iterations": 10}`,
		"nullobj.json": `{"model": "sgp", "dataset": "boston", "metrics": null}`,
		"nonll.json":   `{"model": "sgp", "dataset": "boston", "metrics": {"rmse": 1.5}}`,
		"nullnll.json": `{"model": "sgp", "dataset": "boston", "metrics": {"nll": null, "rmse": 1.5}}`,
	}
	good := map[string]string{
		"nan.json":  `{"model": "sgp", "dataset": "boston", "metrics": {"nll": "NaN"}}`,
		"zero.json": `{"model": "sgp", "dataset": "boston", "metrics": {"nll": 0}}`,
	}
	for _, m := range []map[string]string{bad, good} {
		for name, body := range m {
			if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	for name := range bad {
		p := filepath.Join(dir, name)
		r, err := results.ReadResult(p)
		if err == nil || !errors.Is(err, results.ErrNoMetrics) || !strings.Contains(err.Error(), p) {
			t.Errorf("%s: got %+v, %v; want an results.ErrNoMetrics error naming the file", name, r, err)
		}
	}
	if r, err := results.ReadResult(filepath.Join(dir, "nan.json")); err != nil || !math.IsNaN(r.Metrics.NLL) {
		t.Errorf("NaN NLL of a diverged run: %v, %v", r, err)
	}
	files, err := rundir.LoadResultFiles(dir)
	var le *results.LoadError
	if len(files) != 2 || !errors.As(err, &le) || len(le.Files) != len(bad) {
		t.Fatalf("loaded %d, err %v; want 2 loaded and %d skipped", len(files), err, len(bad))
	}
	for _, f := range le.Files {
		if _, isBad := bad[filepath.Base(f.Path)]; !isBad || !strings.Contains(f.Error(), filepath.Base(f.Path)) {
			t.Errorf("skipped %s: %v", f.Path, f.Err)
		}
	}
}
