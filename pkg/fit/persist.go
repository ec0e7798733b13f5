package fit

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/mgpteam/mgp/pkg/predict"
	"github.com/mgpteam/mgp/pkg/results"
	"github.com/mgpteam/mgp/pkg/rundir"
	"github.com/mgpteam/mgp/pkg/runlock"
)

// SaveOptions steer SaveWith.
type SaveOptions struct {
	// Overwrite replaces a run the directory already holds (an earlier
	// Save's, say) instead of refusing it. A directory holding other files
	// besides a run's, or whose run lock another process holds, is refused
	// all the same.
	Overwrite bool
}

// Save writes the fitted model as a run directory dir (created if needed)
// and refuses one that already holds a run: it is SaveWith(dir,
// SaveOptions{}).
func (m *Model) Save(dir string) error { return m.SaveWith(dir, SaveOptions{}) }

// SaveWith writes the fitted model as a complete run directory dir
// (created if needed) under its run lock, as mgp train takes it: a
// directory whose lock another process holds (a running mgp train, say)
// is refused with an error wrapping runlock.ErrLocked. One that already
// holds a run is refused with an error wrapping fs.ErrExist, unless
// o.Overwrite. The files are written first into a temporary directory
// beside dir and then renamed into it, result.json last: dir never holds
// a half-written file, and holds a complete run (result.json) only once
// every file is in place. mgp predict --run dir and Load read it.
func (m *Model) SaveWith(dir string, o SaveOptions) error {
	if m.pred == nil {
		return ErrNotFitted
	}
	lock, err := runlock.Acquire(dir, runlock.DefaultStale)
	if err != nil {
		return fmt.Errorf("fit: saving into %s: %w", dir, err)
	}
	defer lock.Release()
	old, err := runFilesIn(dir)
	if err != nil {
		return err
	}
	if len(old.run) > 0 && !o.Overwrite {
		return fmt.Errorf("fit: %s already holds a run (%s): save into a new directory, or replace it with SaveWith(dir, fit.SaveOptions{Overwrite: true}): %w", dir, old.run[0], fs.ErrExist)
	}
	if len(old.other) > 0 {
		return fmt.Errorf("fit: %s holds %s, which is not a saved model's file: save into a new directory (Overwrite replaces only a run's own files): %w", dir, old.other[0], fs.ErrExist)
	}
	tmp, err := os.MkdirTemp(filepath.Dir(filepath.Clean(dir)), "."+filepath.Base(filepath.Clean(dir))+".saving-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	if err := m.pred.Checkpoint.Save(filepath.Join(tmp, rundir.CheckpointFile)); err != nil {
		return fmt.Errorf("fit: saving into %s: %w", dir, err)
	}
	if m.result != nil {
		err := results.WriteFileAtomic(filepath.Join(tmp, rundir.ResultFile), func(w io.Writer) error {
			_, err := w.Write(m.result)
			return err
		})
		if err != nil {
			return fmt.Errorf("fit: saving into %s: %w", dir, err)
		}
	}
	return moveRun(tmp, dir, old.run)
}

// dirFiles sorts a directory's entries: a run's own files (checkpoint,
// result, arrays files) and other files; the run lock and the temporary
// files of interrupted atomic writes count as neither.
type dirFiles struct{ run, other []string }

// runFilesIn lists dir's files as dirFiles.
func runFilesIn(dir string) (dirFiles, error) {
	var out dirFiles
	es, err := os.ReadDir(dir)
	if err != nil {
		return out, err
	}
	for _, e := range es {
		n := e.Name()
		switch {
		case n == runlock.FileName || strings.HasPrefix(n, "."+runlock.FileName+"."):
		case results.IsAtomicTemp(n, rundir.CheckpointFile) || results.IsAtomicTemp(n, rundir.ResultFile) || results.IsAtomicTemp(n, rundir.ArraysTempBase):
		case n == rundir.ResultFile || n == rundir.CheckpointFile || rundir.IsArraysFile(n):
			out.run = append(out.run, n)
		default:
			out.other = append(out.other, n)
		}
	}
	// result.json first: removing it first marks the old run incomplete
	// before anything else of it goes.
	slices.SortStableFunc(out.run, func(a, b string) int { return order(a) - order(b) })
	return out, nil
}

// order ranks a run's files: result.json, then the checkpoint, then the
// arrays file.
func order(name string) int {
	switch name {
	case rundir.ResultFile:
		return 0
	case rundir.CheckpointFile:
		return 1
	}
	return 2
}

// moveRun removes the old run's files from dir (result.json first) and
// renames the files written in tmp into it (result.json last).
func moveRun(tmp, dir string, old []string) error {
	for _, f := range old {
		if err := os.Remove(filepath.Join(dir, f)); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return err
		}
	}
	written, err := runFilesIn(tmp)
	if err != nil {
		return err
	}
	files := slices.Clone(written.run)
	slices.Reverse(files) // the arrays file, the checkpoint, result.json
	for _, f := range files {
		if err := os.Rename(filepath.Join(tmp, f), filepath.Join(dir, f)); err != nil {
			return fmt.Errorf("fit: saving into %s: %w", dir, err)
		}
	}
	return syncDir(dir)
}

// syncDir flushes dir's entries to disk.
func syncDir(dir string) error {
	d, err := os.Open(dir)
	if err != nil {
		return err
	}
	defer d.Close()
	return d.Sync()
}

// Load restores a model from a run directory (written by Save, mgp train,
// a sweep or mgp compare) as pkg/predict.Load does; it predicts at once,
// and Save writes it again. Fitting it again trains its config afresh on
// the new data, with the run's held-out selection and early stopping
// (train.validation, train.stop) if it had them.
func Load(dir string) (*Model, error) {
	p, err := predict.Load(dir, "")
	if err != nil {
		return nil, err
	}
	res, err := os.ReadFile(filepath.Join(dir, rundir.ResultFile))
	if errors.Is(err, fs.ErrNotExist) {
		res = nil
	} else if err != nil {
		return nil, err
	}
	cfg := p.Checkpoint.Config
	m := &Model{cfg: cfg, pred: p, result: res, loaded: true}
	m.opts = Options{Seed: cfg.Train.Seed, Name: cfg.Data.Name, XNames: p.XNames, YNames: p.YNames}
	return m, nil
}
