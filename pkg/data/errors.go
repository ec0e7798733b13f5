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
	// Fetch marks a missing file of a UCI set: Error adds FetchAdvice,
	// which a caller may word in its own terms.
	Fetch bool
}

// Error formats the error as "path:line: message" (or "path: message"),
// followed by "; " and FetchAdvice when Fetch is set.
func (e *FileError) Error() string {
	msg := e.Msg
	if e.Fetch {
		msg += "; " + FetchAdvice
	}
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", e.Path, e.Line, msg)
	}
	return fmt.Sprintf("%s: %s", e.Path, msg)
}

// Unwrap returns the underlying cause.
func (e *FileError) Unwrap() error { return e.Err }

// fetchHint, given as a file's hint, marks it as a UCI set's file, which
// is fetched rather than found: a missing one is a FileError with Fetch.
const fetchHint = ""

// FetchAdvice says how to obtain the UCI files, in words that name no
// flag of mgp (the CLI adds how to point mgp at them).
const FetchAdvice = "download the UCI sets with scripts/fetch_uci.sh DIR (or copy them from a local copy " +
	"with scripts/fetch_uci.sh --mirror SRC DIR) and use DIR as the data directory"
