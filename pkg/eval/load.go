package eval

import (
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"
)

// FileError is one file LoadResults skipped and why.
type FileError struct {
	// Path is the skipped file (or unreadable directory).
	Path string
	// Err is the reason.
	Err error
}

// LoadError lists every file LoadResults skipped. It is returned together
// with the results that did load.
type LoadError struct {
	// Files are the skipped files in walk order.
	Files []FileError
	// Scanned is the number of *.json files seen.
	Scanned int
}

// Error lists the skipped files, one a line.
func (e *LoadError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "eval: skipped %d of %d JSON files:", len(e.Files), e.Scanned)
	for _, f := range e.Files {
		fmt.Fprintf(&b, "\n  %s: %v", f.Path, f.Err)
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

// LoadResults reads every *.json file under dir (recursively, in lexical
// order) as a Result. Files that are not results (unreadable, invalid JSON,
// or without model and data set names) are skipped; the results that did
// load are returned together with a *LoadError listing the skipped files.
// The error is nil when nothing was skipped. An error reaching dir itself is
// returned alone.
func LoadResults(dir string) ([]*Result, error) {
	var (
		results []*Result
		lerr    LoadError
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
		lerr.Scanned++
		r, err := ReadResult(path)
		if err != nil {
			lerr.Files = append(lerr.Files, FileError{Path: path, Err: err})
			return nil
		}
		results = append(results, r)
		return nil
	})
	if walkErr != nil {
		return nil, walkErr
	}
	if len(lerr.Files) > 0 {
		return results, &lerr
	}
	return results, nil
}
