package data

import (
	"encoding/csv"
	"errors"
	"fmt"
	"path/filepath"
	"strings"

	"gonum.org/v1/gonum/mat"
)

// LoadCSV reads a comma-separated file whose first row is a header naming the
// columns. targetCols names the output columns, in the order they should
// appear in Y; when it is empty the last column is the single output. Every
// other column is an input. With several targets, Y has one column per
// target and YName joins their names with commas. All values must be finite
// numbers in plain decimal or scientific notation (digit separators such as
// 1_000, hexadecimal floats, inf and nan are refused). The file is read with
// ReadCSVColumns, the reader mgp predict uses too. Errors name the file, the
// line and the column: non-numeric or empty values, NaN or infinite values, rows with the wrong number of fields, an empty file, a
// header without data rows, duplicate column names, unknown target columns.
func LoadCSV(path string, targetCols []string) (*Dataset, error) {
	var header []string
	var xIdx, yIdx []int
	pick := func(h []string) ([]int, error) {
		header = h
		colOf, err := headerIndex(path, header)
		if err != nil {
			return nil, err
		}
		if yIdx, err = targetIndices(path, header, colOf, targetCols); err != nil {
			return nil, err
		}
		isY := make([]bool, len(header))
		for _, j := range yIdx {
			isY[j] = true
		}
		for j := range header {
			if !isY[j] {
				xIdx = append(xIdx, j)
			}
		}
		if len(xIdx) == 0 {
			return nil, &FileError{Path: path, Line: 1, Msg: "every column is a target, so there are no input columns; name fewer target columns"}
		}
		return append(append([]int{}, xIdx...), yIdx...), nil
	}
	all, err := ReadCSVColumns(path, pick)
	if err != nil {
		return nil, err
	}
	n, _ := all.Dims()
	dx := len(xIdx)
	xNames := make([]string, len(xIdx))
	for k, j := range xIdx {
		xNames[k] = header[j]
	}
	yNames := make([]string, len(yIdx))
	for k, j := range yIdx {
		yNames[k] = header[j]
	}
	return &Dataset{
		Name:   CSVName(path),
		X:      mat.DenseCopyOf(all.Slice(0, n, 0, dx)),
		Y:      mat.DenseCopyOf(all.Slice(0, n, dx, dx+len(yIdx))),
		XNames: xNames,
		YName:  strings.Join(yNames, ","),
		Source: path,
	}, nil
}

// trimHeader strips surrounding spaces and a UTF-8 byte-order mark and
// returns a copy that survives the reader's record reuse.
func trimHeader(h []string) []string {
	out := make([]string, len(h))
	for j, s := range h {
		if j == 0 {
			s = strings.TrimPrefix(s, "\ufeff")
		}
		out[j] = strings.TrimSpace(s)
	}
	return out
}

// headerIndex maps column names to positions, rejecting empty and duplicate names.
func headerIndex(path string, header []string) (map[string]int, error) {
	colOf := make(map[string]int, len(header))
	for j, name := range header {
		if name == "" {
			return nil, &FileError{Path: path, Line: 1, Column: j + 1, Msg: fmt.Sprintf(
				"column %d has an empty name in the header; name every column", j+1)}
		}
		if k, dup := colOf[name]; dup {
			return nil, &FileError{Path: path, Line: 1, Column: j + 1, Msg: fmt.Sprintf(
				"column %d repeats the name %q of column %d; column names must be unique", j+1, name, k+1)}
		}
		colOf[name] = j
	}
	return colOf, nil
}

// targetIndices resolves the target column names (default: the last column).
// With several targets no name may contain a comma.
func targetIndices(path string, header []string, colOf map[string]int, targetCols []string) ([]int, error) {
	if len(targetCols) == 0 {
		return []int{len(header) - 1}, nil
	}
	idx := make([]int, 0, len(targetCols))
	seen := map[int]bool{}
	for _, name := range targetCols {
		j, ok := colOf[strings.TrimSpace(name)]
		if !ok {
			return nil, &FileError{Path: path, Line: 1, Msg: fmt.Sprintf(
				"target column %q is not in the header; the columns are: %s", name, strings.Join(header, ", "))}
		}
		if seen[j] {
			return nil, &FileError{Path: path, Line: 1, Msg: fmt.Sprintf(
				"target column %q is named twice; list each target column once", name)}
		}
		seen[j] = true
		idx = append(idx, j)
	}
	if len(idx) > 1 {
		// Several target names travel joined by commas (Dataset.YName).
		for _, j := range idx {
			if strings.Contains(header[j], ",") {
				return nil, &FileError{Path: path, Line: 1, Column: j + 1, Msg: fmt.Sprintf(
					"target column %q has a comma in its name, which cannot be told apart from a list of targets; rename the column", header[j])}
			}
		}
	}
	return idx, nil
}

// csvValue parses field j of rec, reporting errors at its line and column.
func csvValue(path string, r *csv.Reader, rec, header []string, j int) (float64, error) {
	v, msg := parseNumber(rec[j])
	if msg == "" {
		return v, nil
	}
	line, _ := r.FieldPos(j)
	return 0, &FileError{Path: path, Line: line, Column: j + 1, Msg: fmt.Sprintf(
		"column %d (%q): %s; every value must be a finite number", j+1, header[j], msg)}
}

// csvSyntaxError converts an encoding/csv parse error into a FileError.
func csvSyntaxError(path string, err error) error {
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		return &FileError{Path: path, Line: pe.Line, Msg: fmt.Sprintf(
			"malformed CSV at character %d (%v); check the quoting on this line", pe.Column, pe.Err), Err: err}
	}
	return &FileError{Path: path, Msg: "read failed: " + err.Error(), Err: err}
}

// CSVName is the data set name of a CSV file: its base name without the
// extension (data/my-set.csv: my-set).
func CSVName(path string) string {
	return strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
}
