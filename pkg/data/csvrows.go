package data

import (
	"encoding/csv"
	"fmt"
	"io"
	"os"
	"strings"
)

// csvRows reads a headed comma-separated file by LoadCSV's row rules: a
// UTF-8 byte-order mark and the spaces around header names stripped,
// whitespace-only lines skipped, one field per header column in every row.
type csvRows struct {
	path   string
	f      *os.File
	r      *csv.Reader
	header []string // cleaned
}

// openCSVRows opens path and reads its header. An empty file is an error
// naming it; close the result when done.
func openCSVRows(path string) (*csvRows, error) {
	f, err := openData(path, "check the path of the CSV file")
	if err != nil {
		return nil, err
	}
	r := csv.NewReader(f)
	r.FieldsPerRecord = -1 // checked by next, with a better message
	r.ReuseRecord = true
	header, err := r.Read()
	if err == io.EOF {
		f.Close()
		return nil, &FileError{Path: path, Line: 1, Msg: "file is empty; a CSV file needs a header row naming the columns, then one row per data point"}
	}
	if err != nil {
		f.Close()
		return nil, csvSyntaxError(path, err)
	}
	h := trimHeader(header)
	if err := otherDelimiter(path, h); err != nil {
		f.Close()
		return nil, err
	}
	return &csvRows{path: path, f: f, r: r, header: h}, nil
}

// otherDelimiter refuses a header that is one column holding a semicolon or a
// tab: a file separated by another character than the comma, which would
// otherwise be read as one column and fail later with a misleading message.
func otherDelimiter(path string, header []string) error {
	if len(header) != 1 {
		return nil
	}
	for _, d := range []struct{ char, name, tr string }{{";", "semicolons", ";"}, {"\t", "tabs", "\\t"}} {
		if strings.Contains(header[0], d.char) {
			return &FileError{Path: path, Line: 1, Msg: fmt.Sprintf(
				"the header %q reads as a single column: the file looks separated by %s, and mgp reads comma-separated files; convert it first (e.g. tr '%s' ',' < in > out.csv)",
				header[0], d.name, d.tr)}
		}
	}
	return nil
}

// next returns the next data row's fields (valid until the next call; the
// reader's FieldPos gives their lines), or io.EOF after the last. A row
// with another field count than the header is an error naming the file and
// line.
func (c *csvRows) next() ([]string, error) {
	for {
		rec, err := c.r.Read()
		if err == io.EOF {
			return nil, io.EOF
		}
		if err != nil {
			return nil, csvSyntaxError(c.path, err)
		}
		line, _ := c.r.FieldPos(0)
		if len(rec) == 1 && strings.TrimSpace(rec[0]) == "" {
			continue // a blank line with only whitespace
		}
		if len(rec) != len(c.header) {
			return nil, &FileError{Path: c.path, Line: line, Msg: fmt.Sprintf(
				"row has %d fields but the header has %d columns; every row needs one value per column",
				len(rec), len(c.header))}
		}
		return rec, nil
	}
}

// close closes the file.
func (c *csvRows) close() { c.f.Close() }
