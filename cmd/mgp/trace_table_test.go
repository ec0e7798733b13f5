package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mgpteam/mgp/pkg/rundir"
	"github.com/mgpteam/mgp/pkg/train"
)

// TestTraceTable: --table lists the asked-for traced values per evaluated
// point of a result.json, all of them with --columns all, every point when
// only the ELBO is asked for, the held-out checks as rows of their own with
// --columns val_nll, and refuses (exit 2) a column no run traced,
// --table with --out or the plot's flags, and --columns without --table.
func TestTraceTable(t *testing.T) {
	tmp := t.TempDir()
	a := writeTraceResult(t, filepath.Join(tmp, "run-a"), true)
	noNLL := writeTraceResult(t, filepath.Join(tmp, "run-c"), false)
	out, _, err := run(t, "trace", "--table", "--columns", "test_nll,noise_variance,elbo", a)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"### run-a", "sgp on step: 500 iterations",
		"| iteration | test_nll | noise_variance | elbo |", "| 100 | 2.9 | 0.01 | -0.01 |", "| 500 | 2.5 | 0.002 | -0.002 |"} {
		if !strings.Contains(out, want) {
			t.Errorf("trace --table: %q not in\n%s", want, out)
		}
	}
	if out, _, err := run(t, "trace", "--table", "--columns", "all", a); err != nil || !strings.Contains(out, "| iteration | test_nll | val_nll | elbo | noise_variance |") {
		t.Errorf("--columns all: out %q, err %v", out, err)
	}
	// The held-out checks (at 0, 250 and 500) join the evaluated points in
	// iteration order; the source line names the selected iteration.
	out, _, err = run(t, "trace", "--table", "--columns", "val_nll,test_nll,elbo", a)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"Held-out selection: iteration 250 (validation NLL 2.4).",
		"| 0 | 3 | – | – |\n| 100 | – | 2.9 | -0.01 |", "| 200 | – | 2.8 | -0.005 |\n| 250 | 2.4 | – | – |\n| 300 |", "| 500 | 2.6 | 2.5 | -0.002 |"} {
		if !strings.Contains(out, want) {
			t.Errorf("--columns val_nll,...: %q not in\n%s", want, out)
		}
	}
	if out, _, err := run(t, "trace", "--table", a); err != nil || strings.Contains(out, "| 250 |") {
		t.Errorf("without val_nll the checks add no rows: out %q, err %v", out, err)
	}
	out, _, err = run(t, "trace", "--table", "--columns", "elbo", noNLL)
	if err != nil || strings.Count(out, "\n| ") != 6 || !strings.Contains(out, "| 300 | -0.003333 |") {
		t.Errorf("ELBO only: want a header and 5 rows, got %q (err %v)", out, err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"trace", "--table", "--columns", "kl_w_mean", a}, "kl_w_mean"},
		{[]string{"trace", "--table", "--columns", "test_nll", noNLL}, "they have: elbo"},
		{[]string{"trace", "--table", "--columns", "val_nll", noNLL}, "they have: elbo"},
		{[]string{"trace", "--table", "-o", filepath.Join(tmp, "x.png"), a}, "not both"},
		{[]string{"trace", "--table", "--metric", "elbo", a}, "--columns says"},
		{[]string{"trace", "--columns", "elbo", "-o", filepath.Join(tmp, "x.png"), a}, "--columns is for --table"},
	} {
		_, _, err := run(t, c.args...)
		if err == nil || exitCode(err) != 2 || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: err %v (exit %d), want a usage error naming %q", c.args, err, exitCode(err), c.want)
		}
	}
}

// TestTraceUnfinishedRun: a run directory without result.json gives the
// trace its checkpoint holds (an interrupted run at iteration 22 of 30,
// scored every 10), in the table and in the plot, and says how far it got.
func TestTraceUnfinishedRun(t *testing.T) {
	body := strings.Replace(toyYAML, "  batch_size: 0\n", "  batch_size: 0\n  trace_every: 5\n  eval_every: 10\n", 1)
	runDir := interruptedRun(t, body, 22)
	out, _, err := run(t, "trace", "--table", runDir)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"unfinished", "iteration 22 of 30", "| 10 | ", "| 20 | "} {
		if !strings.Contains(out, want) {
			t.Errorf("%q not in\n%s", want, out)
		}
	}
	if strings.Contains(out, "| 15 | ") || strings.Contains(out, "–") {
		t.Errorf("want only the scored points 10 and 20, each with its test NLL and ELBO:\n%s", out)
	}
	png := filepath.Join(t.TempDir(), "t.png")
	if out, _, err := run(t, "trace", runDir, "-o", png); err != nil || !strings.Contains(out, "1 runs") {
		t.Fatalf("plot of an unfinished run: out %q, err %v", out, err)
	}
	if _, err := os.Stat(png); err != nil {
		t.Fatal(err)
	}
}

// TestTraceCompleteRunLostResult: a finished run whose result.json is gone
// traces from the result its complete checkpoint keeps: the same table as
// from result.json, not "unfinished at 30 of 30".
func TestTraceCompleteRunLostResult(t *testing.T) {
	body := strings.Replace(toyYAML, "  batch_size: 0\n", "  batch_size: 0\n  trace_every: 5\n  eval_every: 10\n", 1)
	dir := t.TempDir()
	cfg, _, err := loadConfigSource(writeFile(t, dir, "c.yaml", body), nil)
	if err != nil {
		t.Fatal(err)
	}
	runDir := filepath.Join(dir, "run")
	if _, err := train.Run(context.Background(), cfg, train.Options{OutDir: runDir, Quiet: true}); err != nil {
		t.Fatal(err)
	}
	want, _, err := run(t, "trace", "--table", runDir)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(runDir, rundir.ResultFile)); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(runDir, rundir.CheckpointFile)); err != nil {
		t.Fatalf("a complete run keeps its checkpoint: %v", err)
	}
	got, _, err := run(t, "trace", "--table", runDir)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(got, "unfinished") || !strings.Contains(got, "| 30 | ") {
		t.Errorf("a complete run without result.json traced as\n%s", got)
	}
	if stripFile(got) != stripFile(want) {
		t.Errorf("from the checkpoint\n%s\nfrom result.json\n%s", got, want)
	}
}

// stripFile drops the heading lines of a trace table, which name the file read.
func stripFile(s string) string {
	var keep []string
	for _, l := range strings.Split(s, "\n") {
		if !strings.HasPrefix(l, "#") && !strings.Contains(l, ".json") {
			keep = append(keep, l)
		}
	}
	return strings.Join(keep, "\n")
}
