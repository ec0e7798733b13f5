package fit

import (
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/mgpteam/mgp/pkg/checkpoint"
	"github.com/mgpteam/mgp/pkg/predict"
	"github.com/mgpteam/mgp/pkg/results"
	"github.com/mgpteam/mgp/pkg/runconfig"
	"github.com/mgpteam/mgp/pkg/rundir"
	"github.com/mgpteam/mgp/pkg/runlock"
)

// runFiles are the files of a run directory that Save writes: the
// checkpoint (config, parameters, standardisation, column names) and the
// result.
var runFiles = []string{rundir.CheckpointFile, rundir.ResultFile}

// Save writes the fitted model as a run directory dir (created if needed;
// one that already holds a run is refused with an error wrapping
// fs.ErrExist, one whose run lock another process holds, a running mgp
// train say, with an error wrapping runlock.ErrLocked), under the run
// lock. mgp predict --run dir and Load read it.
func (m *Model) Save(dir string) error {
	if m.pred == nil {
		return ErrNotFitted
	}
	// The run lock, as mgp train takes it: a directory a running training
	// holds is refused (a *runlock.LockedError naming its holder), and no
	// training can start there while the files are written.
	lock, err := runlock.Acquire(dir, runlock.DefaultStale)
	if err != nil {
		return fmt.Errorf("fit: saving into %s: %w", dir, err)
	}
	defer lock.Release()
	for _, f := range runFiles {
		if _, err := os.Stat(filepath.Join(dir, f)); err == nil {
			return fmt.Errorf("fit: %s already holds a run (%s): save into a new directory: %w", dir, f, fs.ErrExist)
		}
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	// The arrays file of a large checkpoint first (checkpoint.json names
	// it), then the checkpoint: result.json marks a complete run.
	for _, f := range append(arraysFiles(m.files), runFiles...) {
		b, ok := m.files[f]
		if !ok {
			continue
		}
		err := results.WriteFileAtomic(filepath.Join(dir, f), func(w io.Writer) error {
			_, err := w.Write(b)
			return err
		})
		if err != nil {
			return err
		}
	}
	return nil
}

// Load restores a model from a run directory (written by Save, mgp train,
// a sweep or mgp compare) as pkg/predict.Load does; it predicts at once,
// and Save copies it. Fitting it again trains its config afresh on the
// new data.
func Load(dir string) (*Model, error) {
	m := &Model{}
	if err := m.load(dir, runconfig.RunConfig{}); err != nil {
		return nil, err
	}
	m.cfg = m.pred.Checkpoint.Config
	m.opts = Options{Seed: m.cfg.Train.Seed, Name: m.cfg.Data.Name, XNames: m.pred.XNames, YNames: m.pred.YNames}
	return m, nil
}

// load restores the predictor of the run in dir and keeps its files; cfg,
// when it names a model, becomes the model's config.
func (m *Model) load(dir string, cfg runconfig.RunConfig) error {
	p, err := predict.Load(dir, "")
	if err != nil {
		return err
	}
	files := map[string][]byte{}
	for _, f := range runFiles {
		b, err := os.ReadFile(filepath.Join(dir, f))
		if err == nil {
			files[f] = b
		} else if !os.IsNotExist(err) {
			return err
		}
	}
	// A checkpoint of 65,536 or more floats keeps its parameters in an
	// arrays file beside it (checkpoint.json names it): without it the
	// saved run cannot be loaded.
	if _, ok := files[rundir.CheckpointFile]; ok {
		ck, err := checkpoint.LoadHeader(filepath.Join(dir, rundir.CheckpointFile))
		if err != nil {
			return err
		}
		if ck.Arrays != nil {
			b, err := os.ReadFile(filepath.Join(dir, ck.Arrays.File))
			if err != nil {
				return err
			}
			files[ck.Arrays.File] = b
		}
	}
	if cfg.ModelName() != "" {
		m.cfg = cfg
	}
	m.pred, m.files = p, files
	return nil
}

// arraysFiles lists the arrays files among files (at most one).
func arraysFiles(files map[string][]byte) []string {
	var out []string
	for name := range files {
		if rundir.IsArraysFile(name) {
			out = append(out, name)
		}
	}
	return out
}
