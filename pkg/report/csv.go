package report

import (
	"encoding/csv"
	"io"
	"strconv"
	"strings"

	"github.com/gocarina/gocsv"

	"github.com/mgpteam/mgp/pkg/paper/values"
)

// CSVRecord is one line of the CSV table: one cell, i.e. one (model,
// variant, data set, protocol). Floats are written in the shortest form
// that reads back as the same float64 (NaN and ±Inf spelled so); the
// per-run values and seeds are joined with ";". The paper columns and z are
// empty without a paper value, rank is empty for a NaN or infinite mean.
type CSVRecord struct {
	// Model, Variant and Dataset name the cell.
	Model   string `csv:"model"`
	Variant string `csv:"variant"`
	Dataset string `csv:"dataset"`
	// Iterations, Samples and Split are its protocol.
	Iterations int       `csv:"iterations"`
	Samples    int       `csv:"samples"`
	Split      SplitKind `csv:"split"`
	// N, Mean, Std, StdErr and Median summarise the NLL (see Row).
	N      int     `csv:"n"`
	Mean   float64 `csv:"mean"`
	Std    float64 `csv:"std"`
	StdErr float64 `csv:"stderr"`
	Median float64 `csv:"median"`
	// RMSEMean and RMSEStd summarise the RMSE.
	RMSEMean float64 `csv:"rmse_mean"`
	RMSEStd  float64 `csv:"rmse_std"`
	// Values, SplitSeeds and ModelSeeds are the runs, joined with ";".
	Values     string `csv:"values"`
	SplitSeeds string `csv:"split_seeds"`
	ModelSeeds string `csv:"model_seeds"`
	// PaperMean and PaperStd are the paper's value, nil without one.
	PaperMean *float64 `csv:"paper_mean,omitempty"`
	PaperStd  *float64 `csv:"paper_std,omitempty"`
	// Z is (Mean − PaperMean) / sqrt(Std² + PaperStd²), nil without a
	// paper value.
	Z *float64 `csv:"z,omitempty"`
	// Rank is the competition rank of Mean in its data set's column
	// (1 = best), nil when Mean is NaN or infinite.
	Rank *int `csv:"rank,omitempty"`
}

// CSVRecords turns rows (in Summarise's order) into CSV records, comparing
// them with paper (which may be nil).
func CSVRecords(rows []Row, paper map[string]map[string]values.Value) []CSVRecord {
	cells := CompareToPaper(rows, paper)
	recs := make([]CSVRecord, len(cells))
	for i, c := range cells {
		rec := CSVRecord{
			Model: c.Model, Variant: c.Variant, Dataset: c.Dataset,
			Iterations: c.Protocol.Iterations, Samples: c.Protocol.Samples, Split: c.Protocol.Split,
			N: c.N, Mean: c.Mean, Std: c.Std, StdErr: c.StdErr, Median: c.Median,
			RMSEMean: c.RMSEMean, RMSEStd: c.RMSEStd,
			Values: JoinFloats(c.Values), SplitSeeds: JoinUints(c.SplitSeeds), ModelSeeds: JoinUints(c.ModelSeeds),
		}
		if c.HasPaper {
			pm, ps, z := c.Paper.Mean, c.Paper.Std, c.Z
			rec.PaperMean, rec.PaperStd, rec.Z = &pm, &ps, &z
		}
		if c.Rank > 0 {
			rank := c.Rank
			rec.Rank = &rank
		}
		recs[i] = rec
	}
	return recs
}

// WriteCSV writes the CSV table (RFC 4180, a header line, then one
// CSVRecord per cell) to w.
func WriteCSV(w io.Writer, rows []Row, paper map[string]map[string]values.Value) error {
	return gocsv.MarshalCSV(CSVRecords(rows, paper), gocsv.NewSafeCSVWriter(csv.NewWriter(w)))
}

// CSVTable is WriteCSV into a string.
func CSVTable(rows []Row, paper map[string]map[string]values.Value) (string, error) {
	var b strings.Builder
	err := WriteCSV(&b, rows, paper)
	return b.String(), err
}

// formatFloat formats v in the shortest round-tripping form.
func formatFloat(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }

// JoinFloats joins floats in the shortest round-tripping form with ";",
// the list form of every CSV column of this package and the paper's.
func JoinFloats(x []float64) string {
	s := make([]string, len(x))
	for i, v := range x {
		s[i] = formatFloat(v)
	}
	return strings.Join(s, ";")
}

// JoinUints joins unsigned integers with ";", as JoinFloats.
func JoinUints(x []uint64) string {
	s := make([]string, len(x))
	for i, v := range x {
		s[i] = strconv.FormatUint(v, 10)
	}
	return strings.Join(s, ";")
}
