package predict

import (
	"fmt"
	"strings"

	"github.com/mgpteam/mgp/pkg/data"
	"gonum.org/v1/gonum/mat"
)

// IDProblem is what is wrong with the id columns.
type IDProblem int

// The problems an IDError reports.
const (
	// IDSpaces: a name that is empty or has surrounding spaces.
	IDSpaces IDProblem = iota + 1
	// IDTwice: a name given twice.
	IDTwice
	// IDRead: the columns could not be read (Err says why).
	IDRead
	// IDRows: the file gave another number of id rows than input rows.
	IDRows
)

// IDError reports a problem with the id columns of an input file: bad
// input, except IDRows (the reader's rows disagree, a fault of mgp's).
type IDError struct {
	// Problem says what is wrong.
	Problem IDProblem
	// Name is the id column at fault (IDSpaces, IDTwice).
	Name string
	// Path is the input file.
	Path string
	// Rows and InputRows are the rows of id columns and of inputs read
	// (IDRows).
	Rows, InputRows int
	// Err is the read error (IDRead).
	Err error
}

// Error says what is wrong with which id column.
func (e *IDError) Error() string {
	switch e.Problem {
	case IDSpaces:
		return fmt.Sprintf("id column %q: give a column name without surrounding spaces", e.Name)
	case IDTwice:
		return fmt.Sprintf("id column %s: named twice", e.Name)
	case IDRows:
		return fmt.Sprintf("%s: read %d rows of id columns but %d rows of inputs", e.Path, e.Rows, e.InputRows)
	}
	return fmt.Sprintf("id columns: %v", e.Err)
}

// Unwrap returns the read error.
func (e *IDError) Unwrap() error { return e.Err }

// ReadIDs reads the id columns ids of the CSV at path as text, one slice
// per row of X, the inputs read from the same file (nil when ids is
// empty). A name the header lacks, or an empty or repeated name, is an
// *IDError.
func ReadIDs(path string, ids []string, X *mat.Dense) ([][]string, error) {
	if len(ids) == 0 {
		return nil, nil
	}
	seen := map[string]bool{}
	for _, id := range ids {
		if strings.TrimSpace(id) == "" || id != strings.TrimSpace(id) {
			return nil, &IDError{Problem: IDSpaces, Name: id, Path: path}
		}
		if seen[id] {
			return nil, &IDError{Problem: IDTwice, Name: id, Path: path}
		}
		seen[id] = true
	}
	rows, err := data.ReadCSVText(path, ids)
	if err != nil {
		return nil, &IDError{Problem: IDRead, Path: path, Err: err}
	}
	if n, _ := X.Dims(); len(rows) != n {
		return nil, &IDError{Problem: IDRows, Path: path, Rows: len(rows), InputRows: n}
	}
	return rows, nil
}
