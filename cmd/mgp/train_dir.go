package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/mgpteam/mgp/pkg/runlock"
	"github.com/mgpteam/mgp/pkg/sweep"
	"github.com/mgpteam/mgp/pkg/train"
)

// configHash is the first 8 hex digits of the effective config's
// fingerprint (train.ConfigFingerprint, as result.json records it): two
// configs that differ in any key that changes the result get different
// default run directories.
func configHash(cfg train.RunConfig) string {
	fp := strings.TrimPrefix(train.ConfigFingerprint(cfg), "sha256:")
	return fp[:min(8, len(fp))]
}

// defaultRunDir is `mgp train`'s --out when none is given:
// runs/<model>-<data>-s<seed>-<config hash>.
func defaultRunDir(cfg train.RunConfig) string {
	return filepath.Join("runs", fmt.Sprintf("%s-%s-s%d-%s", cfg.ModelName(), cfg.Data.Name, cfg.Train.Seed, configHash(cfg)))
}

// lockRunDir takes the run lock on dir (creating it), as `mgp sweep` does
// on its runs; a lock another process holds is an input error (exit 2)
// that says how to recover.
func lockRunDir(dir string, stale time.Duration) (*runlock.Lock, error) {
	if st, err := os.Stat(dir); err == nil && !st.IsDir() {
		return nil, inputErr(fmt.Errorf("--out %s is a file, not a directory: choose a directory for the run", dir))
	}
	l, err := runlock.Acquire(dir, stale)
	var le *runlock.LockedError
	switch {
	case errors.As(err, &le):
		return nil, inputErr(fmt.Errorf("%w; another train or sweep is running there: wait for it, or choose another --out "+
			"(a holder that is gone is taken over once its heartbeat is older than --stale %s, or at once on its own host and PID namespace; "+
			"if you are sure it is gone, remove %s)", err, stale, filepath.Join(dir, runlock.FileName)))
	case err != nil:
		return nil, inputErr(fmt.Errorf("--out %s cannot be locked for the run: %v", dir, err))
	}
	return l, nil
}

// runFiles are the files of a run in its directory: what --overwrite
// removes (result.json first, so that a kill part way never leaves a
// directory that looks finished; train.Run clears the temporary files of
// killed writes itself).
var runFiles = []string{train.ResultFile, train.CheckpointFile, sweep.ErrorFile, sweep.LogFile}

// checkRunDirFree refuses, unless resume or overwrite, a directory that
// already holds a run (result.json or checkpoint.json); with overwrite it
// removes that run's files. The caller holds the directory's lock.
func checkRunDirFree(dir string, resume, overwrite bool) error {
	var held []string
	for _, n := range []string{train.ResultFile, train.CheckpointFile} {
		if _, err := os.Stat(filepath.Join(dir, n)); err == nil {
			held = append(held, n)
		}
	}
	switch {
	case resume:
		return nil
	case len(held) > 0 && !overwrite:
		what := "an unfinished run"
		if held[0] == train.ResultFile {
			what = "a finished run"
		}
		return inputErr(fmt.Errorf("--out %s already holds %s (%s): add --resume to continue it, --overwrite to replace it, or choose another --out",
			dir, what, strings.Join(held, ", ")))
	case overwrite:
		for _, n := range runFiles {
			if err := os.Remove(filepath.Join(dir, n)); err != nil && !errors.Is(err, os.ErrNotExist) {
				return fmt.Errorf("--overwrite: %v", err)
			}
		}
		if _, err := train.RemoveArraysFiles(dir, ""); err != nil {
			return fmt.Errorf("--overwrite: %v", err)
		}
	}
	return nil
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

// warnIfLost prints a warning on w if l's heartbeat finds the lock taken
// over (the run was paused past another process's --stale), until the
// returned stop is called.
func warnIfLost(l *runlock.Lock, w io.Writer, dir string) (stop func()) {
	done := make(chan struct{})
	ended := make(chan struct{})
	go func() {
		defer close(ended)
		select {
		case <-l.Lost():
			fmt.Fprintf(w, "warning: the lock on %s was taken over by another process (this run was paused past its --stale); "+
				"both may now write the run: stop one of them\n", dir)
		case <-done:
		}
	}()
	return func() { close(done); <-ended }
}
