package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestTableAndRunsSkipResultWithoutMetrics: a result.json without metrics
// is never shown as an NLL of 0 (and so never marked best): mgp table and
// mgp runs skip it with a note naming the file, as they skip other
// malformed files, and with nothing else to show they fail with exit 2.
func TestTableAndRunsSkipResultWithoutMetrics(t *testing.T) {
	dir := writeResults(t)
	bad := writeFile(t, dir, "lost-result.json",
		`{"model": "sgp", "dataset": "wine-red", "split_seed": 0, "iterations": 20000, "split": "random seed 0, 1439/160, stats full"}`)
	for _, args := range [][]string{{"table", dir}, {"runs", dir}} {
		out, errOut, err := run(t, args...)
		if err != nil {
			t.Fatalf("%v: %v", args, err)
		}
		// It is the only wine-red result: any wine-red cell or row is it.
		if strings.Contains(out, "wine-red") {
			t.Errorf("%v shows the result without metrics:\n%s", args, out)
		}
		if !strings.Contains(errOut, "skipped "+bad) || !strings.Contains(errOut, "no \"metrics\"") {
			t.Errorf("%v: the skipped file is not named: %q", args, errOut)
		}
	}
	only := t.TempDir()
	writeFile(t, only, "result.json", `{"model": "sgp", "dataset": "boston", "metrics": {"rmse": 1}}`)
	for _, cmd := range []string{"table", "runs"} {
		_, _, err := run(t, cmd, only)
		if err == nil || exitCode(err) != 2 || !strings.Contains(err.Error(), filepath.Join(only, "result.json")) {
			t.Errorf("%s over a lone result without metrics: err %v (exit %d), want exit 2 naming the file", cmd, err, exitCode(err))
		}
	}
}
