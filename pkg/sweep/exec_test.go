package sweep

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mgpteam/mgp/pkg/checkpoint"
	"github.com/mgpteam/mgp/pkg/results"
	"github.com/mgpteam/mgp/pkg/rundir"
)

// fakeTrainer stands in for training: each run takes `steps` steps, writes
// a checkpoint when its context ends and result.json when it finishes,
// and records every start and every step.
type fakeTrainer struct {
	mu       sync.Mutex
	steps    int
	starts   map[string][]int // id -> iteration each start began at
	resumed  map[string][]bool
	work     map[string]int // steps executed per run
	results  map[string]int // result writes per run
	done     int
	cancelAt int // after this many completions, the next run to reach half way cancels (0: never)
	cancel   context.CancelFunc
	fail     string // id of a run that fails
}

func newFake(steps int) *fakeTrainer {
	return &fakeTrainer{steps: steps, starts: map[string][]int{}, resumed: map[string][]bool{}, work: map[string]int{}, results: map[string]int{}}
}

func (f *fakeTrainer) run(ctx context.Context, r Run, resume bool, _ io.Writer) error {
	from := 0
	if resume {
		ck, err := checkpoint.Load(filepath.Join(r.Dir, rundir.CheckpointFile))
		if err != nil {
			return err
		}
		from = ck.State.Iter
	}
	f.mu.Lock()
	f.starts[r.ID()] = append(f.starts[r.ID()], from)
	f.resumed[r.ID()] = append(f.resumed[r.ID()], resume)
	f.mu.Unlock()
	if r.ID() == f.fail {
		return errors.New("training diverged at iteration 3")
	}
	for it := from; it < f.steps; it++ {
		if err := ctx.Err(); err != nil {
			ck := &checkpoint.Checkpoint{State: &checkpoint.TrainState{Iter: it}}
			if err := ck.Save(filepath.Join(r.Dir, rundir.CheckpointFile)); err != nil {
				return err
			}
			return fmt.Errorf("interrupted: %w", err)
		}
		time.Sleep(200 * time.Microsecond)
		f.mu.Lock()
		f.work[r.ID()]++
		if f.cancelAt > 0 && f.done >= f.cancelAt && it == f.steps/2 {
			f.cancel() // mid-run: this run is interrupted at its next step
		}
		f.mu.Unlock()
	}
	if err := results.WriteJSONAtomic(filepath.Join(r.Dir, rundir.ResultFile), &results.Result{Model: r.Model, Dataset: r.Dataset, Complete: true}); err != nil {
		return err
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	f.results[r.ID()]++
	f.done++
	return nil
}

// gridRuns expands specGrid with its out in a temporary directory.
func gridRuns(t *testing.T) []Run {
	t.Helper()
	s, err := ReadSpec(writeSpec(t, specGrid))
	if err != nil {
		t.Fatal(err)
	}
	s.Out = t.TempDir()
	p, err := Expand(s, func(string) bool { return true })
	if err != nil {
		t.Fatal(err)
	}
	return p.Runs
}

// TestInterruptedSweepLosesAndRepeatsNothing cancels a sweep in the middle
// and runs it again: every run ends with exactly one result, the runs that
// were under way resume where they stopped, and no step is done twice.
func TestInterruptedSweepLosesAndRepeatsNothing(t *testing.T) {
	runs := gridRuns(t)
	f := newFake(200)
	ctx, cancel := context.WithCancel(context.Background())
	f.cancelAt, f.cancel = 5, cancel
	var out1, out2 strings.Builder
	s1 := Execute(ctx, runs, f.run, Options{Jobs: 3, Progress: &out1})
	if s1.Interrupted == 0 || s1.Left == 0 || s1.Completed < 5 {
		t.Fatalf("first pass %+v: want some runs interrupted and some not started", s1)
	}
	if last := lastLine(out1.String()); !strings.Contains(last, "] stopped | ") {
		t.Fatalf("the interrupted sweep's last progress line %q does not say it stopped", last)
	}
	s2 := Execute(context.Background(), runs, f.run, Options{Jobs: 3, Progress: &out2})
	if s2.AlreadyDone != s1.Completed || s2.Completed != len(runs)-s1.Completed || s2.Failed != 0 {
		t.Fatalf("second pass %+v after first %+v", s2, s1)
	}
	if last := lastLine(out2.String()); !strings.Contains(last, "] finished | ") {
		t.Fatalf("the completed sweep's last progress line %q does not say it finished", last)
	}
	resumed, midway := 0, 0
	for _, r := range runs {
		id := r.ID()
		if f.results[id] != 1 {
			t.Fatalf("%s: %d results", id, f.results[id])
		}
		if f.work[id] != f.steps {
			t.Fatalf("%s: %d steps done for %d needed: work repeated or lost (starts %v)", id, f.work[id], f.steps, f.starts[id])
		}
		fresh := 0
		for _, res := range f.resumed[id] {
			if !res {
				fresh++
			}
		}
		if fresh != 1 {
			t.Fatalf("%s started from scratch %d times", id, fresh)
		}
		if len(f.starts[id]) == 2 {
			resumed++
			// A run started just before the cancel may see it at its first
			// step and checkpoint iteration 0, so a resume at 0 is right
			// there; the work count above catches repeated or lost steps.
			if f.starts[id][1] > 0 {
				midway++
			}
		}
		if _, err := os.Stat(filepath.Join(r.Dir, LockFile)); err == nil {
			t.Fatalf("%s: lock left behind", id)
		}
	}
	if resumed != s1.Interrupted {
		t.Fatalf("%d runs resumed, %d were interrupted", resumed, s1.Interrupted)
	}
	if midway == 0 {
		t.Fatal("no run resumed past iteration 0: the run that cancelled half way was restarted")
	}
}

// TestFailedRunIsRecordedAndOthersGoOn checks error.json, that the other
// runs finish, that a re-run leaves the failure alone and that RetryFailed
// runs it again.
func TestFailedRunIsRecordedAndOthersGoOn(t *testing.T) {
	runs := gridRuns(t)[:6]
	f := newFake(5)
	f.fail = runs[2].ID()
	s := Execute(context.Background(), runs, f.run, Options{Jobs: 2, Version: "v-test"})
	if s.Failed != 1 || s.Completed != 5 || len(s.FailedRuns) != 1 {
		t.Fatalf("summary %+v", s)
	}
	st := StatusOf(runs[2].Dir, time.Minute)
	if st.State != Failed || st.Detail != "training diverged at iteration 3" {
		t.Fatalf("status of the failed run: %+v", st)
	}
	s = Execute(context.Background(), runs, f.run, Options{Jobs: 2})
	if s.SkippedFailed != 1 || s.AlreadyDone != 5 || len(f.starts[runs[2].ID()]) != 1 {
		t.Fatalf("re-run %+v: the failed run must be left alone", s)
	}
	f.fail = ""
	s = Execute(context.Background(), runs, f.run, Options{Jobs: 2, RetryFailed: true})
	if s.Completed != 1 || StatusOf(runs[2].Dir, time.Minute).State != Done {
		t.Fatalf("retry %+v", s)
	}
	if _, err := os.Stat(filepath.Join(runs[2].Dir, ErrorFile)); err == nil {
		t.Fatal("error.json kept after the run succeeded")
	}
}

// TestLockedRunsAreLeftToTheirHolder checks that a run with a fresh lock
// of a live process is skipped and that a lock without heartbeat is taken
// over.
func TestLockedRunsAreLeftToTheirHolder(t *testing.T) {
	runs := gridRuns(t)[:2]
	release, err := acquireLock(runs[0].Dir, time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	f := newFake(3)
	s := Execute(context.Background(), runs, f.run, Options{Jobs: 1, Stale: time.Minute})
	if s.Locked != 1 || s.Completed != 1 || len(f.starts[runs[0].ID()]) != 0 {
		t.Fatalf("summary %+v with run 0 locked", s)
	}
	release()
	// A lock whose heartbeat stopped long ago (another host's crashed job).
	lock := filepath.Join(runs[0].Dir, LockFile)
	if err := os.WriteFile(lock, []byte(`{"host":"elsewhere","pid":1}`), 0o644); err != nil {
		t.Fatal(err)
	}
	old := time.Now().Add(-time.Hour)
	if err := os.Chtimes(lock, old, old); err != nil {
		t.Fatal(err)
	}
	s = Execute(context.Background(), runs, f.run, Options{Jobs: 1, Stale: time.Minute})
	if s.Completed != 1 || s.AlreadyDone != 1 {
		t.Fatalf("stale lock not taken over: %+v", s)
	}
}

// lastLine is the last non-empty line of s.
func lastLine(s string) string {
	lines := strings.Split(strings.TrimRight(s, "\n"), "\n")
	return lines[len(lines)-1]
}
