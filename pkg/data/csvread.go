package data

import (
	"fmt"
	"io"

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
	c, err := openCSVRows(path)
	if err != nil {
		return nil, err
	}
	defer c.close()
	header := c.header
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
		rec, err := c.next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		for _, j := range cols {
			v, err := csvValue(path, c.r, rec, header, j)
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
