package sweep

import (
	"time"

	"github.com/mgpteam/mgp/pkg/rundir"
)

// Files a sweep keeps in a run directory beside checkpoint.json and
// result.json (package rundir owns them all).
const (
	// ErrorFile records why a run failed.
	ErrorFile = rundir.ErrorFile
	// LockFile marks a run under way (with a heartbeat in its mtime).
	LockFile = rundir.LockFile
	// LogFile collects the run's progress lines.
	LogFile = rundir.LogFile
)

// State is where a run stands (see rundir.State).
type State = rundir.State

// The states of a run (see package rundir).
const (
	// Todo: nothing done yet.
	Todo = rundir.Todo
	// Partial: a checkpoint of an unfinished run exists; it resumes.
	Partial = rundir.Partial
	// Done: result.json exists.
	Done = rundir.Done
	// Failed: error.json records a failure (retried only on request).
	Failed = rundir.Failed
	// Locked: another process is running it (its lock is fresh).
	Locked = rundir.Locked
	// Changed: its result or checkpoint was made under another config (or
	// other data) than the sweep's run now (retrained only on request).
	Changed = rundir.Changed
	// Refused: its checkpoint or result cannot be trusted; started again
	// only on request.
	Refused = rundir.Refused
)

// Status is a run's state with a detail (see rundir.Status).
type Status = rundir.Status

// RunError is what error.json holds (see rundir.RunError).
type RunError = rundir.RunError

// StatusOf inspects a run directory without a wanted config (any finished
// result counts as done). A lock older than stale (by its heartbeat) does
// not count.
func StatusOf(dir string, stale time.Duration) Status {
	return RunStatus(Run{Dir: dir}, stale)
}

// RunStatus inspects r's directory and compares its files with r.Want
// (see rundir.Inspect). A lock older than stale (by its heartbeat) does
// not count.
func RunStatus(r Run, stale time.Duration) Status {
	return rundir.Inspect(r.Dir, r.Want.judge(), stale)
}

// fileStatus is RunStatus without the lock: what the run's files say (the
// view of the lock's own holder).
func fileStatus(dir string, want *Want) Status {
	return rundir.InspectFiles(dir, want.judge())
}

// recordError writes error.json into dir.
func recordError(dir, id, msg, version string) error {
	return rundir.WriteError(dir, id, msg, version)
}
