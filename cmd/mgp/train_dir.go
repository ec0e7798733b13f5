package main

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/mgpteam/mgp/pkg/rundir"
	"github.com/mgpteam/mgp/pkg/runlock"
)

// claimRunDir takes --out's run lock (creating it), as `mgp sweep` does
// on its runs, and readies it for the run (rundir.Claim): --resume and
// --restart leave the run it holds to train.Run, --overwrite removes it
// (result.json first), and without them a directory that holds a run is
// refused. The errors are input errors (exit 2) that say how to recover.
func claimRunDir(dir string, o *trainOpts) (*runlock.Lock, error) {
	mode := rundir.Fresh
	switch {
	case o.resume || o.restart:
		mode = rundir.Continue
	case o.overwrite:
		mode = rundir.Overwrite
	}
	l, err := rundir.Claim(dir, mode, o.stale)
	if err != nil {
		return nil, claimErr(err, dir, o.stale)
	}
	return l, nil
}

// claimErr words rundir.Claim's error on dir in the flags' terms.
func claimErr(err error, dir string, stale time.Duration) error {
	var (
		nd *rundir.NotDirError
		le *runlock.LockedError
		ke *rundir.LockError
		he *rundir.HeldError
		ce *rundir.ClearError
	)
	switch {
	case errors.As(err, &nd):
		return inputErr(fmt.Errorf("--out %s is a file, not a directory: choose a directory for the run", dir))
	case errors.As(err, &le):
		return inputErr(fmt.Errorf("%w; another train or sweep is running there: wait for it, or choose another --out "+
			"(a holder that is gone is taken over once its heartbeat is older than --stale %s, or at once on its own host and PID namespace; "+
			"if you are sure it is gone, remove %s)", err, stale, filepath.Join(dir, rundir.LockFile)))
	case errors.As(err, &ke):
		return inputErr(fmt.Errorf("--out %s cannot be locked for the run: %v", dir, ke.Err))
	case errors.As(err, &he):
		return inputErr(fmt.Errorf("--out %s already holds %s: add --resume to continue it, --overwrite to replace it, or choose another --out", dir, he.What()))
	case errors.As(err, &ce):
		return fmt.Errorf("--overwrite: %v", ce.Err)
	}
	return err
}

// resumeHint is the command that continues an interrupted train run with
// command line args: the same command less --overwrite (the run to
// continue is the new one), with --out when it was the default, and with
// --resume.
func resumeHint(args []string, addOut bool, out string, resume bool) string {
	kept := make([]string, 0, len(args)+3)
	for _, a := range args {
		if a == "--overwrite" || strings.HasPrefix(a, "--overwrite=") {
			continue
		}
		kept = append(kept, a)
	}
	if addOut {
		kept = append(kept, "--out", out)
	}
	if !resume {
		kept = append(kept, "--resume")
	}
	return strings.Join(kept, " ")
}
