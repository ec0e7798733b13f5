package outpath

import "fmt"

// Problem is why an output path was refused.
type Problem int

// The problems Check reports.
const (
	// Empty: no path was given.
	Empty Problem = iota
	// Unreadable: the path could not be looked at (Err says why).
	Unreadable
	// DanglingLink: a symbolic link to nothing.
	DanglingLink
	// IsDir: the path is a directory.
	IsDir
	// Unsupported: a block device, a socket or another file that is neither
	// regular nor written in place.
	Unsupported
	// ParentNotDir: a directory on the path is a file (Other).
	ParentNotDir
	// IsInput: the path is the same file as the input Other.
	IsInput
	// RunFile: the path is a run directory's own file.
	RunFile
	// OtherKind: an existing regular file of another kind (extension).
	OtherKind
)

// Error is an output path Check refused.
type Error struct {
	// Path is the output path.
	Path string
	// Problem says what is wrong with it.
	Problem Problem
	// Other is the input it equals (IsInput) or the file in its way
	// (ParentNotDir).
	Other string
	// Err is the underlying error (Unreadable).
	Err error
}

// Error words the refusal, naming the path.
func (e *Error) Error() string {
	switch e.Problem {
	case Empty:
		return "no output file named"
	case Unreadable:
		return fmt.Sprintf("%s: %v", e.Path, e.Err)
	case DanglingLink:
		return fmt.Sprintf("%s is a symbolic link to a file that does not exist: give a file name, or fix the link", e.Path)
	case IsDir:
		return fmt.Sprintf("%s is a directory: give the name of a file to write", e.Path)
	case Unsupported:
		return fmt.Sprintf("%s is a device or socket, not a file mgp can write: give a file name", e.Path)
	case ParentNotDir:
		return fmt.Sprintf("%s cannot be created: %s is a file, not a directory", e.Path, e.Other)
	case IsInput:
		return fmt.Sprintf("%s is the input file %s: writing it would destroy the input; give another file name", e.Path, e.Other)
	case RunFile:
		return fmt.Sprintf("%s is a run's own file: writing it would destroy the run; give a file name outside the run's files", e.Path)
	case OtherKind:
		return fmt.Sprintf("%s exists and is not a file of the kind written here (by its extension): give another name, or ask to overwrite it", e.Path)
	}
	return e.Path + ": cannot be written"
}

// Unwrap returns the underlying error, if any.
func (e *Error) Unwrap() error { return e.Err }
