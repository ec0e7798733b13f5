package rundir

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/mgpteam/mgp/pkg/runlock"
)

// Mode is what a new run does with the run its directory already holds.
type Mode int

// The modes of Claim.
const (
	// Fresh refuses a directory that already holds a run.
	Fresh Mode = iota
	// Continue leaves the run the directory holds as it is: the trainer
	// continues it (resume) or discards it itself (restart).
	Continue
	// Overwrite removes the run the directory holds (see Clear).
	Overwrite
)

// NotDirError reports a run directory that is a file.
type NotDirError struct {
	// Dir is the path given for the run directory.
	Dir string
}

// Error says what the path is.
func (e *NotDirError) Error() string { return e.Dir + " is a file, not a directory" }

// LockError reports a run directory that could not be locked (other than
// by another holder, which is a *runlock.LockedError).
type LockError struct {
	// Dir is the run directory.
	Dir string
	// Err is why.
	Err error
}

// Error says which directory and why.
func (e *LockError) Error() string {
	return fmt.Sprintf("%s cannot be locked for the run: %v", e.Dir, e.Err)
}

// Unwrap returns the cause.
func (e *LockError) Unwrap() error { return e.Err }

// HeldError reports a directory that already holds a run, to a run
// claiming it Fresh.
type HeldError struct {
	// Dir is the run directory.
	Dir string
	// Files are the run's files it holds, result.json first.
	Files []string
}

// Finished reports whether the run held is finished (it has its result).
func (e *HeldError) Finished() bool { return len(e.Files) > 0 && e.Files[0] == ResultFile }

// What says what the directory holds: "a finished run (result.json,
// checkpoint.json)" or "an unfinished run (checkpoint.json)".
func (e *HeldError) What() string {
	what := "an unfinished run"
	if e.Finished() {
		what = "a finished run"
	}
	return what + " (" + strings.Join(e.Files, ", ") + ")"
}

// Error says where and what.
func (e *HeldError) Error() string { return e.Dir + " already holds " + e.What() }

// ClearError reports a held run's file that could not be removed for
// Overwrite.
type ClearError struct {
	// Err is the removal's error.
	Err error
}

// Error is the removal's error.
func (e *ClearError) Error() string { return e.Err.Error() }

// Unwrap returns the removal's error.
func (e *ClearError) Unwrap() error { return e.Err }

// Held returns the files of a run that dir holds, result.json first: none
// when it holds no run.
func Held(dir string) []string {
	var held []string
	for _, n := range []string{ResultFile, CheckpointFile} {
		if Has(dir, n) {
			held = append(held, n)
		}
	}
	return held
}

// Claim takes dir's run lock (creating dir; a holder whose heartbeat is
// older than stale is taken over, see runlock) and readies dir for a new
// run in mode m: Fresh refuses a run dir holds (*HeldError), Overwrite
// removes it (*ClearError when it cannot), Continue leaves it. Other
// errors: *NotDirError, *runlock.LockedError (another process holds the
// lock), *LockError. The caller releases the lock; on error none is held.
func Claim(dir string, m Mode, stale time.Duration) (*runlock.Lock, error) {
	if st, err := os.Stat(dir); err == nil && !st.IsDir() {
		return nil, &NotDirError{Dir: dir}
	}
	l, err := runlock.Acquire(dir, stale)
	var le *runlock.LockedError
	if errors.As(err, &le) {
		return nil, err
	}
	if err != nil {
		return nil, &LockError{Dir: dir, Err: err}
	}
	if err := ready(dir, m); err != nil {
		l.Release()
		return nil, err
	}
	return l, nil
}

// ready applies mode m to the locked dir (see Claim).
func ready(dir string, m Mode) error {
	switch held := Held(dir); {
	case m == Continue:
		return nil
	case m == Fresh && len(held) > 0:
		return &HeldError{Dir: dir, Files: held}
	case m == Overwrite:
		if _, err := Clear(dir); err != nil {
			return &ClearError{Err: err}
		}
	}
	return nil
}

// Default is the default run directory of a run of model on dataset with
// seed under the config whose fingerprint ("sha256:<hex>") is fingerprint:
// runs/<model>-<dataset>-s<seed>-<first 8 hex digits of the fingerprint>,
// so that two configs that differ in any key that changes the result get
// different directories.
func Default(model, dataset string, seed uint64, fingerprint string) string {
	fp := strings.TrimPrefix(fingerprint, "sha256:")
	return filepath.Join("runs", model+"-"+dataset+"-s"+strconv.FormatUint(seed, 10)+"-"+fp[:min(8, len(fp))])
}
