package values

import (
	_ "embed" // the paper's numbers live in paperdata/
	"fmt"
	"slices"
	"strings"
	"sync"
)

// paperTable4CSV is paperdata/table4.csv: model,dataset,key,value,mean,mark.
//
//go:embed paperdata/table4.csv
var paperTable4CSV []byte

// Setting is a value of the paper that holds for one setting of the
// model, where the paper varies it (Table 4: d_w).
type Setting struct {
	// Model and Dataset name the cell (lowercase).
	Model, Dataset string
	// Key is the config key the paper varies (model.d_w) and Value its
	// value as a run's config records it ("2").
	Key, Value string
	// Paper is the paper's number, NoSpread set.
	Paper Value
}

// paperSettingRow is one line of paperdata/table4.csv.
type paperSettingRow struct {
	Model   string      `csv:"model"`
	Dataset string      `csv:"dataset"`
	Key     string      `csv:"key"`
	Value   string      `csv:"value"`
	Mean    paperNumber `csv:"mean"`
	Mark    string      `csv:"mark"`
}

// table4Models are Table 4's models: CVAE and SLGP on mnist.
var table4Models = []string{"cvae", "slgp"}

// loadTable4 parses the embedded Table 4 once.
var loadTable4 = sync.OnceValues(func() ([]Setting, error) {
	s, err := parseSettings(paperTable4CSV)
	if err != nil {
		return nil, fmt.Errorf("paperdata/table4.csv: %w", err)
	}
	return s, nil
})

// Table4 returns the paper's Table 4 (models.md §10.4): the mnist
// test NLL per image of CVAE and SLGP at d_w = 2 and 16 (key model.d_w),
// single numbers (NoSpread), the paper's bold as Best. The numbers
// come from the embedded file paperdata/table4.csv; each call returns a
// fresh slice. Like Table3, a defect of the embedded file panics.
func Table4() []Setting {
	s, err := loadTable4()
	if err != nil {
		panic("values: embedded paper data: " + err.Error())
	}
	return append([]Setting(nil), s...)
}

// parseSettings reads and checks a table of per-setting values: the
// header, Table 4's models and data set, a key and value on every line, a
// known mark, each (model, data set, key, value) once.
func parseSettings(b []byte) ([]Setting, error) {
	var rows []paperSettingRow
	if err := unmarshalPaperCSV(b, []string{"model", "dataset", "key", "value", "mean", "mark"}, &rows); err != nil {
		return nil, err
	}
	seen := map[[4]string]int{}
	out := make([]Setting, len(rows))
	for i, r := range rows {
		line := i + 2
		switch {
		case !slices.Contains(table4Models, r.Model):
			return nil, fmt.Errorf("line %d: unknown model %q", line, r.Model)
		case r.Dataset != "mnist":
			return nil, fmt.Errorf("line %d: unknown data set %q", line, r.Dataset)
		case strings.TrimSpace(r.Key) == "" || strings.TrimSpace(r.Value) == "":
			return nil, fmt.Errorf("line %d: no key or value", line)
		case r.Mark != "" && r.Mark != Best && r.Mark != Second:
			return nil, fmt.Errorf("line %d: mark %q, want %q, %q or empty", line, r.Mark, Best, Second)
		}
		k := [4]string{r.Model, r.Dataset, r.Key, r.Value}
		if prev, ok := seen[k]; ok {
			return nil, fmt.Errorf("line %d: %s/%s %s = %s already on line %d", line, r.Model, r.Dataset, r.Key, r.Value, prev)
		}
		seen[k] = line
		out[i] = Setting{Model: r.Model, Dataset: r.Dataset, Key: r.Key, Value: r.Value,
			Paper: Value{Mean: float64(r.Mean), Mark: r.Mark, NoSpread: true}}
	}
	return out, nil
}
