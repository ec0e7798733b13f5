package data

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
)

// nytaxiReader streams the rows of a Kaggle taxi CSV through the filter.
type nytaxiReader struct {
	path   string
	in     *bufio.Reader
	period float64
	line   int      // 1-based number of the last line read
	header []string // column names
	col    [6]int   // header position of each of nytaxiColumns
	fields [][]byte // the current row's fields (views into the line)
	cnt    NYTaxiCounts
	x, y   []float64 // kept rows: 8 inputs each, and the duration
}

// nextLine returns the next line without its line end, or io.EOF.
func (r *nytaxiReader) nextLine() ([]byte, error) {
	b, err := r.in.ReadSlice('\n')
	if errors.Is(err, bufio.ErrBufferFull) {
		// A line longer than the buffer: collect it whole.
		long := append([]byte(nil), b...)
		for errors.Is(err, bufio.ErrBufferFull) {
			b, err = r.in.ReadSlice('\n')
			long = append(long, b...)
			if len(long) > maxLineBytes {
				return nil, &FileError{Path: r.path, Line: r.line + 1, Msg: fmt.Sprintf("line is longer than %d bytes; this is not a taxi trip CSV", maxLineBytes)}
			}
		}
		b = long
	}
	if err != nil && !errors.Is(err, io.EOF) {
		return nil, &FileError{Path: r.path, Line: r.line + 1, Msg: "read failed: " + err.Error(), Err: err}
	}
	if len(b) == 0 && errors.Is(err, io.EOF) {
		return nil, io.EOF
	}
	r.line++
	return trimEOL(b), nil
}

// readHeader reads the header row and finds the columns the loader needs.
func (r *nytaxiReader) readHeader() error {
	b, err := r.nextLine()
	if errors.Is(err, io.EOF) {
		return &FileError{Path: r.path, Line: 1, Msg: "file is empty; expected the Kaggle train.csv header (id,vendor_id,pickup_datetime,...)"}
	}
	if err != nil {
		return err
	}
	b = bytes.TrimPrefix(b, []byte("\ufeff"))
	for _, f := range bytes.Split(b, []byte(",")) {
		r.header = append(r.header, strings.TrimSpace(string(f)))
	}
	for k, name := range nytaxiColumns {
		r.col[k] = -1
		for j, h := range r.header {
			if h == name {
				r.col[k] = j
				break
			}
		}
		if r.col[k] < 0 {
			return &FileError{Path: r.path, Line: 1, Msg: fmt.Sprintf(
				"the header has no column %q; the nytaxi loader needs the Kaggle train.csv columns %s (the header is: %s)",
				name, strings.Join(nytaxiColumns, ", "), strings.Join(r.header, ","))}
		}
	}
	r.fields = make([][]byte, len(r.header))
	return nil
}

// split cuts line at commas into r.fields, reporting the wrong number of
// fields or a quote character.
func (r *nytaxiReader) split(line []byte) error {
	if i := bytes.IndexByte(line, '"'); i >= 0 {
		return &FileError{Path: r.path, Line: r.line, Column: 1 + bytes.Count(line[:i], []byte(",")), Msg: fmt.Sprintf(
			"column %d: quoted fields are not supported (the Kaggle file has none); remove the quotes",
			1+bytes.Count(line[:i], []byte(",")))}
	}
	n := 0
	for {
		i := bytes.IndexByte(line, ',')
		if n == len(r.fields) {
			n++ // one too many: stop counting here
			break
		}
		if i < 0 {
			r.fields[n] = line
			n++
			break
		}
		r.fields[n] = line[:i]
		line = line[i+1:]
		n++
	}
	if n != len(r.fields) {
		got := fmt.Sprintf("%d", n)
		if n > len(r.fields) {
			got = "more than " + fmt.Sprintf("%d", len(r.fields))
		}
		return &FileError{Path: r.path, Line: r.line, Msg: fmt.Sprintf(
			"row has %s fields but the header has %d columns; every row needs one value per column", got, len(r.fields))}
	}
	return nil
}

// number parses the field of nytaxiColumns[k] of the current row.
func (r *nytaxiReader) number(k int) (float64, error) {
	j := r.col[k]
	v, msg := parseNumber(string(r.fields[j]))
	if msg != "" {
		return 0, &FileError{Path: r.path, Line: r.line, Column: j + 1, Msg: fmt.Sprintf(
			"column %d (%s): %s", j+1, nytaxiColumns[k], msg)}
	}
	return v, nil
}

// time parses the timestamp field of nytaxiColumns[k] of the current row.
func (r *nytaxiReader) time(k int) (tripTime, error) {
	j := r.col[k]
	t, msg := parseTripTime(bytes.TrimSpace(r.fields[j]))
	if msg != "" {
		return t, &FileError{Path: r.path, Line: r.line, Column: j + 1, Msg: fmt.Sprintf(
			"column %d (%s): %s", j+1, nytaxiColumns[k], msg)}
	}
	return t, nil
}

// readRows streams the data rows, filtering and encoding each.
func (r *nytaxiReader) readRows() error {
	var feat [8]float64
	for {
		line, err := r.nextLine()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return err
		}
		if len(bytes.TrimSpace(line)) == 0 {
			continue
		}
		r.cnt.Read++
		if err := r.split(line); err != nil {
			return err
		}
		var c [4]float64
		for k := range c {
			if c[k], err = r.number(nytaxiColPLon + k); err != nil {
				return err
			}
		}
		pick, err := r.time(nytaxiColPickup)
		if err != nil {
			return err
		}
		drop, err := r.time(nytaxiColDropoff)
		if err != nil {
			return err
		}
		dur := drop.seconds() - pick.seconds()
		if !r.cnt.keep(c[0], c[1], c[2], c[3], dur) {
			continue
		}
		nytaxiFeatures(feat[:], c[0], c[1], c[2], c[3], pick, r.period)
		r.x = append(r.x, feat[:]...)
		r.y = append(r.y, float64(dur))
	}
	if r.cnt.Read == 0 {
		return &FileError{Path: r.path, Line: 2, Msg: "the header is not followed by any data rows"}
	}
	return nil
}
