package fit

import (
	"fmt"
	"strings"

	"github.com/mgpteam/mgp/pkg/data"
	"github.com/mgpteam/mgp/pkg/inputerr"
	"gonum.org/v1/gonum/mat"
)

// Table is data as Fit takes them: inputs X (n × Dx) and outputs Y
// (n × Dy) with their column names.
type Table struct {
	X, Y           *mat.Dense
	XNames, YNames []string
}

// ReadCSV reads a CSV file as mgp train reads data.kind csv: a header row
// naming the columns, then numeric rows. targets name the output columns,
// in order (none: the last column); every other column is an input. Bad
// input (a non-numeric or missing value, NaN, a ragged row, an unknown
// target, duplicate names) is a *inputerr.Error naming the file, line and
// column. Options.XNames and YNames take the table's names, so that mgp
// predict matches a CSV header against a saved fit.
func ReadCSV(path string, targets ...string) (*Table, error) {
	ds, err := data.LoadCSV(path, targets)
	if err != nil {
		return nil, &inputerr.Error{Err: err}
	}
	return &Table{X: ds.X, Y: ds.Y, XNames: ds.XNames, YNames: strings.Split(ds.YName, ",")}, nil
}

// Rows returns the number of rows.
func (t *Table) Rows() int {
	n, _ := t.X.Dims()
	return n
}

// Split divides t's rows at random into a training and a test table, as
// mgp train's data.split random does: floor(testFraction·n) test rows
// (testFraction strictly between 0 and 1), the permutation seeded by seed.
// Each part needs at least one row (an *OptionError otherwise).
func (t *Table) Split(testFraction float64, seed uint64) (train, test *Table, err error) {
	if !(testFraction > 0 && testFraction < 1) {
		return nil, nil, &OptionError{Option: "testFraction", Value: testFraction, Reason: "must be strictly between 0 and 1"}
	}
	n := t.Rows()
	s := data.RandomSplitFraction(n, seed, testFraction)
	if len(s.Test) < 1 || len(s.Train) < 1 {
		return nil, nil, &OptionError{Option: "testFraction", Value: testFraction, Reason: fmt.Sprintf("gives %d test rows of %d: each part needs at least one", len(s.Test), n)}
	}
	part := func(idx []int) *Table {
		return &Table{X: data.GatherRows(nil, t.X, idx), Y: data.GatherRows(nil, t.Y, idx), XNames: t.XNames, YNames: t.YNames}
	}
	return part(s.Train), part(s.Test), nil
}
