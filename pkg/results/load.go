package results

import (
	"fmt"
	"strings"
)

// ResultFile is one loaded result and the file it was read from.
type ResultFile struct {
	// Path is the file, as found under the directory walked
	// (rundir.LoadResultFiles).
	Path string
	// Result is its content.
	Result *Result
}

// FileError is one file a directory walk skipped and why.
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

// LoadError lists every file a directory walk (rundir.LoadResultFiles)
// skipped. It is returned together
// with the results that did load.
type LoadError struct {
	// Files are the skipped files in walk order.
	Files []FileError
	// Scanned is the number of *.json files read (the run directory's
	// files that are not results are not read and not counted).
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
