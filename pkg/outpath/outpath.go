package outpath

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"syscall"

	"github.com/mgpteam/mgp/pkg/results"
	"github.com/mgpteam/mgp/pkg/rundir"
)

// Policy says what a command's output may be.
type Policy struct {
	// Inputs are the files the command reads; the output may be none of
	// them. Empty names are skipped, as are inputs that do not exist.
	Inputs []string
	// Exts are the extensions (lower case, with the dot; "" for none) of
	// the kind of file the command writes: an existing regular file with
	// another extension is refused unless Overwrite is set. With no Exts,
	// any existing regular file is of the command's kind.
	Exts []string
	// Overwrite allows replacing an existing regular file of another kind.
	Overwrite bool
}

// Check returns nil when path may be written under p, and otherwise an
// *Error saying why not. It only looks; it creates nothing.
func Check(path string, p Policy) error {
	if path == "" {
		return &Error{Path: path, Problem: Empty}
	}
	lst, err := os.Lstat(path)
	if errors.Is(err, fs.ErrNotExist) || errors.Is(err, syscall.ENOTDIR) {
		return checkParent(path)
	}
	if err != nil {
		return &Error{Path: path, Problem: Unreadable, Err: err}
	}
	st := lst
	if lst.Mode()&fs.ModeSymlink != 0 {
		if st, err = os.Stat(path); errors.Is(err, fs.ErrNotExist) {
			return &Error{Path: path, Problem: DanglingLink}
		} else if err != nil {
			return &Error{Path: path, Problem: Unreadable, Err: err}
		}
	}
	switch {
	case st.IsDir():
		return &Error{Path: path, Problem: IsDir}
	case results.WrittenInPlace(st.Mode()):
		return nil
	case !st.Mode().IsRegular():
		return &Error{Path: path, Problem: Unsupported}
	}
	if in := sameAsInput(st, p.Inputs); in != "" {
		return &Error{Path: path, Problem: IsInput, Other: in}
	}
	if owned(path) {
		return &Error{Path: path, Problem: RunFile}
	}
	if len(p.Exts) > 0 && !p.Overwrite && !slices.Contains(p.Exts, strings.ToLower(filepath.Ext(path))) {
		return &Error{Path: path, Problem: OtherKind}
	}
	return nil
}

// checkParent refuses a new file whose directory is a file; a directory
// that does not exist yet is created by the writer.
func checkParent(path string) error {
	for dir := filepath.Dir(path); ; dir = filepath.Dir(dir) {
		st, err := os.Stat(dir)
		if err == nil {
			if !st.IsDir() {
				return &Error{Path: path, Problem: ParentNotDir, Other: dir}
			}
			return nil
		}
		if !errors.Is(err, fs.ErrNotExist) || dir == filepath.Dir(dir) {
			return nil
		}
	}
}

// sameAsInput returns the input that is the same file as st, or "".
func sameAsInput(st fs.FileInfo, inputs []string) string {
	for _, in := range inputs {
		if in == "" {
			continue
		}
		if ist, err := os.Stat(in); err == nil && os.SameFile(st, ist) {
			return in
		}
	}
	return ""
}

// owned reports whether path (an existing regular file) is a file of a run
// directory: one of rundir's file names, in a directory that holds a run's
// result or checkpoint. Links are resolved first.
func owned(path string) bool {
	if real, err := filepath.EvalSymlinks(path); err == nil {
		path = real
	}
	dir, name := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	if !rundir.Has(dir, rundir.ResultFile) && !rundir.Has(dir, rundir.CheckpointFile) {
		return false
	}
	switch name {
	case rundir.ResultFile, rundir.CheckpointFile, rundir.ErrorFile, rundir.LockFile, rundir.LogFile:
		return true
	}
	return rundir.IsArraysFile(name) || rundir.IsPointsFile(name) || strings.HasSuffix(name, rundir.ReplacedSuffix)
}
