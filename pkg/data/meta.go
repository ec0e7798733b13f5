package data

import (
	"errors"
	"fmt"
	"os"
	"regexp"
	"strconv"

	"go.yaml.in/yaml/v3"
)

// uciMeta holds the keys of a UCI set's meta.yaml that the loader uses.
type uciMeta struct {
	Rows           int      `yaml:"rows"`
	Columns        int      `yaml:"columns"`
	FeatureColumns []int    `yaml:"feature_columns"`
	TargetColumn   *int     `yaml:"target_column"`
	ColumnNames    []string `yaml:"column_names"`
}

// readMeta reads and checks meta.yaml at path.
func readMeta(path string) (*uciMeta, error) {
	raw, err := os.ReadFile(path)
	if err != nil {
		return nil, openError(path, err, fetchHint)
	}
	var m uciMeta
	if err := yaml.Unmarshal(raw, &m); err != nil {
		return nil, &FileError{Path: path, Line: yamlErrorLine(err), Msg: "not valid YAML (" + err.Error() +
			"); restore the file with scripts/fetch_uci.sh", Err: err}
	}
	if err := m.check(); err != "" {
		return nil, &FileError{Path: path, Msg: err +
			"; meta.yaml needs feature_columns (list of 0-based indices) and target_column (0-based index)"}
	}
	return &m, nil
}

// check validates the column choices and returns a message, "" if fine.
func (m *uciMeta) check() string {
	if len(m.FeatureColumns) == 0 {
		return "key feature_columns is missing or empty"
	}
	if m.TargetColumn == nil {
		return "key target_column is missing"
	}
	if m.Columns < 0 || m.Rows < 0 {
		return "rows and columns must not be negative"
	}
	seen := map[int]bool{*m.TargetColumn: true}
	if *m.TargetColumn < 0 || (m.Columns > 0 && *m.TargetColumn >= m.Columns) {
		return fmt.Sprintf("target_column %d is outside 0..columns-1 (columns: %d)", *m.TargetColumn, m.Columns)
	}
	for _, c := range m.FeatureColumns {
		if c < 0 || (m.Columns > 0 && c >= m.Columns) {
			return fmt.Sprintf("feature column %d is outside 0..columns-1 (columns: %d)", c, m.Columns)
		}
		if seen[c] {
			return fmt.Sprintf("column %d is listed twice among feature_columns/target_column", c)
		}
		seen[c] = true
	}
	return ""
}

// maxColumn returns the largest column index used.
func (m *uciMeta) maxColumn() int {
	mx := *m.TargetColumn
	for _, c := range m.FeatureColumns {
		mx = max(mx, c)
	}
	return mx
}

// yamlLine finds the line number in a yaml.v3 error message.
var yamlLine = regexp.MustCompile(`line (\d+)`)

// yamlErrorLine returns the 1-based line of a YAML type error (a value of
// the wrong kind), 0 otherwise. Syntax errors are left at 0 because yaml.v3
// often reports them at the line before the problem; their text keeps
// yaml.v3's own position.
func yamlErrorLine(err error) int {
	var te *yaml.TypeError
	if !errors.As(err, &te) || len(te.Errors) == 0 {
		return 0
	}
	m := yamlLine.FindStringSubmatch(te.Errors[0])
	if m == nil {
		return 0
	}
	n, _ := strconv.Atoi(m[1])
	return n
}
