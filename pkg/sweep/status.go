package sweep

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"time"

	"github.com/mgpteam/mgp/pkg/results"
	"github.com/mgpteam/mgp/pkg/train"
)

// Files a sweep keeps in a run directory beside train's checkpoint.json and
// result.json.
const (
	// ErrorFile records why a run failed.
	ErrorFile = "error.json"
	// LockFile marks a run under way (with a heartbeat in its mtime).
	LockFile = "lock.json"
	// LogFile collects the run's progress lines.
	LogFile = "train.log"
)

// State is where a run stands.
type State int

// The states of a run.
const (
	// Todo: nothing done yet.
	Todo State = iota
	// Partial: a checkpoint of an unfinished run exists; it resumes.
	Partial
	// Done: result.json exists.
	Done
	// Failed: error.json records a failure (retried only on request).
	Failed
	// Locked: another process is running it (its lock is fresh).
	Locked
)

// String names the state.
func (s State) String() string {
	return [...]string{"todo", "partial", "done", "failed", "locked"}[s]
}

// Status is a run's state with a detail (iteration reached, error, holder).
type Status struct {
	State  State
	Detail string
	// Iter is the checkpoint's iteration for Partial runs.
	Iter int
}

// RunError is what error.json holds.
type RunError struct {
	// Run is the run's ID.
	Run string `json:"run"`
	// Error is the failure's message.
	Error string `json:"error"`
	// Date is when it failed, RFC 3339.
	Date string `json:"date"`
	// Version is the program version.
	Version string `json:"version"`
}

// StatusOf inspects a run directory. A lock older than stale (by its
// heartbeat) does not count.
func StatusOf(dir string, stale time.Duration) Status {
	if _, err := os.Stat(filepath.Join(dir, train.ResultFile)); err == nil {
		return Status{State: Done}
	}
	if li, ok := readLock(dir); ok && !li.stale(stale) {
		return Status{State: Locked, Detail: fmt.Sprintf("running on %s (pid %d) since %s", li.Host, li.PID, li.Started)}
	}
	return fileStatus(dir)
}

// fileStatus is StatusOf without the lock: what the run's files say (the
// view of the lock's own holder).
func fileStatus(dir string) Status {
	if _, err := os.Stat(filepath.Join(dir, train.ResultFile)); err == nil {
		return Status{State: Done}
	}
	if b, err := os.ReadFile(filepath.Join(dir, ErrorFile)); err == nil {
		var re RunError
		if json.Unmarshal(b, &re) == nil {
			return Status{State: Failed, Detail: re.Error}
		}
		return Status{State: Failed, Detail: "unreadable " + ErrorFile}
	}
	return checkpointStatus(dir)
}

// checkpointStatus says whether dir holds the checkpoint of an unfinished
// run (Partial) or nothing to resume from (Todo).
func checkpointStatus(dir string) Status {
	ck, err := train.LoadCheckpoint(filepath.Join(dir, train.CheckpointFile))
	switch {
	case errors.Is(err, train.ErrNoCheckpoint) || errors.Is(err, fs.ErrNotExist):
		return Status{State: Todo}
	case err != nil:
		return Status{State: Todo, Detail: "unreadable checkpoint (the run starts again): " + err.Error()}
	case ck.State == nil:
		return Status{State: Todo, Detail: "checkpoint without training state (the run starts again)"}
	}
	return Status{State: Partial, Iter: ck.State.Iter, Detail: fmt.Sprintf("at iteration %d", ck.State.Iter)}
}

// recordError writes error.json into dir.
func recordError(dir, id, msg, version string) error {
	return results.WriteJSONAtomic(filepath.Join(dir, ErrorFile), RunError{
		Run: id, Error: msg, Date: time.Now().UTC().Format(time.RFC3339), Version: version,
	})
}
