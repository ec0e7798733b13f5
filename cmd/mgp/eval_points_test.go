package main

import (
	"encoding/csv"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/mgpteam/mgp/pkg/results"
	"github.com/mgpteam/mgp/pkg/rundir"
	"github.com/mgpteam/mgp/pkg/train"
)

// TestEvalPointsOut: --points-out writes one row per test point whose NLL
// column averages to the run's recorded test NLL (the same samples), with
// the outputs on the original scale; a path it cannot write is an error.
func TestEvalPointsOut(t *testing.T) {
	runDir, _ := trainTinySLGP(t)
	res, err := results.ReadResult(filepath.Join(runDir, rundir.ResultFile))
	if err != nil {
		t.Fatal(err)
	}
	_, exp, _, err := train.LoadRun(runDir, "")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "points.csv")
	out, errOut, err := run(t, "eval", "--run", runDir, "--points-out", path)
	if err != nil {
		t.Fatal(err, errOut)
	}
	if !strings.Contains(out, "wrote "+path) {
		t.Errorf("output does not name the file:\n%s", out)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	rows, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	n, dx := exp.XTest.Dims()
	if want := append([]string{"test_row"}, exp.XNames...); strings.Join(rows[0][:1+dx], ",") != strings.Join(want, ",") || rows[0][len(rows[0])-1] != "nll" {
		t.Errorf("header %v, want test_row, the input names %v, the output, nll", rows[0], exp.XNames)
	}
	if len(rows) != n+1 || n != res.Metrics.NTest {
		t.Fatalf("%d rows for %d test points (result.json: %d)", len(rows)-1, n, res.Metrics.NTest)
	}
	var sum float64
	for i, r := range rows[1:] {
		if r[0] != strconv.Itoa(i) {
			t.Fatalf("row %d: test_row %s", i+1, r[0])
		}
		y, _ := strconv.ParseFloat(r[1+dx], 64)
		if want := exp.YTest.At(i, 0)*exp.Std.YStd[0] + exp.Std.YMean[0]; math.Abs(y-want) > 1e-9*math.Max(1, math.Abs(want)) {
			t.Fatalf("row %d: y %v, want %v (original scale)", i+1, y, want)
		}
		v, err := strconv.ParseFloat(r[len(r)-1], 64)
		if err != nil {
			t.Fatal(err)
		}
		sum += v
	}
	if got := sum / float64(n); math.Abs(got-res.Metrics.NLL) > 1e-8*math.Max(1, math.Abs(res.Metrics.NLL)) {
		t.Errorf("mean of the nll column %v, recorded test NLL %v", got, res.Metrics.NLL)
	}

	// A path under a regular file cannot be written.
	bad := filepath.Join(path, "points.csv")
	if _, _, err := run(t, "eval", "--run", runDir, "--points-out", bad); err == nil {
		t.Error("an unwritable --points-out passed")
	}
}

// TestProgressToHonoursQuiet: mgp eval's evaluation progress (printed for
// evaluations over 10 s, such as nytaxi's) goes to stderr, and nowhere
// under --quiet.
func TestProgressToHonoursQuiet(t *testing.T) {
	cmd := newEvalCmd(&globalOpts{})
	var buf strings.Builder
	cmd.SetErr(&buf)
	if w := progressTo(&globalOpts{}, cmd); w != io.Writer(&buf) {
		t.Errorf("progress goes to %v, want the command's stderr", w)
	}
	if w := progressTo(&globalOpts{quiet: true}, cmd); w != nil {
		t.Errorf("--quiet: progress goes to %v, want nowhere", w)
	}
}
