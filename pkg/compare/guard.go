package compare

import (
	"fmt"
	"path/filepath"
	"time"

	"github.com/mgpteam/mgp/pkg/inputerr"
	"github.com/mgpteam/mgp/pkg/results"
	"github.com/mgpteam/mgp/pkg/rundir"
	"github.com/mgpteam/mgp/pkg/runlock"
	"github.com/mgpteam/mgp/pkg/sweep"
)

// lockStale is how old the heartbeat of another host's lock on a compare
// directory must be before it is taken over (as the sweep's runs).
const lockStale = 10 * time.Minute

// BusyError is a compare directory another comparison is using: its lock
// (runlock's file in the directory) is held for the whole of a Run.
type BusyError struct {
	// Dir is the compare directory.
	Dir string
	// Err is the lock's error (it names the holder).
	Err error
}

// Error names the directory and the holder.
func (e *BusyError) Error() string {
	return fmt.Sprintf("%s is in use by another mgp compare (%v); wait for it to finish, or use another compare directory", e.Dir, e.Err)
}

// Unwrap returns the lock's error.
func (e *BusyError) Unwrap() error { return e.Err }

// lockOut takes the compare directory's lock, so that two comparisons
// never write one directory at once (one's data.csv check would pass
// before the other's write); the caller releases it.
func lockOut(dir string) (*runlock.Lock, error) {
	l, err := runlock.Acquire(dir, lockStale)
	if err != nil {
		return nil, &inputerr.Error{Err: &BusyError{Dir: dir, Err: err}}
	}
	return l, nil
}

// RunDataError is a compare directory holding a finished run trained on
// other data than the data its report would name (say its data.csv was
// removed and another file of the same base name compared there): the
// run's results would be reported as this data's.
type RunDataError struct {
	// Run is the run's directory; Recorded its result's data fingerprint
	// and Now the fingerprint of the data the comparison reads.
	Run, Recorded, Now string
}

// Error names the run and both fingerprints.
func (e *RunDataError) Error() string {
	return fmt.Sprintf("%s was trained on other data (data fingerprint %s in its %s, %s for the data now): its metrics are not this data's; use a new compare directory",
		e.Run, short(e.Recorded), rundir.ResultFile, short(e.Now))
}

// short abbreviates a "sha256:..." fingerprint.
func short(fp string) string {
	if len(fp) > 19 {
		return fp[:19]
	}
	return fp
}

// checkRunData refuses a finished run whose result records a data
// fingerprint other than the fingerprint of the data the run would read
// now (ps carry it: sweep.SetWants).
func checkRunData(ps []sweep.Prepared) error {
	for _, p := range ps {
		res, err := results.ReadResult(filepath.Join(p.Dir, rundir.ResultFile))
		if err != nil || res.DataFingerprint == "" || p.Want == nil || p.Want.DataFingerprint == nil {
			continue // no result yet (or unreadable: the sweep says so), or nothing to compare
		}
		now, err := p.Want.DataFingerprint()
		if err != nil {
			return err
		}
		if now != res.DataFingerprint {
			return &inputerr.Error{Err: &RunDataError{Run: p.Dir, Recorded: res.DataFingerprint, Now: now}}
		}
	}
	return nil
}
