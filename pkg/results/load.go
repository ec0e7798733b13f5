package results

import (
	"fmt"
	"io/fs"
	"path/filepath"
	"slices"
	"strings"
)

// ResultFile is one loaded result and the file it was read from.
type ResultFile struct {
	// Path is the file, as found under the directory given to
	// LoadResultFiles.
	Path string
	// Result is its content.
	Result *Result
}

// NonResultFiles are the names of JSON files that sit beside results in run
// directories and are never results: training checkpoints and the state,
// lock, error and plan files of sweeps. The loaders pass over them silently.
var NonResultFiles = []string{"checkpoint.json", "state.json", "lock.json", "error.json", "sweep.json"}

// FileError is one file LoadResults skipped and why.
type FileError struct {
	// Path is the skipped file (or unreadable directory).
	Path string
	// Err is the reason.
	Err error
}

// Error says which file and why, naming the file once.
func (f FileError) Error() string {
	msg := f.Err.Error()
	if strings.HasPrefix(msg, f.Path) {
		return msg
	}
	return f.Path + ": " + msg
}

// LoadError lists every file LoadResults skipped. It is returned together
// with the results that did load.
type LoadError struct {
	// Files are the skipped files in walk order.
	Files []FileError
	// Scanned is the number of *.json files read (files named in
	// NonResultFiles are not read and not counted).
	Scanned int
}

// Error lists the skipped files, one a line.
func (e *LoadError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "results: skipped %d of %d JSON files:", len(e.Files), e.Scanned)
	for _, f := range e.Files {
		b.WriteString("\n  " + f.Error())
	}
	return b.String()
}

// Unwrap returns the individual errors, for errors.Is and errors.As.
func (e *LoadError) Unwrap() []error {
	errs := make([]error, len(e.Files))
	for i, f := range e.Files {
		errs[i] = f.Err
	}
	return errs
}

// LoadResultFiles reads every *.json file under dir (recursively, in lexical
// order of each directory's entries) as a Result, passing over the names in
// NonResultFiles. Files that are not results (unreadable, invalid JSON, or
// without model and data set names) are skipped; the results that did load
// are returned together with a *LoadError listing the skipped files. The
// error is nil when nothing was skipped. An error reaching dir itself is
// returned alone.
func LoadResultFiles(dir string) ([]ResultFile, error) {
	var (
		files []ResultFile
		lerr  LoadError
	)
	walkErr := filepath.WalkDir(dir, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			if path == dir {
				return err
			}
			lerr.Files = append(lerr.Files, FileError{Path: path, Err: err})
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
		r, err := ReadResult(path)
		if err != nil {
			lerr.Files = append(lerr.Files, FileError{Path: path, Err: err})
			return nil
		}
		files = append(files, ResultFile{Path: path, Result: r})
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
func LoadResults(dir string) ([]*Result, error) {
	files, err := LoadResultFiles(dir)
	var results []*Result
	for _, f := range files {
		results = append(results, f.Result)
	}
	return results, err
}
