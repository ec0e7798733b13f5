package rundir

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"time"

	"github.com/mgpteam/mgp/pkg/results"
	"github.com/mgpteam/mgp/pkg/runlock"
)

// LegacyDone is the detail of a run counted done under the rule for
// results of versions before fingerprints.
const LegacyDone = "result of an earlier version without fingerprints; its recorded config is the sweep's"

// Judge is what Inspect needs from the packages that own the checkpoint's
// format and the run's config: how to read a checkpoint and how to compare
// the run's files with the run wanted of them.
type Judge struct {
	// Checkpoint reads the checkpoint at path (its header: enough to judge
	// it), returning an error wrapping ErrNoCheckpoint or fs.ErrNotExist
	// when there is none. Compare, when not nil, compares it with the
	// wanted run: config is what differs in the config (""), data what
	// differs in the training data (""), err data that cannot be read.
	Checkpoint func(path string) (ck Checkpoint, compare func() (config, data string, err error), err error)
	// Result, when not nil, compares a result with the wanted run: diff is
	// "" when the result is the wanted run's, else what differs; legacy is
	// true for a result of a version before fingerprints, whose recorded
	// config was compared instead; err reports data that could not be read
	// for the comparison. Nil: nothing is wanted, any finished result
	// counts as done.
	Result func(res *results.Result) (diff string, legacy bool, err error)
}

// Inspect says where the run in dir stands (see InspectFiles) with its
// lock: a run without a result that another process holds (a lock not
// older than stale by its heartbeat, or runlock's rules) is Locked, with
// the iteration of its last checkpoint as Iter (0 before the first).
func Inspect(dir string, j Judge, stale time.Duration) Status {
	if st, ok := resultStatus(dir, j); ok {
		return st
	}
	if h, ok := runlock.Read(dir); ok && !h.Stale(stale) {
		st := Status{State: Locked, Detail: fmt.Sprintf("running on %s (pid %d) since %s", h.Host, h.PID, h.Started)}
		if j.Checkpoint != nil { // how far it got by its last checkpoint, for estimates of what it has left
			if ck, _, err := j.Checkpoint(filepath.Join(dir, CheckpointFile)); err == nil && ck.Resumable && !ck.Complete && ck.Iter > 0 {
				st.Iter, st.Seconds = ck.Iter, ck.Seconds
				st.Detail += fmt.Sprintf(", checkpointed at iteration %d", ck.Iter)
			}
		}
		return st
	}
	return InspectFiles(dir, j)
}

// InspectFiles is Inspect without the lock: what the run's files say (the
// view of the lock's own holder). A result that finishes the run makes it
// Done or Changed (or Refused when unusable, see resultStatus); else
// error.json makes it Failed, with what the checkpoint left as its Retry;
// else the checkpoint decides (see checkpointStatus).
func InspectFiles(dir string, j Judge) Status {
	if st, ok := resultStatus(dir, j); ok {
		return st
	}
	if re, ok := readError(dir); ok {
		retry := checkpointStatus(dir, j)
		if re != nil {
			return Status{State: Failed, Detail: re.Error, Retry: &retry}
		}
		return Status{State: Failed, Detail: "unreadable " + ErrorFile, Retry: &retry}
	}
	return checkpointStatus(dir, j)
}

// resultStatus judges dir's result.json, when there is one (ok false: no
// result, or one that does not finish the run and leaves the decision to
// the checkpoint, see ResultFinishes). A run is Done only when its result
// is complete and made under the wanted config and data:
//
//   - a result marked "complete" counts when its config fingerprint is the
//     wanted config's and its data fingerprint the wanted data's; a
//     different config or data makes it Changed, naming what differs;
//   - a result without the mark (versions before it) counts as complete
//     unless the checkpoint beside it is unfinished (then it is a result
//     written by `mgp eval --write` on an unfinished run, and the run
//     resumes); without a fingerprint its recorded config is compared with
//     the wanted one instead (the keys that never change the numbers
//     aside), and its data cannot be checked;
//   - a result that cannot be read, or has no metrics, is Refused.
func resultStatus(dir string, j Judge) (Status, bool) {
	res, err := results.ReadResult(filepath.Join(dir, ResultFile))
	switch {
	case errors.Is(err, fs.ErrNotExist):
		return Status{}, false
	case err != nil:
		return Status{State: Refused, Detail: "result.json cannot be used: " + err.Error()}, true
	}
	if !res.Complete {
		ck, _, err := j.Checkpoint(filepath.Join(dir, CheckpointFile))
		if !ResultFinishes(res, ck, err) {
			return Status{}, false
		}
	}
	if j.Result == nil {
		return Status{State: Done}, true
	}
	diff, legacy, err := j.Result(res)
	switch {
	case err != nil:
		return Status{State: Refused, Detail: "the data cannot be read to check result.json: " + err.Error()}, true
	case diff != "":
		return Status{State: Changed, Detail: diff}, true
	case legacy:
		return Status{State: Done, Detail: LegacyDone}, true
	}
	return Status{State: Done}, true
}

// checkpointStatus says whether dir holds the checkpoint of a run to
// resume (Partial: unfinished, or complete with result.json missing, which
// the resume rebuilds), nothing to resume from (Todo), a checkpoint that
// cannot be trusted (Refused: unreadable, failing its checksum, trained on
// other data than the wanted run's) or one made under another config
// (Changed).
func checkpointStatus(dir string, j Judge) Status {
	path := filepath.Join(dir, CheckpointFile)
	ck, compare, err := j.Checkpoint(path)
	switch {
	case errors.Is(err, ErrNoCheckpoint) || errors.Is(err, fs.ErrNotExist):
		return Status{State: Todo}
	case err != nil:
		return Status{State: Refused, Detail: err.Error()}
	case !ck.Resumable:
		return Status{State: Todo, Detail: "checkpoint without training state (the run starts again)"}
	}
	if compare != nil {
		config, data, err := compare()
		switch {
		case config != "":
			return Status{State: Changed, Iter: ck.Iter, Detail: "checkpoint made under another config: " + config}
		case err != nil:
			return Status{State: Refused, Detail: "the data cannot be read to check the checkpoint: " + err.Error()}
		case data != "":
			return Status{State: Refused, Detail: "checkpoint " + path + ": " + data}
		}
	}
	if ck.Unrebuildable() {
		return Status{State: Refused, Detail: "checkpoint " + path +
			": complete, but written by a version that kept no copy of result.json, which this held-out-selection run cannot rebuild; restore result.json, or start the run again"}
	}
	if ck.Complete {
		return Status{State: Partial, Iter: ck.Iter, Detail: "finished; result.json is missing and is rebuilt from the complete checkpoint"}
	}
	return Status{State: Partial, Iter: ck.Iter, Seconds: ck.Seconds, Detail: fmt.Sprintf("at iteration %d", ck.Iter)}
}
