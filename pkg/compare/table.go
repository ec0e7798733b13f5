package compare

import (
	"bytes"
	"encoding/csv"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/mgpteam/mgp/pkg/data"
	"github.com/mgpteam/mgp/pkg/inputerr"
	"github.com/mgpteam/mgp/pkg/results"
	"gonum.org/v1/gonum/mat"
)

// DataFile is the copy of the columns compared, in the output directory.
const DataFile = "data.csv"

// Table is the part of the user's CSV that is compared: the input columns
// and the target, in that order.
type Table struct {
	Inputs []string
	Target string
	// M holds the rows: the inputs' columns, then the target's.
	M *mat.Dense
}

// Rows returns the number of data rows.
func (t *Table) Rows() int { r, _ := t.M.Dims(); return r }

// ReadTable reads the target column and the input columns (every other
// column when inputs is empty) of the CSV at path. An unknown or repeated
// column is an *OptionError of target or inputs listing the header; a file
// that is not UTF-8, a column read whose header name is empty or repeated, and values of
// magnitude MaxAbsValue or more are *OptionErrors of data;
// file problems are data.FileErrors naming the line and column. Only the
// columns read must be numeric.
func ReadTable(path, target string, inputs []string) (*Table, error) {
	t := &Table{Target: strings.TrimSpace(target)}
	if err := checkEncoding(path); err != nil {
		return nil, err
	}
	pick := func(h []string) ([]int, error) {
		tj := slices.Index(h, t.Target)
		if tj < 0 {
			return nil, optionErrorf("target", " %q: %s has no such column; its columns are: %s", target, path, strings.Join(h, ", "))
		}
		var idx []int
		if len(inputs) == 0 {
			for j, name := range h {
				if j != tj {
					idx = append(idx, j)
					t.Inputs = append(t.Inputs, name)
				}
			}
		}
		for _, in := range inputs {
			in = strings.TrimSpace(in)
			j := slices.Index(h, in)
			switch {
			case j < 0:
				return nil, optionErrorf("inputs", ": %s has no column %q; its columns are: %s", path, in, strings.Join(h, ", "))
			case j == tj:
				return nil, optionErrorf("inputs", ": %q is the target column; leave it out of the inputs", in)
			case slices.Contains(idx, j):
				return nil, optionErrorf("inputs", ": %q is named twice", in)
			}
			idx = append(idx, j)
			t.Inputs = append(t.Inputs, in)
		}
		if len(idx) == 0 {
			return nil, optionErrorf("target", " %q: %s has no other column to use as an input", target, path)
		}
		idx = append(idx, tj)
		if err := checkHeader(path, h, idx); err != nil {
			return nil, err
		}
		return idx, nil
	}
	m, err := data.ReadCSVColumns(path, pick)
	if err != nil {
		return nil, err
	}
	if r, _ := m.Dims(); r < 20 {
		return nil, optionErrorf("data", " %s: %d rows; a 90/10 split of fewer than 20 rows leaves at most one test row", path, r)
	}
	if err := checkMagnitude(path, m, append(slices.Clone(t.Inputs), t.Target)); err != nil {
		return nil, err
	}
	if err := checkTargetSpread(path, t.Target, m); err != nil {
		return nil, err
	}
	t.M = m
	return t, nil
}

// encode writes the table as CSV, values in the shortest form that reads
// back exactly.
func (t *Table) encode(w io.Writer) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(append(slices.Clone(t.Inputs), t.Target)); err != nil {
		return err
	}
	r, c := t.M.Dims()
	rec := make([]string, c)
	for i := range r {
		for j := range c {
			rec[j] = strconv.FormatFloat(t.M.At(i, j), 'g', -1, 64)
		}
		if err := cw.Write(rec); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// Write stores the table at path. A file already there with other content
// (a directory of another comparison) is refused: its finished runs would
// be taken for runs on this data (an *OtherDataError).
func (t *Table) Write(path string) error {
	var b bytes.Buffer
	if err := t.encode(&b); err != nil {
		return err
	}
	if old, err := os.ReadFile(path); err == nil {
		if !bytes.Equal(old, b.Bytes()) {
			return &inputerr.Error{Err: &OtherDataError{Path: path}}
		}
		return nil
	}
	return results.WriteFileAtomic(path, func(w io.Writer) error { _, err := w.Write(b.Bytes()); return err })
}
