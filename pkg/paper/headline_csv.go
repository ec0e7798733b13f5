package paper

import (
	"encoding/csv"
	"strings"

	"github.com/gocarina/gocsv"

	"github.com/mgpteam/mgp/pkg/paper/values"
	"github.com/mgpteam/mgp/pkg/report"
)

// headlineRecord is one line of the headline CSV: one cell of the headline
// table. Mean, Std, Z and the paper's columns are empty where there is no
// value; Mark is "best", "second" or empty; Band is "within", "better",
// "worse" (against the paper, |z| ≤ ZBand) or empty.
type headlineRecord struct {
	// Row is the headline row's label; Model, Variant and Dataset name the cell.
	Row     string `csv:"row"`
	Model   string `csv:"model"`
	Variant string `csv:"variant"`
	Dataset string `csv:"dataset"`
	// Iterations, Samples, Split and Validation are the cell's protocol
	// (zero without runs).
	Iterations int              `csv:"iterations"`
	Samples    int              `csv:"samples"`
	Split      report.SplitKind `csv:"split"`
	Validation float64          `csv:"validation"`
	// N, Mean and Std summarise the test NLL; Values and SplitSeeds are
	// the runs, joined with ";".
	N          int      `csv:"n"`
	Mean       *float64 `csv:"mean,omitempty"`
	Std        *float64 `csv:"std,omitempty"`
	Values     string   `csv:"values"`
	SplitSeeds string   `csv:"split_seeds"`
	// Mark is our best/second mark in the column.
	Mark string `csv:"mark"`
	// PaperMean, PaperStd and PaperMark are the paper's cell.
	PaperMean *float64 `csv:"paper_mean,omitempty"`
	PaperStd  *float64 `csv:"paper_std,omitempty"`
	PaperMark string   `csv:"paper_mark"`
	// Z and Band compare the cell with the paper.
	Z    *float64 `csv:"z,omitempty"`
	Band string   `csv:"band"`
}

// Records returns the headline's cells as CSV records, row by row. A
// paper value without a spread (Table 4) has no paper_std, z or band.
func (h headlineTable) Records() []headlineRecord {
	var recs []headlineRecord
	for _, r := range h.Rows {
		for _, c := range r.Cells {
			rec := headlineRecord{
				Row: r.Label, Model: r.Spec.Model, Variant: r.Spec.Variant, Dataset: c.Dataset,
				Iterations: c.Protocol.Iterations, Samples: c.Protocol.Samples, Split: c.Protocol.Split,
				Validation: c.Protocol.Validation, N: c.N,
				Values: report.JoinFloats(c.Values), SplitSeeds: report.JoinUints(c.SplitSeeds),
				Mark: map[int]string{1: values.Best, 2: values.Second}[c.Mark], PaperMark: c.Paper.Mark,
			}
			if c.N > 0 {
				mean, std := c.Mean, c.Std
				rec.Mean, rec.Std = &mean, &std
			}
			if c.HasPaper {
				pm, ps := c.Paper.Mean, c.Paper.Std
				rec.PaperMean, rec.PaperStd = &pm, &ps
				if c.Paper.NoSpread {
					rec.PaperStd = nil
				}
				if c.N > 0 && !c.Paper.NoSpread {
					z := c.Z
					rec.Z = &z
					rec.Band = bandName(c.Band())
				}
			}
			recs = append(recs, rec)
		}
	}
	return recs
}

// CSV writes the headline's records (RFC 4180, a header line first).
func (h headlineTable) CSV() (string, error) {
	var b strings.Builder
	err := gocsv.MarshalCSV(h.Records(), gocsv.NewSafeCSVWriter(csv.NewWriter(&b)))
	return b.String(), err
}

// bandName names a band in the CSV.
func bandName(b report.Band) string {
	return map[report.Band]string{report.BandWithin: "within", report.BandBetter: "better", report.BandWorse: "worse"}[b]
}
