package data

import (
	"encoding/csv"
	"fmt"
	"io"
	"strings"

	"gonum.org/v1/gonum/mat"
)

// ReadCSVColumns reads a comma-separated file whose first row is a header,
// with the reader LoadCSV uses: a UTF-8 byte-order mark and the spaces
// around header names are stripped, whitespace-only lines are skipped,
// every row must have one field per header column, and values must be
// finite numbers in plain decimal or scientific notation (parseNumber).
// pick is given the cleaned header and returns the indices of the columns
// to read, in the order wanted; its error is returned unchanged. The result
// has one row per data row and one column per picked index. Errors name the
// file, the line and the column. pick must choose at least one column.
func ReadCSVColumns(path string, pick func(header []string) ([]int, error)) (*mat.Dense, error) {
	f, err := openData(path, "check the path of the CSV file")
	if err != nil {
		return nil, err
	}
	defer f.Close()
	r := csv.NewReader(f)
	r.FieldsPerRecord = -1 // checked below, with a better message
	r.ReuseRecord = true

	header, err := r.Read()
	if err == io.EOF {
		return nil, &FileError{Path: path, Line: 1, Msg: "file is empty; a CSV file needs a header row naming the columns, then one row per data point"}
	}
	if err != nil {
		return nil, csvSyntaxError(path, err)
	}
	header = trimHeader(header)
	cols, err := pick(header)
	if err != nil {
		return nil, err
	}
	if len(cols) == 0 {
		return nil, fmt.Errorf("data.ReadCSVColumns: %s: no columns picked to read", path)
	}
	for _, j := range cols {
		if j < 0 || j >= len(header) {
			return nil, fmt.Errorf("data.ReadCSVColumns: column index %d outside the %d header columns", j, len(header))
		}
	}
	var vals []float64
	n := 0
	for {
		rec, err := r.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, csvSyntaxError(path, err)
		}
		line, _ := r.FieldPos(0)
		if len(rec) == 1 && strings.TrimSpace(rec[0]) == "" {
			continue // a blank line with only whitespace
		}
		if len(rec) != len(header) {
			return nil, &FileError{Path: path, Line: line, Msg: fmt.Sprintf(
				"row has %d fields but the header has %d columns; every row needs one value per column",
				len(rec), len(header))}
		}
		for _, j := range cols {
			v, err := csvValue(path, r, rec, header, j)
			if err != nil {
				return nil, err
			}
			vals = append(vals, v)
		}
		n++
	}
	if n == 0 {
		return nil, &FileError{Path: path, Line: 2, Msg: "the header is not followed by any data rows; add one row per data point"}
	}
	return mat.NewDense(n, len(cols), vals), nil
}
