package main

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mgpteam/mgp/pkg/checkpoint"
	"github.com/mgpteam/mgp/pkg/rundir"
	"github.com/mgpteam/mgp/pkg/train"
)

// interruptedRun trains the config body in a new directory and stops it
// after iteration stop (as Ctrl-C would), leaving the run's checkpoint
// there and no result.json; it returns the run directory.
func interruptedRun(t *testing.T, body string, stop int) string {
	t.Helper()
	dir := t.TempDir()
	cfg, _, err := loadConfigSource(writeFile(t, dir, "c.yaml", body), nil)
	if err != nil {
		t.Fatal(err)
	}
	runDir := filepath.Join(dir, "run")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	_, err = train.Run(ctx, cfg, train.Options{OutDir: runDir, Quiet: true, AfterStep: func(it int) {
		if it == stop {
			cancel()
		}
	}})
	var ie *train.InterruptedError
	if !errors.As(err, &ie) || ie.Iter != stop {
		t.Fatalf("the run was not interrupted at iteration %d: %v", stop, err)
	}
	if _, err := os.Stat(filepath.Join(runDir, rundir.ResultFile)); err == nil {
		t.Fatal("the interrupted run wrote a result.json")
	}
	return runDir
}

// TestEvalWriteRefusesUnfinishedRun: eval --write on an interrupted run
// exits 2 naming the directory, the iteration (12 of 30) and how to
// continue, and writes no result.json (which would mark the run done),
// with or without --partial.
func TestEvalWriteRefusesUnfinishedRun(t *testing.T) {
	runDir := interruptedRun(t, toyYAML, 12)
	for _, args := range [][]string{{"--write"}, {"--write", "--partial"}} {
		_, _, err := run(t, append([]string{"eval", "--run", runDir}, args...)...)
		if err == nil || exitCode(err) != 2 {
			t.Fatalf("eval %v on an unfinished run: err %v (exit %d)", args, err, exitCode(err))
		}
		for _, want := range []string{runDir, "unfinished", "iteration 12 of 30", "--resume", "mgp sweep"} {
			if !strings.Contains(err.Error(), want) {
				t.Errorf("eval %v: %q not in %q", args, want, err)
			}
		}
		if _, err := os.Stat(filepath.Join(runDir, rundir.ResultFile)); err == nil {
			t.Fatalf("eval %v wrote a result.json for an unfinished run", args)
		}
	}
}

// TestEvalPredictUnfinishedNeedPartial: eval and predict refuse an
// interrupted run (exit 2, naming the directory, the iteration and
// --partial); with --partial they run and say on stderr at which iteration
// the parameters are.
func TestEvalPredictUnfinishedNeedPartial(t *testing.T) {
	runDir := interruptedRun(t, toyYAML, 12)
	dir := t.TempDir()
	in := writeFile(t, dir, "x.csv", "x\n0.1\n0.9\n")
	pred := filepath.Join(dir, "pred.csv")
	for _, args := range [][]string{
		{"eval", "--run", runDir},
		{"predict", "--run", runDir, "--input", in, "--out", pred, "--samples", "10"},
	} {
		_, _, err := run(t, args...)
		if err == nil || exitCode(err) != 2 {
			t.Fatalf("%s on an unfinished run: err %v (exit %d)", args[0], err, exitCode(err))
		}
		for _, want := range []string{runDir, "unfinished", "iteration 12 of 30", "--partial", "--resume"} {
			if !strings.Contains(err.Error(), want) {
				t.Errorf("%s: %q not in %q", args[0], want, err)
			}
		}
		out, errOut, err := run(t, append(args, "--partial")...)
		if err != nil {
			t.Fatalf("%s --partial: %v %s", args[0], err, errOut)
		}
		if !strings.Contains(errOut, "iteration 12 of 30") || !strings.Contains(errOut, "unfinished") {
			t.Errorf("%s --partial does not say where the parameters are; stderr:\n%s", args[0], errOut)
		}
		if strings.Contains(out, "unfinished") {
			t.Errorf("%s --partial: the note went to stdout:\n%s", args[0], out)
		}
	}
	if _, err := os.Stat(pred); err != nil {
		t.Errorf("predict --partial wrote nothing: %v", err)
	}
	if _, err := os.Stat(filepath.Join(runDir, rundir.ResultFile)); err == nil {
		t.Fatal("eval --partial wrote a result.json")
	}
}

// TestFinishedSelectionRunIsNotPartial: a finished held-out-selection run
// (result.json and a final checkpoint holding the selected parameters,
// whose selected iteration is below the configured ones) is scored,
// written and predicted from without --partial and without a note; the
// same checkpoint without its completion mark is refused even though its
// training reached the last iteration (the mark decides, not the count).
func TestFinishedSelectionRunIsNotPartial(t *testing.T) {
	runDir, _ := trainTinySLGP(t)
	ckPath := filepath.Join(runDir, rundir.CheckpointFile)
	ck, err := checkpoint.Load(ckPath)
	if err != nil {
		t.Fatal(err)
	}
	if !ck.Complete || ck.Selection == nil {
		t.Fatalf("the run is not a finished selection run: complete %v, selection %v", ck.Complete, ck.Selection != nil)
	}
	in := writeFile(t, t.TempDir(), "x.csv", "x\n0.1\n0.9\n")
	pred := filepath.Join(t.TempDir(), "pred.csv")
	for _, args := range [][]string{
		{"eval", "--run", runDir},
		{"eval", "--run", runDir, "--write"},
		{"predict", "--run", runDir, "--input", in, "--out", pred, "--samples", "10"},
	} {
		_, errOut, err := run(t, args...)
		if err != nil {
			t.Fatalf("%v on a finished run: %v %s", args, err, errOut)
		}
		if strings.Contains(errOut, "unfinished") {
			t.Errorf("%v on a finished run warns: %s", args, errOut)
		}
	}
	ck.Complete = false
	if err := ck.Save(ckPath); err != nil {
		t.Fatal(err)
	}
	_, _, err = run(t, "eval", "--run", runDir)
	if err == nil || exitCode(err) != 2 || !strings.Contains(err.Error(), "iteration 20 of 20") {
		t.Fatalf("eval of a run trained but not evaluated: err %v (exit %d)", err, exitCode(err))
	}
}
