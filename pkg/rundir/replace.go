package rundir

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
)

// MoveAside renames dir's result.json, checkpoint.json and the
// checkpoint's arrays files to their ReplacedSuffix names (replacing
// earlier ones), for Replace: the replaced checkpoint keeps its arrays
// (the new run's first checkpoint removes every arrays file it does not
// name), and renaming the files back restores it.
func MoveAside(dir string) error {
	bins, err := ArraysFiles(dir)
	if err != nil {
		return err
	}
	for _, name := range append([]string{ResultFile, CheckpointFile}, bins...) {
		p := filepath.Join(dir, name)
		if err := os.Rename(p, p+ReplacedSuffix); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
	}
	return nil
}

// Discard removes dir's result, checkpoint and arrays files (result.json
// first, as Clear), for a run started again from its first iteration in
// the same directory (`mgp train --restart`). It returns the paths
// removed.
func Discard(dir string) ([]string, error) {
	return remove(dir, []string{ResultFile, CheckpointFile})
}

// Clear removes the files of the run dir holds: result.json first (so
// that a kill part way never leaves a directory that looks finished),
// checkpoint.json, error.json, the run log and the checkpoint's arrays
// files, for a run that replaces it (`mgp train --overwrite`). The
// temporary files of killed writes are the new run's to clear. It returns
// the paths removed.
func Clear(dir string) ([]string, error) {
	return remove(dir, []string{ResultFile, CheckpointFile, ErrorFile, LogFile})
}

// remove removes the files names of dir, in order, then its arrays files,
// and returns the paths removed.
func remove(dir string, names []string) ([]string, error) {
	var removed []string
	for _, name := range names {
		p := filepath.Join(dir, name)
		err := os.Remove(p)
		if errors.Is(err, fs.ErrNotExist) {
			continue
		}
		if err != nil {
			return removed, err
		}
		removed = append(removed, p)
	}
	bins, err := RemoveArraysFiles(dir, "")
	return append(removed, bins...), err
}
