package data

import "fmt"

// FileError reports a problem with an input file: which file, where in it
// (when a position applies) and what to do. Err, when set, is the underlying
// cause (for example fs.ErrNotExist) and is returned by Unwrap.
type FileError struct {
	// Path is the file's path as given to the loader.
	Path string
	// Line is the 1-based line number, 0 when the problem is not tied to a line.
	Line int
	// Column is the 1-based field number within the line, 0 when not applicable.
	Column int
	// Msg says what is wrong and what to do about it.
	Msg string
	// Err is the underlying error, if any.
	Err error
}

// Error formats the error as "path:line: message" (or "path: message").
func (e *FileError) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", e.Path, e.Line, e.Msg)
	}
	return fmt.Sprintf("%s: %s", e.Path, e.Msg)
}

// Unwrap returns the underlying cause.
func (e *FileError) Unwrap() error { return e.Err }

// fetchHint tells the user how to obtain the UCI files.
const fetchHint = "download the UCI sets with scripts/fetch_uci.sh DIR (or copy them from a local copy " +
	"with scripts/fetch_uci.sh --mirror SRC DIR) and point mgp at DIR with --data-dir DIR or MGP_DATA_DIR=DIR"
