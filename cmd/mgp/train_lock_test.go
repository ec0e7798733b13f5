package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mgpteam/mgp/pkg/rundir"
)

// runCtx is run with a context the test can cancel.
func runCtx(ctx context.Context, args ...string) (string, string, error) {
	var out, errb bytes.Buffer
	root := newRootCmd(&out, &errb)
	root.SetArgs(args)
	err := root.ExecuteContext(ctx)
	return out.String(), errb.String(), err
}

// TestTrainSecondOnOneOutRefuses starts a long train and, while it runs,
// a second train on the same --out: the second is refused (exit 2) with
// the holder named, and the first is left to finish its work.
func TestTrainSecondOnOneOutRefuses(t *testing.T) {
	dir := t.TempDir()
	cfg := writeFile(t, dir, "c.yaml", toyYAML)
	runDir := filepath.Join(dir, "run")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	first := make(chan error, 1)
	go func() {
		_, _, err := runCtx(ctx, "train", "-q", "-c", cfg, "--out", runDir, "--set", "train.iterations=100000000")
		first <- err
	}()
	lock := filepath.Join(runDir, "lock.json")
	deadline := time.Now().Add(20 * time.Second)
	for {
		if _, err := os.Stat(lock); err == nil {
			break
		}
		if time.Now().After(deadline) {
			cancel()
			<-first
			t.Fatal("the first train holds no lock on its --out after 20 s")
		}
		time.Sleep(20 * time.Millisecond)
	}
	_, _, err := run(t, "train", "-q", "-c", cfg, "--out", runDir, "--set", "train.iterations=20")
	if err == nil || exitCode(err) != 2 || !strings.Contains(err.Error(), "locked by") || !strings.Contains(err.Error(), runDir) {
		cancel()
		<-first
		t.Fatalf("second train on a locked --out: err %v (exit %d)", err, exitCode(err))
	}
	cancel()
	if err := <-first; !errors.Is(err, context.Canceled) {
		t.Fatalf("the first train did not end by its interruption: %v", err)
	}
	if _, err := os.Stat(lock); err == nil {
		t.Fatal("the first train left its lock behind after it ended")
	}
}

// TestTrainIntoFinishedRunRefuses trains a run, then trains into its
// directory again: plainly it is refused (naming the directory and what
// it holds); --resume says it is complete; --overwrite replaces it.
func TestTrainIntoFinishedRunRefuses(t *testing.T) {
	dir := t.TempDir()
	cfg := writeFile(t, dir, "c.yaml", toyYAML)
	runDir := filepath.Join(dir, "run")
	if _, _, err := run(t, "train", "-q", "-c", cfg, "--out", runDir); err != nil {
		t.Fatal(err)
	}
	resultPath := filepath.Join(runDir, "result.json")
	before, err := os.ReadFile(resultPath)
	if err != nil {
		t.Fatal(err)
	}
	_, _, err = run(t, "train", "-q", "-c", cfg, "--out", runDir, "--set", "train.iterations=20")
	if err == nil || exitCode(err) != 2 || !strings.Contains(err.Error(), runDir) || !strings.Contains(err.Error(), "result.json") ||
		!strings.Contains(err.Error(), "--overwrite") {
		t.Fatalf("plain train into a finished run: err %v (exit %d)", err, exitCode(err))
	}
	if after, _ := os.ReadFile(resultPath); !bytes.Equal(before, after) {
		t.Fatal("the refused train changed the finished run's result.json")
	}
	out, _, err := run(t, "train", "-q", "-c", cfg, "--out", runDir, "--resume")
	if err != nil || !strings.Contains(out, "already complete") {
		t.Fatalf("--resume of a finished run: %v %q", err, out)
	}
	if _, _, err := run(t, "train", "-q", "-c", cfg, "--out", runDir, "--resume", "--overwrite"); err == nil || exitCode(err) != 2 {
		t.Fatalf("--resume with --overwrite: err %v (exit %d)", err, exitCode(err))
	}
	if _, _, err := run(t, "train", "-q", "-c", cfg, "--out", runDir, "--overwrite", "--set", "train.iterations=20"); err != nil {
		t.Fatalf("--overwrite: %v", err)
	}
	var res struct {
		Iterations int `json:"iterations"`
	}
	b, _ := os.ReadFile(resultPath)
	if err := json.Unmarshal(b, &res); err != nil || res.Iterations != 20 {
		t.Fatalf("after --overwrite result.json has %d iterations (%v), want the new run's 20", res.Iterations, err)
	}
	if _, err := os.Stat(filepath.Join(runDir, "lock.json")); err == nil {
		t.Fatal("lock.json left behind")
	}
}

// TestTrainDefaultOutFollowsConfig trains twice without --out, with two
// different --set values: the runs land in two directories.
func TestTrainDefaultOutFollowsConfig(t *testing.T) {
	dir := t.TempDir()
	cfg := writeFile(t, dir, "c.yaml", toyYAML)
	t.Chdir(dir)
	for _, lr := range []string{"0.01", "0.02"} {
		if _, _, err := run(t, "train", "-q", "-c", cfg, "--set", "train.lr="+lr, "--set", "train.iterations=10"); err != nil {
			t.Fatalf("lr %s: %v", lr, err)
		}
	}
	ents, err := os.ReadDir(filepath.Join(dir, "runs"))
	if err != nil {
		t.Fatal(err)
	}
	if len(ents) != 2 {
		t.Fatalf("two configs share a default --out: runs/ holds %d directories", len(ents))
	}
	for _, e := range ents {
		if !strings.HasPrefix(e.Name(), "sgp-step-s0-") {
			t.Fatalf("default --out %s: want runs/sgp-step-s0-<hash>", e.Name())
		}
	}
}

// TestStaleBelowMinimumRefused refuses a --stale too short for the lock's
// heartbeat cadence, in sweep and in train.
func TestStaleBelowMinimumRefused(t *testing.T) {
	dir := t.TempDir()
	cfg := writeFile(t, dir, "c.yaml", toyYAML)
	for _, args := range [][]string{
		{"sweep", "-c", filepath.Join(dir, "none.yaml"), "--stale", "5s"},
		{"train", "-q", "-c", cfg, "--out", filepath.Join(dir, "r"), "--stale", "5s"},
	} {
		_, _, err := run(t, args...)
		if err == nil || exitCode(err) != 2 || !strings.Contains(err.Error(), "--stale 5s") || !strings.Contains(err.Error(), "30s") {
			t.Fatalf("%s --stale 5s: err %v (exit %d)", args[0], err, exitCode(err))
		}
	}
}

// TestResumeHintAfterOverwrite: the command to continue an interrupted
// --overwrite run resumes the new run rather than replacing it again.
func TestResumeHintAfterOverwrite(t *testing.T) {
	got := resumeHint([]string{"mgp", "train", "-c", "c.yaml", "--overwrite"}, true, "runs/x", false)
	if want := "mgp train -c c.yaml --out runs/x --resume"; got != want {
		t.Fatalf("hint %q, want %q", got, want)
	}
	got = resumeHint([]string{"mgp", "train", "-c", "c.yaml", "--out", "r", "--resume"}, false, "r", true)
	if want := "mgp train -c c.yaml --out r --resume"; got != want {
		t.Fatalf("hint %q, want %q", got, want)
	}
}

// TestClaimErrWords: rundir.Claim's refusals read as `mgp train` has
// always worded them, naming the flags that recover.
func TestClaimErrWords(t *testing.T) {
	for _, c := range []struct {
		err  error
		want string
		exit int
	}{
		{&rundir.NotDirError{Dir: "r"}, "--out r is a file, not a directory: choose a directory for the run", 2},
		{&rundir.LockError{Dir: "r", Err: errors.New("permission denied")}, "--out r cannot be locked for the run: permission denied", 2},
		{&rundir.HeldError{Dir: "r", Files: []string{"result.json", "checkpoint.json"}},
			"--out r already holds a finished run (result.json, checkpoint.json): add --resume to continue it, --overwrite to replace it, or choose another --out", 2},
		{&rundir.HeldError{Dir: "r", Files: []string{"checkpoint.json"}},
			"--out r already holds an unfinished run (checkpoint.json): add --resume to continue it, --overwrite to replace it, or choose another --out", 2},
		{&rundir.ClearError{Err: errors.New("remove r/result.json: permission denied")}, "--overwrite: remove r/result.json: permission denied", 1},
	} {
		err := claimErr(c.err, "r", time.Minute)
		if err.Error() != c.want || exitCode(err) != c.exit {
			t.Errorf("%T: %q (exit %d), want %q (exit %d)", c.err, err, exitCode(err), c.want, c.exit)
		}
	}
}
