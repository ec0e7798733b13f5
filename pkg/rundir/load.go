package rundir

import (
	"io/fs"
	"path/filepath"
	"slices"
	"strings"

	"github.com/mgpteam/mgp/pkg/results"
)

// Names of JSON files that versions before this one wrote beside results
// and that are never results.
const (
	// legacyStateFile held a run's training state before checkpoints did.
	legacyStateFile = "state.json"
	// legacyPlanFile held a sweep's plan at the top of its tree.
	legacyPlanFile = "sweep.json"
)

// NonResultFiles are the names of JSON files that sit beside results in run
// directories and are never results: the checkpoint, the run lock, a
// sweep's error record, and the state and plan files of earlier versions.
// The loaders pass over them silently.
var NonResultFiles = []string{CheckpointFile, legacyStateFile, LockFile, ErrorFile, legacyPlanFile}

// LoadResultFiles reads every *.json file under dir (recursively, in lexical
// order of each directory's entries) as a Result, passing over the names in
// NonResultFiles. Files that are not results (unreadable, invalid JSON, or
// without model and data set names) are skipped; the results that did load
// are returned together with a *results.LoadError listing the skipped files. The
// error is nil when nothing was skipped. An error reaching dir itself is
// returned alone.
func LoadResultFiles(dir string) ([]results.ResultFile, error) {
	var (
		files []results.ResultFile
		lerr  results.LoadError
	)
	walkErr := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			if path == dir {
				return err
			}
			lerr.Files = append(lerr.Files, results.FileError{Path: path, Err: err})
			if d != nil && d.IsDir() {
				return fs.SkipDir
			}
			return nil
		}
		if d.IsDir() || !strings.EqualFold(filepath.Ext(path), ".json") {
			return nil
		}
		if slices.Contains(NonResultFiles, strings.ToLower(d.Name())) {
			return nil
		}
		lerr.Scanned++
		r, err := results.ReadResult(path)
		if err != nil {
			lerr.Files = append(lerr.Files, results.FileError{Path: path, Err: err})
			return nil
		}
		files = append(files, results.ResultFile{Path: path, Result: r})
		return nil
	})
	if walkErr != nil {
		return nil, walkErr
	}
	if len(lerr.Files) > 0 {
		return files, &lerr
	}
	return files, nil
}

// LoadResults is LoadResultFiles without the paths.
func LoadResults(dir string) ([]*results.Result, error) {
	files, err := LoadResultFiles(dir)
	var out []*results.Result
	for _, f := range files {
		out = append(out, f.Result)
	}
	return out, err
}
