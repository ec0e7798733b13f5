package main

import (
	"math"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/mgpteam/mgp/pkg/results"
	"github.com/mgpteam/mgp/pkg/rundir"
)

// TestEvalOutputsOut: on a two-target run, --outputs-out writes one row per
// output, named by its target, whose nll column sums to the run's test NLL
// (the same samples) and equals the mean of that output's column of the
// points file; its mean_y is the mean of the test targets on the original
// scale. It refuses --nll joint and the points file's name.
func TestEvalOutputsOut(t *testing.T) {
	dir := t.TempDir()
	data := twoTargetCSV(t, dir, 150)
	cfg := writeFile(t, dir, "sgp.yaml", csvRunYAML("sgp", data, "y1, y2"))
	runDir := filepath.Join(dir, "run")
	if _, _, err := run(t, "train", "-q", "-c", cfg, "--out", runDir); err != nil {
		t.Fatal(err)
	}
	res, err := results.ReadResult(filepath.Join(runDir, rundir.ResultFile))
	if err != nil {
		t.Fatal(err)
	}
	outs, pts := filepath.Join(dir, "outputs.csv"), filepath.Join(dir, "points.csv")
	out, _, err := run(t, "eval", "--run", runDir, "--outputs-out", outs, "--points-out", pts)
	if err != nil || !strings.Contains(out, "wrote "+outs+" (2 outputs)") {
		t.Fatalf("eval --outputs-out: out %q, err %v", out, err)
	}
	rows, prow := readCSV(t, outs), readCSV(t, pts)
	if strings.Join(rows[0], ",") != "output,index,mean_y,sd_y,nll" || len(rows) != 3 || rows[1][0] != "y1" || rows[2][0] != "y2" {
		t.Fatalf("outputs file %v: want the header and rows y1, y2", rows)
	}
	col := func(name string) int {
		for j, h := range prow[0] {
			if h == name {
				return j
			}
		}
		t.Fatalf("points file has no column %s: %v", name, prow[0])
		return -1
	}
	sum := 0.0
	for k, name := range []string{"y1", "y2"} {
		nll, _ := strconv.ParseFloat(rows[1+k][4], 64)
		meanY, _ := strconv.ParseFloat(rows[1+k][2], 64)
		sum += nll
		var pn, py float64
		for _, r := range prow[1:] {
			v, _ := strconv.ParseFloat(r[col("nll_"+name)], 64)
			y, _ := strconv.ParseFloat(r[col(name)], 64)
			pn += v / float64(len(prow)-1)
			py += y / float64(len(prow)-1)
		}
		if math.Abs(nll-pn) > 1e-9*math.Max(1, math.Abs(pn)) || math.Abs(meanY-py) > 1e-9*math.Max(1, math.Abs(py)) {
			t.Errorf("%s: nll %v, mean_y %v; the points file's means %v, %v", name, nll, meanY, pn, py)
		}
	}
	if math.Abs(sum-res.Metrics.NLL) > 1e-8*math.Max(1, math.Abs(res.Metrics.NLL)) {
		t.Errorf("the nll column sums to %v, the recorded test NLL is %v", sum, res.Metrics.NLL)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--outputs-out", filepath.Join(dir, "o2.csv"), "--nll", "joint"}, "joint"},
		{[]string{"--outputs-out", pts, "--points-out", pts}, "same file"},
	} {
		_, _, err := run(t, append([]string{"eval", "--run", runDir}, c.args...)...)
		if err == nil || exitCode(err) != 2 || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: err %v (exit %d), want a usage error naming %q", c.args, err, exitCode(err), c.want)
		}
	}
}
