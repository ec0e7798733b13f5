package data

import (
	"encoding/csv"
	"fmt"
	"io"
	"strings"
)

// ReadCSVText reads the named columns of a headed comma-separated file as
// text, with the row rules of ReadCSVColumns (byte-order mark and the
// spaces around header names stripped, whitespace-only lines skipped,
// one field per header column), so its rows line up with the rows
// ReadCSVColumns reads from the same file. It returns one slice per data
// row holding the named columns' fields in the order of names. A name the
// header lacks is an error naming the file and the header.
func ReadCSVText(path string, names []string) ([][]string, error) {
	f, err := openData(path, "check the path of the CSV file")
	if err != nil {
		return nil, err
	}
	defer f.Close()
	r := csv.NewReader(f)
	r.FieldsPerRecord = -1
	header, err := r.Read()
	if err == io.EOF {
		return nil, &FileError{Path: path, Line: 1, Msg: "file is empty; a CSV file needs a header row naming the columns, then one row per data point"}
	}
	if err != nil {
		return nil, csvSyntaxError(path, err)
	}
	header = trimHeader(header)
	cols := make([]int, len(names))
	for k, n := range names {
		cols[k] = -1
		for j, h := range header {
			if h == n {
				cols[k] = j
				break
			}
		}
		if cols[k] < 0 {
			return nil, &FileError{Path: path, Line: 1, Msg: fmt.Sprintf("no column %q in the header (%s)", n, strings.Join(header, ", "))}
		}
	}
	var rows [][]string
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
			continue
		}
		if len(rec) != len(header) {
			return nil, &FileError{Path: path, Line: line, Msg: fmt.Sprintf(
				"row has %d fields but the header has %d columns; every row needs one value per column",
				len(rec), len(header))}
		}
		row := make([]string, len(cols))
		for k, j := range cols {
			row[k] = rec[j]
		}
		rows = append(rows, row)
	}
	return rows, nil
}
