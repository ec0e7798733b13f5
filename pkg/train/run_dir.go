package train

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
)

// checkRunDir makes sure dir can be written and, with resume, returns the
// checkpoint to continue from. Without resume it refuses a directory that
// holds an unfinished run, which would otherwise be lost.
func checkRunDir(dir string, cfg RunConfig, resume bool) (*Checkpoint, error) {
	if err := checkWritable(dir); err != nil {
		return nil, &InputError{err}
	}
	path := filepath.Join(dir, CheckpointFile)
	load := LoadCheckpointHeader // enough to refuse an unfinished run
	if resume {
		load = LoadCheckpoint
	}
	ck, err := load(path)
	var ce *CorruptError
	switch {
	case errors.Is(err, ErrNoCheckpoint):
		if resume {
			return nil, &InputError{fmt.Errorf("--resume: %s holds no checkpoint to continue from; run without --resume to start the run", dir)}
		}
		return nil, nil
	case err != nil:
		if resume || errors.As(err, &ce) {
			return nil, &InputError{err}
		}
		return nil, &InputError{fmt.Errorf("%v; remove it or choose another --out", err)}
	}
	if !resume {
		if ck.State != nil && !ck.Complete {
			return nil, &InputError{fmt.Errorf("%s holds an unfinished run (iteration %d of %d): add --resume to continue it, or remove the directory to start over",
				dir, ck.State.Iter, ck.Config.Train.Iterations)}
		}
		return nil, nil
	}
	if ck.State == nil {
		return nil, &InputError{fmt.Errorf("--resume: %s was written by a version of mgp without resumable state; start the run again without --resume", path)}
	}
	if diff := configDiff(ck.Config, cfg); diff != "" {
		return nil, &InputError{fmt.Errorf("--resume: the config differs from the checkpoint's (%s); resume with the same config and overrides, or start a new run elsewhere", diff)}
	}
	if ck.Complete {
		if _, err := os.Stat(filepath.Join(dir, ResultFile)); err == nil {
			return nil, ErrComplete
		}
	}
	return ck, nil
}

// discardRun removes dir's checkpoint and result (--restart), saying so
// unless quiet.
func discardRun(opts Options) error {
	for _, name := range []string{CheckpointFile, ResultFile} {
		p := filepath.Join(opts.OutDir, name)
		err := os.Remove(p)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return fmt.Errorf("--restart: %w", err)
		}
		if !opts.Quiet && opts.Log != nil {
			fmt.Fprintf(opts.Log, "--restart: removed %s\n", p)
		}
	}
	removed, err := RemoveArraysFiles(opts.OutDir, "")
	if err != nil {
		return fmt.Errorf("--restart: %w", err)
	}
	if !opts.Quiet && opts.Log != nil {
		for _, p := range removed {
			fmt.Fprintf(opts.Log, "--restart: removed %s\n", p)
		}
	}
	return nil
}

// checkWritable creates dir if needed and checks that a file can be created
// in it, so that a run fails before training rather than after.
func checkWritable(dir string) error {
	if st, err := os.Stat(dir); err == nil && !st.IsDir() {
		return fmt.Errorf("--out %s is a file, not a directory: choose a directory for the run", dir)
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return fmt.Errorf("--out %s cannot be created: %v", dir, err)
	}
	f, err := os.CreateTemp(dir, ".write-check-*")
	if err != nil {
		return fmt.Errorf("--out %s is not writable: %v", dir, err)
	}
	name := f.Name()
	_ = f.Close()
	return os.Remove(name)
}
