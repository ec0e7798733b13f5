package data

import (
	"bufio"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strings"
)

// maxLineBytes bounds one line of a text or CSV file (64 MiB).
const maxLineBytes = 64 << 20

// table is a dense row-major numeric table read from a file.
type table struct {
	rows, cols int
	data       []float64 // rows*cols values, row-major
}

// openData opens path for reading and turns "not found" into a FileError
// that carries hint.
func openData(path, hint string) (*os.File, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, openError(path, err, hint)
	}
	return f, nil
}

// openError wraps an error from opening or reading path; a missing file gets
// hint appended (a UCI set's, fetchHint, is marked Fetch instead).
func openError(path string, err error, hint string) error {
	if errors.Is(err, fs.ErrNotExist) {
		if hint == fetchHint {
			return &FileError{Path: path, Msg: "file not found", Err: err, Fetch: true}
		}
		return &FileError{Path: path, Msg: "file not found; " + hint, Err: err}
	}
	return &FileError{Path: path, Msg: "cannot read: " + err.Error(), Err: err}
}

// newScanner returns a line scanner that accepts long lines.
func newScanner(f *os.File) *bufio.Scanner {
	sc := bufio.NewScanner(f)
	sc.Buffer(make([]byte, 0, 64<<10), maxLineBytes)
	return sc
}

// readWhitespaceTable reads a numeric table whose fields are separated by
// runs of spaces and/or tabs, skipping empty lines. wantCols > 0 fixes the
// number of columns; otherwise the first row sets it. hint is appended to
// "file not found" errors.
func readWhitespaceTable(path string, wantCols int, hint string) (*table, error) {
	f, err := openData(path, hint)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	t := &table{cols: wantCols}
	sc := newScanner(f)
	line := 0
	for sc.Scan() {
		line++
		fields := strings.Fields(sc.Text())
		if len(fields) == 0 {
			continue
		}
		if t.cols == 0 {
			t.cols = len(fields)
		}
		if len(fields) != t.cols {
			return nil, &FileError{Path: path, Line: line, Msg: fmt.Sprintf(
				"expected %d whitespace-separated columns, found %d; every row must have the same "+
					"columns (check for a truncated or merged line, or re-create the file)", t.cols, len(fields))}
		}
		for j, s := range fields {
			v, msg := parseNumber(s)
			if msg != "" {
				return nil, &FileError{Path: path, Line: line, Column: j + 1,
					Msg: fmt.Sprintf("column %d: %s; fix the value or remove the row", j+1, msg)}
			}
			t.data = append(t.data, v)
		}
		t.rows++
	}
	if err := sc.Err(); err != nil {
		return nil, &FileError{Path: path, Line: line + 1, Msg: "read failed: " + err.Error(), Err: err}
	}
	if t.rows == 0 {
		return nil, &FileError{Path: path, Line: 1, Msg: "file is empty (no data rows); " +
			"it may be truncated: re-create or re-download it"}
	}
	return t, nil
}
