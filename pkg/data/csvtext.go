package data

import (
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
	c, err := openCSVRows(path)
	if err != nil {
		return nil, err
	}
	defer c.close()
	cols := make([]int, len(names))
	for k, n := range names {
		cols[k] = -1
		for j, h := range c.header {
			if h == n {
				cols[k] = j
				break
			}
		}
		if cols[k] < 0 {
			return nil, &FileError{Path: path, Line: 1, Msg: fmt.Sprintf("no column %q in the header (%s)", n, strings.Join(c.header, ", "))}
		}
	}
	var rows [][]string
	for {
		rec, err := c.next()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, err
		}
		row := make([]string, len(cols))
		for k, j := range cols {
			row[k] = rec[j]
		}
		rows = append(rows, row)
	}
	return rows, nil
}
