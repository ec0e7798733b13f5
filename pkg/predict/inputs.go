package predict

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/mgpteam/mgp/pkg/data"
	"github.com/mgpteam/mgp/pkg/inputerr"
	"gonum.org/v1/gonum/mat"
)

// Inputs are the rows of an input CSV: the model's inputs and the id
// columns copied as text.
type Inputs struct {
	// X is n × Dx: the inputs on the original scale, in training order.
	X *mat.Dense
	// IDNames names the id columns, in the order asked for.
	IDNames []string
	// IDs holds, per row of X, the id columns' fields (nil without id
	// columns).
	IDs [][]string
}

// ColumnCountError reports an input file whose columns, besides the id
// columns, are not as many as the model's inputs, for a run that did not
// record its inputs' names (so columns can only be taken in order).
type ColumnCountError struct {
	// Path is the input file.
	Path string
	// Have is the number of its columns besides the id columns; Want the
	// model's inputs.
	Have, Want int
}

// Error says how many columns there are and how many the model takes.
func (e *ColumnCountError) Error() string {
	return fmt.Sprintf("%s: %d columns besides the id columns, the model was trained on %d inputs (in training order; this run did not record their names)", e.Path, e.Have, e.Want)
}

// NoInputNamesError reports a run that did not record its inputs' names,
// so that the columns of an input file that are not inputs cannot be told
// apart (OtherColumns).
type NoInputNamesError struct{}

// Error says what is missing.
func (*NoInputNamesError) Error() string {
	return "this run did not record its input columns' names, so the other columns cannot be told apart: name them as id columns"
}

// ReadCSV reads a headed CSV of inputs with the training loader's reader
// (data.ReadCSVColumns: byte-order mark stripped, the same number syntax)
// and the id columns ids as text (ReadIDs). When the run recorded its input
// columns' names, columns are matched by name in any order (columns named
// like a target are ignored and not parsed; any other unknown or missing
// name is an error); otherwise the file must hold exactly Dx columns
// besides the id columns, in training order. The id columns are never
// parsed as inputs (unless the run names one as an input). Errors name the
// file, line and column.
func (p *Predictor) ReadCSV(path string, ids []string) (*Inputs, error) {
	X, err := data.ReadCSVColumns(path, func(header []string) ([]int, error) {
		return p.inputColumns(path, header, ids)
	})
	if err != nil {
		return nil, err
	}
	in := &Inputs{X: X, IDNames: ids}
	if in.IDs, err = ReadIDs(path, ids, X); err != nil {
		return nil, err
	}
	return in, nil
}

// inputColumns maps each training input to its column in header.
func (p *Predictor) inputColumns(path string, header, ids []string) ([]int, error) {
	d := p.Dx()
	if !p.namedInputs() {
		var col []int
		for j, h := range header {
			if !slices.Contains(ids, strings.TrimSpace(h)) {
				col = append(col, j)
			}
		}
		if len(col) != d {
			return nil, &ColumnCountError{Path: path, Have: len(col), Want: d}
		}
		return col, nil
	}
	at := map[string]int{}
	for c, h := range header {
		h = strings.TrimSpace(h)
		if _, dup := at[h]; dup {
			return nil, &inputerr.Error{Err: fmt.Errorf("%s: column %q appears twice in the header", path, h)}
		}
		at[h] = c
	}
	col := make([]int, d)
	var missing []string
	for j, n := range p.XNames {
		c, ok := at[n]
		if !ok {
			missing = append(missing, n)
			continue
		}
		col[j] = c
		delete(at, n)
	}
	for _, t := range slices.Concat(p.YNames, ids) {
		delete(at, t)
	}
	var unknown []string
	for _, h := range header {
		if _, ok := at[strings.TrimSpace(h)]; ok {
			unknown = append(unknown, strings.TrimSpace(h))
		}
	}
	if len(missing) > 0 || len(unknown) > 0 {
		err := headerError(path, p.XNames, missing, unknown)
		if absent := absentIDs(header, ids); len(absent) > 0 {
			err = fmt.Errorf("%w; id columns not in the header: %s", err, strings.Join(absent, ", "))
		}
		return nil, &inputerr.Error{Err: err}
	}
	return col, nil
}

// headerError says that the header must name the inputs, and which are
// missing and which unknown.
func headerError(path string, names, missing, unknown []string) error {
	msg := fmt.Sprintf("%s: the header must name the training inputs (%s)", path, strings.Join(names, ", "))
	if len(missing) > 0 {
		msg += "; missing: " + strings.Join(missing, ", ")
	}
	if len(unknown) > 0 {
		msg += "; unknown: " + strings.Join(unknown, ", ")
	}
	return errors.New(msg)
}

// errHeaderRead stops a CSV read once the header is in hand.
var errHeaderRead = errors.New("header read")

// OtherColumns returns, in file order, the header's columns of the CSV at
// path that are not among the run's inputs: the id columns that keep every
// column but the inputs. The run must have recorded its Dx input names
// (else a *NoInputNamesError).
func (p *Predictor) OtherColumns(path string) ([]string, error) {
	if !p.namedInputs() {
		return nil, &NoInputNamesError{}
	}
	var keep []string
	_, err := data.ReadCSVColumns(path, func(header []string) ([]int, error) {
		for _, h := range header {
			if h = strings.TrimSpace(h); !slices.Contains(p.XNames, h) {
				keep = append(keep, h)
			}
		}
		return nil, errHeaderRead
	})
	if err != nil && !errors.Is(err, errHeaderRead) {
		return nil, &inputerr.Error{Err: err}
	}
	return keep, nil
}

// absentIDs returns the id names the header does not hold.
func absentIDs(header, ids []string) []string {
	var absent []string
	for _, id := range ids {
		if !slices.ContainsFunc(header, func(h string) bool { return strings.TrimSpace(h) == id }) {
			absent = append(absent, id)
		}
	}
	return absent
}
