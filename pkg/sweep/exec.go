package sweep

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime/debug"
	"strings"
	"sync"
	"time"

	"github.com/mgpteam/mgp/internal/awake"
	"github.com/mgpteam/mgp/pkg/runlock"
)

// Runner trains and evaluates one run into r.Dir, continuing from its
// checkpoint when resume is set, writing progress to log. It returns an
// error wrapping context.Canceled when ctx ends it.
type Runner func(ctx context.Context, r Run, resume bool, log io.Writer) error

// Options steer Execute.
type Options struct {
	// Jobs is how many runs go at once (at least 1).
	Jobs int
	// RetryFailed runs again those whose error.json says they failed.
	RetryFailed bool
	// RerunChanged retrains the runs whose result or checkpoint was made
	// under another config or data than the sweep's (Changed), moving the
	// old files aside; without it they are left and reported.
	RerunChanged bool
	// Restart starts again the runs whose checkpoint or result is refused
	// (Refused), moving the old files aside; without it they are left and
	// reported.
	Restart bool
	// Stale is how old a lock's heartbeat may be before the lock is taken
	// over (default 10 minutes).
	Stale time.Duration
	// Progress receives the progress lines (nil: none).
	Progress io.Writer
	// Estimate, when set, gives a run's expected seconds from where st
	// says it is (for the ETA; see Estimator); ok false when unknown.
	Estimate func(r Run, st Status) (sec float64, ok bool)
	// Version is recorded in error.json.
	Version string
	// Shared says that other processes take runs of the same sweep
	// (mgp sweep --share): the ETA is then this process's alone, and the
	// runs another process holds are not given up but waited for at the
	// end (see awaitElsewhere), so that Execute returns only when every
	// run is finished, failed or held back, or ctx ends.
	Shared bool
	// Poll is how often a shared sweep re-checks the runs held elsewhere
	// once it has nothing else to do (default runlock.Heartbeat).
	Poll time.Duration
	// Switches names RetryFailed, RerunChanged and Restart in the caller's
	// words (the CLI's flags), for Decide's reasons.
	Switches Switches
}

// Switches are the caller's names of the options that act on the runs a
// sweep would leave; an empty one reads as the option's own name.
type Switches struct {
	RetryFailed, RerunChanged, Restart string
}

// switchName is s, or the option's name opt when s is empty.
func switchName(s, opt string) string {
	if s == "" {
		return "the " + opt + " option"
	}
	return s
}

// Summary counts what Execute did.
type Summary struct {
	// Total is the number of runs given.
	Total int
	// AlreadyDone were complete before (or, in a shared sweep, were
	// completed meanwhile by the process that held them); Completed
	// finished now.
	AlreadyDone, Completed int
	// Failed failed now; SkippedFailed had failed before and were left.
	Failed, SkippedFailed int
	// Locked were under way in another process (in a shared sweep: still,
	// when ctx ended).
	Locked int
	// Changed were made under another config or data and left (without
	// RerunChanged); Refused had files that cannot be trusted and were left
	// (without Restart).
	Changed, Refused int
	// HeldRuns lists "id: why" of the Changed and Refused runs.
	HeldRuns []string
	// Interrupted were stopped by the context (their checkpoints hold them).
	Interrupted int
	// Left were never started because the context ended.
	Left int
	// FailedRuns lists "id: error" of the runs that failed now.
	FailedRuns []string
}

// Execute runs the runs, o.Jobs at a time, in order: complete runs are
// skipped, partial ones resume, failures are recorded in the run's
// error.json and do not stop the others. When ctx ends, running runs are
// interrupted (they checkpoint) and no new ones start. A run another
// process holds is skipped; with o.Shared it is come back to at the end
// (awaitElsewhere).
func Execute(ctx context.Context, runs []Run, run Runner, o Options) Summary {
	if o.Jobs < 1 {
		o.Jobs = 1
	}
	if o.Stale <= 0 {
		o.Stale = runlock.DefaultStale
	}
	if o.Poll <= 0 {
		o.Poll = runlock.Heartbeat
	}
	p := &progress{w: o.Progress, sum: Summary{Total: len(runs)}, est: o.Estimate, jobs: o.Jobs, shared: o.Shared, start: time.Now()}
	p.clock = awake.Now
	todo := runs[:0:0]
	for _, r := range runs {
		if act, _ := Decide(fileStatus(r.Dir, r.Want), o); act == Skip { // finished before: no work, no ETA share
			p.sum.AlreadyDone++
			continue
		}
		todo = append(todo, r)
	}
	runs = todo
	p.pending = append(p.pending, runs...)
	if p.sum.AlreadyDone > 0 {
		p.line(fmt.Sprintf("%d runs finished before", p.sum.AlreadyDone))
	}
	var wg sync.WaitGroup
	var heldMu sync.Mutex
	var held []Run // shared sweep: runs another process held when reached
	next := make(chan Run)
	for range o.Jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for r := range next {
				if executeOne(ctx, r, run, o, p) == elsewhere {
					heldMu.Lock()
					held = append(held, r)
					heldMu.Unlock()
				}
			}
		}()
	}
	for _, r := range runs {
		if ctx.Err() != nil {
			break
		}
		select {
		case next <- r:
		case <-ctx.Done():
		}
	}
	close(next)
	wg.Wait()
	awaitElsewhere(ctx, held, run, o, p)
	p.mu.Lock()
	defer p.mu.Unlock()
	p.sum.Left = len(p.pending)
	if ctx.Err() != nil {
		p.line("stopped")
	} else {
		p.line("finished")
	}
	return p.sum
}

// outcome is what executeOne did with a run.
type outcome int

// The outcomes of executeOne.
const (
	// handled: the run was counted (done, failed, held back, interrupted
	// or not started because ctx ended).
	handled outcome = iota
	// elsewhere: a shared sweep found the run held by another process and
	// left it uncounted, to be checked again at the end.
	elsewhere
	// proceed: leave found nothing that stops the run.
	proceed
)

// executeOne handles one run: status, lock, run, record.
func executeOne(ctx context.Context, r Run, run Runner, o Options, p *progress) outcome {
	if ctx.Err() != nil {
		return handled
	}
	if out := leave(r, RunStatus(r, o.Stale), o, p); out != proceed {
		return out
	}
	release, err := acquireLock(r.Dir, o.Stale)
	if errors.Is(err, errLocked) {
		if o.Shared {
			p.say(fmt.Sprintf("%s: taken by another process (%v); %s", r.ID(), err, checkedAgain))
			return elsewhere
		}
		p.finish(r, func(s *Summary) { s.Locked++ }, fmt.Sprintf("%s: taken by another process (%v), skipped", r.ID(), err))
		return handled
	}
	if err != nil {
		p.finish(r, func(s *Summary) { s.Failed++; s.FailedRuns = append(s.FailedRuns, r.ID()+": "+err.Error()) }, fmt.Sprintf("%s: FAILED: %v", r.ID(), err))
		return handled
	}
	defer release()
	st := verifyArrays(r.Dir, fileStatus(r.Dir, r.Want)) // another process may have finished it meanwhile
	if out := leave(r, st, o, p); out != proceed {
		return out
	}
	act, _ := Decide(st, o)
	if st.State == Failed {
		st = *st.Retry
	}
	if act == Replace {
		if err := moveAside(r.Dir); err != nil {
			p.finish(r, func(s *Summary) { s.Failed++; s.FailedRuns = append(s.FailedRuns, r.ID()+": "+err.Error()) }, fmt.Sprintf("%s: FAILED: %v", r.ID(), err))
			return handled
		}
		st = Status{State: Todo}
	}
	resume := act == Resume
	p.begin(r, st)
	err = runLogged(ctx, r, run, resume)
	switch {
	case err == nil:
		_ = os.Remove(filepath.Join(r.Dir, ErrorFile))
		p.finish(r, func(s *Summary) { s.Completed++ }, fmt.Sprintf("%s: done", r.ID()))
	case ctx.Err() != nil && errors.Is(err, ctx.Err()):
		p.finish(r, func(s *Summary) { s.Interrupted++ }, fmt.Sprintf("%s: interrupted, checkpointed", r.ID()))
	default:
		msg := err.Error()
		if werr := recordError(r.Dir, r.ID(), msg, o.Version); werr != nil {
			msg += fmt.Sprintf(" (and %s could not be written: %v)", ErrorFile, werr)
		}
		p.finish(r, func(s *Summary) { s.Failed++; s.FailedRuns = append(s.FailedRuns, r.ID()+": "+msg) }, fmt.Sprintf("%s: FAILED: %s", r.ID(), firstLine(msg)))
	}
	return handled
}

// appendLog writes to the end of the file at its path, opening it for every
// write: a log line every few minutes costs nothing that way, and a log
// that is replaced while the run goes on (a git checkout or stash of a
// results tree) receives the rest of the run instead of an unlinked copy.
type appendLog string

// Write implements io.Writer.
func (p appendLog) Write(b []byte) (int, error) {
	f, err := os.OpenFile(string(p), os.O_WRONLY|os.O_CREATE|os.O_APPEND, 0o644)
	if err != nil {
		return 0, err
	}
	n, err := f.Write(b)
	if cerr := f.Close(); err == nil {
		err = cerr
	}
	return n, err
}

// runLogged calls run with the run's log file, turning a panic into an
// error.
func runLogged(ctx context.Context, r Run, run Runner, resume bool) (err error) {
	f := appendLog(filepath.Join(r.Dir, LogFile))
	if _, ferr := fmt.Fprintf(f, "== %s %s (resume %v)\n", time.Now().UTC().Format(time.RFC3339), r.ID(), resume); ferr != nil {
		return ferr
	}
	defer func() {
		if v := recover(); v != nil {
			err = fmt.Errorf("panic: %v\n%s", v, debug.Stack())
		}
		if err != nil {
			fmt.Fprintf(f, "== error: %v\n", err)
		}
	}()
	return run(ctx, r, resume, f)
}

// firstLine returns s up to its first newline.
func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}
