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
	// Changed: its result or checkpoint was made under another config (or
	// other data) than the sweep's run now (retrained only on request).
	Changed
	// Refused: its checkpoint or result cannot be trusted (unreadable,
	// failing its checksum, trained on other data); started again only on
	// request.
	Refused
)

// String names the state.
func (s State) String() string {
	return [...]string{"todo", "partial", "done", "failed", "locked", "changed", "refused"}[s]
}

// Status is a run's state with a detail (iteration reached, error, holder,
// what changed).
type Status struct {
	State  State
	Detail string
	// Iter is the checkpoint's iteration for Partial runs.
	Iter int
	// Retry is, for a Failed run, the state of what the failure left (its
	// checkpoint): what --retry-failed does with it.
	Retry *Status
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

// StatusOf inspects a run directory without a wanted config (any finished
// result counts as done). A lock older than stale (by its heartbeat) does
// not count.
func StatusOf(dir string, stale time.Duration) Status {
	return RunStatus(Run{Dir: dir}, stale)
}

// RunStatus inspects r's directory and compares its files with r.Want
// (see resultStatus and checkpointStatus). A lock older than stale (by its
// heartbeat) does not count.
func RunStatus(r Run, stale time.Duration) Status {
	if st, ok := resultStatus(r.Dir, r.Want); ok {
		return st
	}
	if li, ok := readLock(r.Dir); ok && !li.stale(stale) {
		return Status{State: Locked, Detail: fmt.Sprintf("running on %s (pid %d) since %s", li.Host, li.PID, li.Started)}
	}
	return fileStatus(r.Dir, r.Want)
}

// fileStatus is RunStatus without the lock: what the run's files say (the
// view of the lock's own holder).
func fileStatus(dir string, want *Want) Status {
	if st, ok := resultStatus(dir, want); ok {
		return st
	}
	if b, err := os.ReadFile(filepath.Join(dir, ErrorFile)); err == nil {
		retry := checkpointStatus(dir, want)
		var re RunError
		if json.Unmarshal(b, &re) == nil {
			return Status{State: Failed, Detail: re.Error, Retry: &retry}
		}
		return Status{State: Failed, Detail: "unreadable " + ErrorFile, Retry: &retry}
	}
	return checkpointStatus(dir, want)
}

// checkpointStatus says whether dir holds the checkpoint of a run to
// resume (Partial: unfinished, or complete with result.json missing, which
// the resume rebuilds), nothing to resume from (Todo), a checkpoint that
// cannot be trusted (Refused: unreadable, failing its checksum, trained on
// other data than want's) or one made under another config (Changed).
// It reads checkpoint.json only, not the arrays file of a large checkpoint
// (train.LoadCheckpointHeader checks it is there, of the recorded size);
// the resume checks its SHA-256 and refuses it if damaged.
func checkpointStatus(dir string, want *Want) Status {
	ck, err := train.LoadCheckpointHeader(filepath.Join(dir, train.CheckpointFile))
	switch {
	case errors.Is(err, train.ErrNoCheckpoint) || errors.Is(err, fs.ErrNotExist):
		return Status{State: Todo}
	case err != nil:
		return Status{State: Refused, Detail: err.Error()}
	case ck.State == nil:
		return Status{State: Todo, Detail: "checkpoint without training state (the run starts again)"}
	}
	if want != nil {
		if d := train.ConfigDiff(ck.Config, want.Config); d != "" {
			return Status{State: Changed, Iter: ck.State.Iter, Detail: "checkpoint made under another config: " + d}
		}
		d, _, err := want.dataChanges(ck.DataFingerprint, "the checkpoint")
		if err != nil {
			return Status{State: Refused, Detail: "the data cannot be read to check the checkpoint: " + err.Error()}
		}
		if d != "" {
			return Status{State: Refused, Detail: "checkpoint " + filepath.Join(dir, train.CheckpointFile) + ": " + d}
		}
	}
	if ck.Complete && ck.Result == nil && ck.Selection != nil {
		return Status{State: Refused, Detail: "checkpoint " + filepath.Join(dir, train.CheckpointFile) +
			": complete, but written by a version that kept no copy of result.json, which this held-out-selection run cannot rebuild; restore result.json, or --restart"}
	}
	if ck.Complete {
		return Status{State: Partial, Iter: ck.State.Iter, Detail: "finished; result.json is missing and is rebuilt from the complete checkpoint"}
	}
	return Status{State: Partial, Iter: ck.State.Iter, Detail: fmt.Sprintf("at iteration %d", ck.State.Iter)}
}

// recordError writes error.json into dir.
func recordError(dir, id, msg, version string) error {
	return results.WriteJSONAtomic(filepath.Join(dir, ErrorFile), RunError{
		Run: id, Error: msg, Date: time.Now().UTC().Format(time.RFC3339), Version: version,
	})
}
