package sweep

import (
	"bufio"
	"context"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mgpteam/mgp/pkg/checkpoint"
	"github.com/mgpteam/mgp/pkg/results"
	"github.com/mgpteam/mgp/pkg/rundir"
)

// The helper process of the shared-sweep tests: with holdDirEnv set, the
// test binary takes that run's lock, writes a checkpoint at iteration
// heldIter, says "held" and keeps the lock until its stdin closes; then,
// with holdFinishEnv set to "model dataset", it writes the run's
// result.json, and releases.
const (
	holdDirEnv    = "MGP_SWEEP_TEST_HOLD_DIR"
	holdFinishEnv = "MGP_SWEEP_TEST_HOLD_FINISH"
	heldIter      = 7
)

// TestHelperHoldsRun is the helper process (skipped in a normal run).
func TestHelperHoldsRun(t *testing.T) {
	dir := os.Getenv(holdDirEnv)
	if dir == "" {
		t.Skip("the helper process of the shared-sweep tests")
	}
	release, err := acquireLock(dir, time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	ck := &checkpoint.Checkpoint{State: &checkpoint.TrainState{Iter: heldIter}}
	if err := ck.Save(filepath.Join(dir, rundir.CheckpointFile)); err != nil {
		t.Fatal(err)
	}
	os.Stdout.WriteString("held\n")
	_, _ = io.Copy(io.Discard, os.Stdin)
	if m, d, ok := strings.Cut(os.Getenv(holdFinishEnv), " "); ok {
		if err := results.WriteJSONAtomic(filepath.Join(dir, rundir.ResultFile), &results.Result{Model: m, Dataset: d, Complete: true}); err != nil {
			t.Fatal(err)
		}
	}
	release()
	os.Exit(0)
}

// holder is a helper process holding one run's lock.
type holder struct {
	cmd   *exec.Cmd
	stdin io.WriteCloser
}

// holdRun starts a helper process that takes r's lock and returns once it
// holds it; with finish, the helper finishes r when its stdin closes.
func holdRun(t *testing.T, r Run, finish bool) *holder {
	t.Helper()
	c := exec.Command(os.Args[0], "-test.run=^TestHelperHoldsRun$")
	c.Env = append(os.Environ(), holdDirEnv+"="+r.Dir)
	if finish {
		c.Env = append(c.Env, holdFinishEnv+"="+r.Model+" "+r.Dataset)
	}
	in, err := c.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	out, err := c.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Start(); err != nil {
		t.Skipf("cannot start a helper process: %v", err)
	}
	h := &holder{cmd: c, stdin: in}
	t.Cleanup(func() { _ = c.Process.Kill(); _ = c.Wait() })
	line, _ := bufio.NewReader(out).ReadString('\n')
	if line != "held\n" {
		t.Fatalf("the helper process did not take the lock: %q", line)
	}
	return h
}

// waitingWriter is a progress writer that closes waiting when the sweep
// says it waits for runs held elsewhere.
type waitingWriter struct {
	mu      sync.Mutex
	b       strings.Builder
	waiting chan struct{}
	once    sync.Once
}

func newWaitingWriter() *waitingWriter { return &waitingWriter{waiting: make(chan struct{})} }

// Write implements io.Writer.
func (w *waitingWriter) Write(b []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.b.Write(b)
	if strings.Contains(string(b), "unfinished elsewhere: waiting") {
		w.once.Do(func() { close(w.waiting) })
	}
	return len(b), nil
}

func (w *waitingWriter) String() string {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.b.String()
}

// sharedSweep runs Execute with Shared in the background; the summary
// arrives on the returned channel.
func sharedSweep(ctx context.Context, runs []Run, f *fakeTrainer, w io.Writer) <-chan Summary {
	c := make(chan Summary, 1)
	go func() {
		c <- Execute(ctx, runs, f.run, Options{Jobs: 2, Shared: true, Stale: time.Minute, Poll: 10 * time.Millisecond, Progress: w})
	}()
	return c
}

// TestSharedSweepTakesRunOfDeadHolder: a shared sweep reaches a run that
// another process holds, does the others, says it waits, and when that
// process is killed takes the run and resumes it from the checkpoint the
// dead holder left; it ends with every run done and none counted as
// running elsewhere (the "7/8 done ... 0 left" and exit 0 of a task whose
// partner was cancelled).
func TestSharedSweepTakesRunOfDeadHolder(t *testing.T) {
	runs := gridRuns(t)[:4]
	h := holdRun(t, runs[1], false)
	f := newFake(20)
	w := newWaitingWriter()
	sums := sharedSweep(context.Background(), runs, f, w)
	select {
	case <-w.waiting:
	case s := <-sums:
		t.Fatalf("the sweep ended while a run was held elsewhere: %+v\n%s", s, w)
	}
	if err := h.cmd.Process.Kill(); err != nil {
		t.Fatal(err)
	}
	_ = h.cmd.Wait()
	s := <-sums
	if s.Completed != len(runs) || s.Locked != 0 || s.Left != 0 || s.Failed != 0 {
		t.Fatalf("summary %+v, want all %d runs completed here\n%s", s, len(runs), w)
	}
	id := runs[1].ID()
	if got := f.starts[id]; len(got) != 1 || got[0] != heldIter || !f.resumed[id][0] {
		t.Fatalf("%s: starts %v (resume %v), want one resume at the dead holder's checkpoint, iteration %d", id, got, f.resumed[id], heldIter)
	}
	if !strings.Contains(w.String(), "finished | 4/4 done, 0 running, 0 failed, 0 left") {
		t.Fatalf("progress:\n%s", w)
	}
	if !strings.Contains(w.String(), "] 1 run unfinished elsewhere: waiting") {
		t.Fatalf("progress does not count the one held run in the singular:\n%s", w)
	}
}

// TestSharedSweepWaitsForLiveHolder: a run that its live holder finishes
// is counted done, never trained here; a sweep whose context ends while
// it waits counts the held run as running elsewhere.
func TestSharedSweepWaitsForLiveHolder(t *testing.T) {
	runs := gridRuns(t)[:3]
	h := holdRun(t, runs[0], true)
	f := newFake(20)
	w := newWaitingWriter()
	sums := sharedSweep(context.Background(), runs, f, w)
	<-w.waiting
	if err := h.stdin.Close(); err != nil { // the holder finishes its run
		t.Fatal(err)
	}
	s := <-sums
	if s.Completed != 2 || s.AlreadyDone != 1 || s.Locked != 0 || len(f.starts[runs[0].ID()]) != 0 {
		t.Fatalf("summary %+v, starts %v: want the held run left to its holder and counted done\n%s", s, f.starts, w)
	}
	if !strings.Contains(w.String(), runs[0].ID()+": finished elsewhere") {
		t.Fatalf("progress:\n%s", w)
	}

	runs = gridRuns(t)[:2]
	holdRun(t, runs[0], false)
	ctx, cancel := context.WithCancel(context.Background())
	w = newWaitingWriter()
	sums = sharedSweep(ctx, runs, f, w)
	<-w.waiting
	cancel()
	s = <-sums
	if s.Completed != 1 || s.Locked != 1 {
		t.Fatalf("summary %+v after a cancel while waiting, want 1 completed and 1 running elsewhere\n%s", s, w)
	}
}
