package train

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/mgpteam/mgp/pkg/checkpoint"
	"github.com/mgpteam/mgp/pkg/inputerr"
	"github.com/mgpteam/mgp/pkg/runconfig"
	"github.com/mgpteam/mgp/pkg/rundir"
)

// DefaultRunDir is the run directory of a run of cfg when none is given
// (rundir.Default): runs/<model>-<data>-s<seed>-<config hash>, the hash
// being the first 8 hex digits of runconfig.ConfigFingerprint(cfg), as result.json
// records it.
func DefaultRunDir(cfg runconfig.RunConfig) string {
	return rundir.Default(cfg.ModelName(), cfg.Data.Name, cfg.Train.Seed, runconfig.ConfigFingerprint(cfg))
}

// checkRunDir makes sure dir can be written and, with resume, returns the
// checkpoint to continue from. Without resume it refuses a directory that
// holds an unfinished run (rundir.Checkpoint's Unfinished), which would
// otherwise be lost.
func checkRunDir(dir string, cfg runconfig.RunConfig, resume bool) (*checkpoint.Checkpoint, error) {
	if err := checkWritable(dir); err != nil {
		return nil, &inputerr.Error{Err: err}
	}
	if !resume {
		return nil, checkNotUnfinished(dir)
	}
	path := filepath.Join(dir, rundir.CheckpointFile)
	ck, err := checkpoint.Load(path)
	switch {
	case errors.Is(err, rundir.ErrNoCheckpoint):
		return nil, &inputerr.Error{Err: &RunDirError{Dir: dir, Path: path, Problem: NoCheckpoint}}
	case err != nil:
		return nil, &inputerr.Error{Err: err}
	case ck.State == nil:
		return nil, &inputerr.Error{Err: &RunDirError{Dir: dir, Path: path, Problem: NotResumable}}
	}
	if diff := runconfig.ConfigDiff(ck.Config, cfg); diff != "" {
		return nil, &inputerr.Error{Err: &RunDirError{Dir: dir, Path: path, Problem: ConfigDiffers, Diff: diff}}
	}
	if ck.Complete && rundir.Has(dir, rundir.ResultFile) {
		return nil, ErrComplete
	}
	return ck, nil
}

// checkNotUnfinished refuses a directory whose checkpoint is unreadable or
// unfinished: a new run there would lose it.
func checkNotUnfinished(dir string) error {
	path := filepath.Join(dir, rundir.CheckpointFile)
	ck, err := checkpoint.LoadHeader(path) // enough to refuse an unfinished run
	var ce *checkpoint.CorruptError
	switch {
	case errors.Is(err, rundir.ErrNoCheckpoint):
		return nil
	case errors.As(err, &ce):
		return &inputerr.Error{Err: err}
	case err != nil:
		return &inputerr.Error{Err: &RunDirError{Dir: dir, Path: path, Problem: CheckpointUnreadable, Err: err}}
	}
	if f := ck.Facts(); f.Unfinished() {
		return &inputerr.Error{Err: &RunDirError{Dir: dir, Path: path, Problem: Unfinished, Err: &checkpoint.UnfinishedError{Dir: dir, Iter: f.Iter, Total: f.Total}}}
	}
	return nil
}

// discardRun removes dir's checkpoint and result (--restart, see
// rundir.Discard), saying so unless quiet.
func discardRun(opts Options) error {
	removed, err := rundir.Discard(opts.OutDir)
	if !opts.Quiet && opts.Log != nil {
		for _, p := range removed {
			fmt.Fprintf(opts.Log, "--restart: removed %s\n", p)
		}
	}
	if err != nil {
		return &RunDirError{Dir: opts.OutDir, Problem: NotDiscarded, Err: err}
	}
	return nil
}

// checkWritable creates dir if needed and checks that a file can be created
// in it, so that a run fails before training rather than after.
func checkWritable(dir string) error {
	if st, err := os.Stat(dir); err == nil && !st.IsDir() {
		return &rundir.NotDirError{Dir: dir}
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return &RunDirError{Dir: dir, Problem: NotCreatable, Err: err}
	}
	f, err := os.CreateTemp(dir, rundir.WriteCheckPattern)
	if err != nil {
		return &RunDirError{Dir: dir, Problem: NotWritable, Err: err}
	}
	name := f.Name()
	_ = f.Close()
	return os.Remove(name)
}
