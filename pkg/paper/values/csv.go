package values

import (
	"bytes"
	_ "embed" // the paper's numbers live in paperdata/
	"encoding/csv"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/gocarina/gocsv"
)

// paperTable3CSV is paperdata/table3.csv: model,dataset,mean,std,mark.
//
//go:embed paperdata/table3.csv
var paperTable3CSV []byte

// paperBetaCSV is paperdata/table3_beta.csv: dataset,beta.
//
//go:embed paperdata/table3_beta.csv
var paperBetaCSV []byte

// paperNumber is a CSV number that must be present and finite (gocsv alone
// would read an empty field as 0).
type paperNumber float64

// UnmarshalCSV parses s as a finite float64.
func (p *paperNumber) UnmarshalCSV(s string) error {
	v, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil {
		return fmt.Errorf("not a number: %q", s)
	}
	if math.IsNaN(v) || math.IsInf(v, 0) {
		return fmt.Errorf("not finite: %q", s)
	}
	*p = paperNumber(v)
	return nil
}

// paperCell is one line of paperdata/table3.csv.
type paperCell struct {
	Model   string      `csv:"model"`
	Dataset string      `csv:"dataset"`
	Mean    paperNumber `csv:"mean"`
	Std     paperNumber `csv:"std"`
	Mark    string      `csv:"mark"`
}

// paperBetaRow is one line of paperdata/table3_beta.csv.
type paperBetaRow struct {
	Dataset string      `csv:"dataset"`
	Beta    paperNumber `csv:"beta"`
}

// paperData is the parsed content of paperdata/.
type paperData struct {
	cells []paperCell
	beta  []paperBetaRow
}

// loadPaperData parses the embedded files once.
var loadPaperData = sync.OnceValues(func() (paperData, error) {
	cells, err := parsePaperTable3(paperTable3CSV)
	if err != nil {
		return paperData{}, fmt.Errorf("paperdata/table3.csv: %w", err)
	}
	beta, err := parsePaperBeta(paperBetaCSV)
	if err != nil {
		return paperData{}, fmt.Errorf("paperdata/table3_beta.csv: %w", err)
	}
	return paperData{cells: cells, beta: beta}, nil
})

// embedded returns the parsed paper data. The files are compiled into
// the binary and checked by the tests, so a parse error is a defect of the
// build, not something a user can cause: it panics.
func embedded() paperData {
	d, err := loadPaperData()
	if err != nil {
		panic("values: embedded paper data: " + err.Error())
	}
	return d
}

// parsePaperTable3 reads and checks Table 3: the header, known model and
// data set names, a non-negative std, a known mark, and each of the 80 cells
// exactly once.
func parsePaperTable3(b []byte) ([]paperCell, error) {
	var cells []paperCell
	if err := unmarshalPaperCSV(b, []string{"model", "dataset", "mean", "std", "mark"}, &cells); err != nil {
		return nil, err
	}
	seen := map[[2]string]int{}
	for i, c := range cells {
		line := i + 2
		switch {
		case !slices.Contains(models, c.Model):
			return nil, fmt.Errorf("line %d: unknown model %q", line, c.Model)
		case !slices.Contains(datasets, c.Dataset):
			return nil, fmt.Errorf("line %d: unknown data set %q", line, c.Dataset)
		case c.Std < 0:
			return nil, fmt.Errorf("line %d: negative std %v", line, c.Std)
		case c.Mark != "" && c.Mark != Best && c.Mark != Second:
			return nil, fmt.Errorf("line %d: mark %q, want %q, %q or empty", line, c.Mark, Best, Second)
		}
		k := [2]string{c.Model, c.Dataset}
		if prev, ok := seen[k]; ok {
			return nil, fmt.Errorf("line %d: %s/%s already on line %d", line, c.Model, c.Dataset, prev)
		}
		seen[k] = line
	}
	for _, m := range models {
		for _, d := range datasets {
			if _, ok := seen[[2]string{m, d}]; !ok {
				return nil, fmt.Errorf("no line for %s/%s", m, d)
			}
		}
	}
	return cells, nil
}

// parsePaperBeta reads and checks the SLGP β row: one positive β per data
// set of Table 3.
func parsePaperBeta(b []byte) ([]paperBetaRow, error) {
	var rows []paperBetaRow
	if err := unmarshalPaperCSV(b, []string{"dataset", "beta"}, &rows); err != nil {
		return nil, err
	}
	seen := map[string]bool{}
	for i, r := range rows {
		switch {
		case !slices.Contains(datasets, r.Dataset):
			return nil, fmt.Errorf("line %d: unknown data set %q", i+2, r.Dataset)
		case seen[r.Dataset]:
			return nil, fmt.Errorf("line %d: %s given twice", i+2, r.Dataset)
		case r.Beta <= 0:
			return nil, fmt.Errorf("line %d: beta %v is not positive", i+2, r.Beta)
		}
		seen[r.Dataset] = true
	}
	if len(seen) != len(datasets) {
		return nil, fmt.Errorf("%d data sets, want %d", len(seen), len(datasets))
	}
	return rows, nil
}

// unmarshalPaperCSV checks that the header is exactly header (gocsv would
// silently leave a missing column at zero) and decodes the lines into out.
func unmarshalPaperCSV(b []byte, header []string, out any) error {
	got, err := csv.NewReader(bytes.NewReader(b)).Read()
	if err != nil {
		return fmt.Errorf("header: %w", err)
	}
	if !slices.Equal(got, header) {
		return fmt.Errorf("header %q, want %q", strings.Join(got, ","), strings.Join(header, ","))
	}
	return gocsv.UnmarshalCSV(csv.NewReader(bytes.NewReader(b)), out)
}
