package data

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"gonum.org/v1/gonum/mat"
)

// uciSets lists the UCI regression sets in the order of the paper's tables.
var uciSets = []string{"boston", "energy", "concrete", "wine-red", "kin8nm", "power", "naval", "protein"}

// UCINames returns the names of the eight UCI regression sets:
// boston, energy, concrete, wine-red, kin8nm, power, naval, protein.
func UCINames() []string { return slices.Clone(uciSets) }

// uciDir returns <dataDir>/uci/<name>.
func uciDir(dataDir, name string) string { return filepath.Join(dataDir, "uci", name) }

// LoadUCI reads the UCI regression set name from <dataDir>/uci/<name>/:
// data.txt (whitespace-separated numbers, no header, empty lines skipped) and
// meta.yaml, whose feature_columns and target_column (0-based) select X and
// the single output column of Y. Column names come from meta.yaml's
// column_names when present. Errors name the file (and line) and say what to
// do; an unknown name lists the known names.
func LoadUCI(dataDir, name string) (*Dataset, error) {
	if !slices.Contains(uciSets, name) {
		return nil, fmt.Errorf("data: unknown UCI data set %q; known sets: %s",
			name, strings.Join(uciSets, ", "))
	}
	dir := uciDir(dataDir, name)
	metaPath := filepath.Join(dir, "meta.yaml")
	dataPath := filepath.Join(dir, "data.txt")
	meta, err := readMeta(metaPath)
	if err != nil {
		return nil, err
	}
	t, err := readWhitespaceTable(dataPath, meta.Columns, fetchHint)
	if err != nil {
		return nil, err
	}
	if meta.Rows > 0 && t.rows != meta.Rows {
		return nil, &FileError{Path: dataPath, Msg: fmt.Sprintf(
			"has %d rows but %s says rows: %d; the file is incomplete or a different version: "+
				"re-fetch it with scripts/fetch_uci.sh", t.rows, metaPath, meta.Rows)}
	}
	if mc := meta.maxColumn(); mc >= t.cols {
		return nil, &FileError{Path: dataPath, Line: 1, Msg: fmt.Sprintf(
			"has %d columns but %s uses column %d (0-based); the file does not match its meta.yaml",
			t.cols, metaPath, mc)}
	}
	n, dx := t.rows, len(meta.FeatureColumns)
	X := mat.NewDense(n, dx, nil)
	Y := mat.NewDense(n, 1, nil)
	for i := range n {
		row := t.data[i*t.cols : (i+1)*t.cols]
		xr := X.RawRowView(i)
		for j, c := range meta.FeatureColumns {
			xr[j] = row[c]
		}
		Y.Set(i, 0, row[*meta.TargetColumn])
	}
	names := meta.ColumnNames
	if len(names) != t.cols {
		names = make([]string, t.cols)
		for j := range names {
			names[j] = fmt.Sprintf("col%d", j)
		}
	}
	xNames := make([]string, dx)
	for j, c := range meta.FeatureColumns {
		xNames[j] = names[c]
	}
	return &Dataset{
		Name:   name,
		X:      X,
		Y:      Y,
		XNames: xNames,
		YName:  names[*meta.TargetColumn],
		Source: dataPath,
	}, nil
}
