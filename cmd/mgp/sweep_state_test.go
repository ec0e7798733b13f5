package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mgpteam/mgp/pkg/checkpoint"
	"github.com/mgpteam/mgp/pkg/results"
	"github.com/mgpteam/mgp/pkg/rundir"
)

// stateSweep writes a sweep of SGP on the step toy over seeds, with the
// given extra top-level set: entries, and returns its path.
func stateSweep(t *testing.T, dir, seeds, set string) string {
	t.Helper()
	writeFile(t, dir, "step-sgp.yaml", toyYAML)
	return writeFile(t, dir, "sweep.yaml", `name: state
out: `+filepath.Join(dir, "out")+`
datasets: [step]
models: [sgp]
seeds: `+seeds+`
config: `+dir+`/{dataset}-{model}.yaml
set: {train.iterations: 20`+set+`}
`)
}

// TestSweepEditedSweepFileReportsChangedRuns: after a new lr in the sweep
// file, the runs made under the old one are reported as changed (naming
// train.lr), counted neither done nor retrained, in the dry run and in the
// sweep, which exits non-zero naming --rerun-changed; the new seed runs.
// --rerun-changed retrains them, moving the old result aside.
func TestSweepEditedSweepFileReportsChangedRuns(t *testing.T) {
	dir := t.TempDir()
	spec := stateSweep(t, dir, "[0, 1]", "")
	if out, errOut, err := run(t, "sweep", "-c", spec); err != nil {
		t.Fatalf("%v\n%s\n%s", err, out, errOut)
	}
	spec = stateSweep(t, dir, "[0, 1, 2]", ", train.lr: 0.031")
	out, _, err := run(t, "sweep", "-c", spec, "--dry-run")
	if err != nil || !strings.Contains(out, "3 runs: 0 done, 0 partial, 1 todo, 0 failed, 0 running elsewhere, 2 changed") ||
		!strings.Contains(out, "train.lr: 0.005 → 0.031") {
		t.Fatalf("dry run after the edit: %v\n%s", err, out)
	}
	out, errOut, err := run(t, "sweep", "-c", spec)
	if err == nil || !strings.Contains(err.Error(), "--rerun-changed") || !strings.Contains(out, "0 done before, 1 completed now") ||
		!strings.Contains(errOut, "step/sgp/default/s0: changed since it was run (train.lr: 0.005 → 0.031)") {
		t.Fatalf("sweep after the edit: %v\n%s\n%s", err, out, errOut)
	}
	old := filepath.Join(dir, "out", "step", "sgp", "default", "s0", rundir.ResultFile)
	if res, err := results.ReadResult(old); err != nil || res.Config["train"].(map[string]any)["lr"] != 0.005 {
		t.Fatalf("the changed run's result was touched: %v", err)
	}
	if out, errOut, err := run(t, "sweep", "-c", spec, "--rerun-changed"); err != nil || !strings.Contains(out, "2 completed now") {
		t.Fatalf("--rerun-changed: %v\n%s\n%s", err, out, errOut)
	}
	if _, err := os.Stat(old + ".replaced"); err != nil {
		t.Fatalf("old result not moved aside: %v", err)
	}
	if out, _, err := run(t, "sweep", "-c", spec); err != nil || !strings.Contains(out, "3 done before") {
		t.Fatalf("after --rerun-changed: %v\n%s", err, out)
	}
}

// unfinishedAt10 runs stateSweep's one run (20 iterations) and rewrites
// its checkpoint as unfinished at iteration 10, recording seconds of
// training (0: keeps the time the sweep recorded for all 20 iterations);
// it returns the sweep file and
// the run directory, whose result.json is left as the sweep wrote it.
func unfinishedAt10(t *testing.T, seconds float64) (spec, rd string) {
	t.Helper()
	dir := t.TempDir()
	spec = stateSweep(t, dir, "[0]", "")
	if _, _, err := run(t, "sweep", "-c", spec); err != nil {
		t.Fatal(err)
	}
	rd = filepath.Join(dir, "out", "step", "sgp", "default", "s0")
	ck, err := checkpoint.Load(filepath.Join(rd, rundir.CheckpointFile))
	if err != nil {
		t.Fatal(err)
	}
	ck.Complete, ck.Result = false, nil
	ck.State.Iter, ck.State.Adam.Step = 10, 10
	if seconds > 0 {
		ck.State.TrainSeconds = seconds
	}
	if err := ck.Save(filepath.Join(rd, rundir.CheckpointFile)); err != nil {
		t.Fatal(err)
	}
	return spec, rd
}

// TestSweepEvalWriteLeftoverNotDone: a result.json without the complete
// flag beside an unfinished checkpoint (as `mgp eval --write` of earlier
// versions left on an unfinished run) does not make the run done: the
// dry run says it resumes, and the sweep finishes it.
func TestSweepEvalWriteLeftoverNotDone(t *testing.T) {
	spec, rd := unfinishedAt10(t, 0)
	res, err := results.ReadResult(filepath.Join(rd, rundir.ResultFile))
	if err != nil {
		t.Fatal(err)
	}
	res.Complete, res.ConfigFingerprint, res.DataFingerprint = false, "", ""
	if err := results.WriteJSONAtomic(filepath.Join(rd, rundir.ResultFile), res); err != nil {
		t.Fatal(err)
	}
	out, _, err := run(t, "sweep", "-c", spec, "--dry-run")
	if err != nil || !strings.Contains(out, "1 runs: 0 done, 1 partial") || !strings.Contains(out, "resumes: at iteration 10") {
		t.Fatalf("dry run: %v\n%s", err, out)
	}
	out, errOut, err := run(t, "sweep", "-c", spec)
	if err != nil || !strings.Contains(out, "0 done before, 1 completed now") {
		t.Fatalf("sweep: %v\n%s\n%s", err, out, errOut)
	}
	if res, err := results.ReadResult(filepath.Join(rd, rundir.ResultFile)); err != nil || !res.Complete {
		t.Fatalf("result after the sweep: %v", err)
	}
}

// TestSweepDryRunOwnRate: a partial run whose checkpoint records 4 s for
// its first 10 of 20 iterations is estimated at its own rate, 4 s more,
// whatever the cost model says of its pair.
func TestSweepDryRunOwnRate(t *testing.T) {
	spec, rd := unfinishedAt10(t, 4)
	if err := os.Remove(filepath.Join(rd, rundir.ResultFile)); err != nil {
		t.Fatal(err)
	}
	out, _, err := run(t, "sweep", "-c", spec, "--dry-run", "--costs", t.TempDir())
	if err != nil || !strings.Contains(out, "resumes: at iteration 10") || !strings.Contains(out, "  4s (own rate)") ||
		!strings.Contains(out, "1 estimates (own rate) continue a run at the rate its checkpoint records") {
		t.Fatalf("dry run (err %v):\n%s", err, out)
	}
	// Failed there, --retry-failed goes on from the checkpoint at its rate.
	if err := rundir.WriteError(rd, "step/sgp/default/s0", "NaN at iteration 11", "test"); err != nil {
		t.Fatal(err)
	}
	out, _, err = run(t, "sweep", "-c", spec, "--dry-run", "--retry-failed", "--costs", t.TempDir())
	if err != nil || !strings.Contains(out, "  4s (own rate)") || !strings.Contains(out, "0 todo, 1 failed") {
		t.Fatalf("dry run --retry-failed (err %v):\n%s", err, out)
	}
}

// TestSweepDryRunAgreesOnTruncatedCheckpoint: a cut-off checkpoint is
// refused by the dry run and by the sweep alike (not "starts again" in one
// and a failure in the other), both naming --restart; the sweep exits
// non-zero without recording a failure, and --restart runs it.
func TestSweepDryRunAgreesOnTruncatedCheckpoint(t *testing.T) {
	dir := t.TempDir()
	spec := stateSweep(t, dir, "[0]", "")
	if _, _, err := run(t, "sweep", "-c", spec); err != nil {
		t.Fatal(err)
	}
	rd := filepath.Join(dir, "out", "step", "sgp", "default", "s0")
	ckPath := filepath.Join(rd, rundir.CheckpointFile)
	b, err := os.ReadFile(ckPath)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(ckPath, b[:len(b)/2], 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(filepath.Join(rd, rundir.ResultFile)); err != nil {
		t.Fatal(err)
	}
	dry, _, err := run(t, "sweep", "-c", spec, "--dry-run")
	if err != nil || !strings.Contains(dry, "step/sgp/default/s0  refused: checkpoint "+ckPath) || !strings.Contains(dry, "--restart") ||
		!strings.Contains(dry, "1 runs: 0 done, 0 partial, 0 todo, 0 failed, 0 running elsewhere, 0 changed, 1 refused") {
		t.Fatalf("dry run:\n%s", dry)
	}
	out, errOut, err := run(t, "sweep", "-c", spec)
	if err == nil || !strings.Contains(err.Error(), "--restart") || !strings.Contains(out, "0 failed now") ||
		!strings.Contains(errOut, "step/sgp/default/s0: refused: checkpoint "+ckPath) {
		t.Fatalf("sweep: %v\n%s\n%s", err, out, errOut)
	}
	if _, err := os.Stat(filepath.Join(rd, "error.json")); err == nil {
		t.Fatal("a refused run was recorded as failed")
	}
	if out, errOut, err := run(t, "sweep", "-c", spec, "--restart"); err != nil || !strings.Contains(out, "1 completed now") {
		t.Fatalf("--restart: %v\n%s\n%s", err, out, errOut)
	}
}
