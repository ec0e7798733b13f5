package report

import (
	"cmp"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/mgpteam/mgp/pkg/results"
)

// RunRow is one run of a per-run listing: its identity, its test metrics
// (the selected ones when the run held out a validation part), the last
// iteration's test NLL, and chosen diagnostics.
type RunRow struct {
	// Path is the result file.
	Path string
	// Dataset, Model and Variant name the run; Seed is its split seed.
	Dataset, Model, Variant string
	Seed                    uint64
	// Iterations is the number of optimiser steps taken.
	Iterations int
	// Protocol is the run's protocol (ProtocolOf), what RunCells pools by
	// together with Config.
	Protocol Protocol
	// Config is the run's config less seeds and the keys that never change
	// its metrics (configKey): runs of different configs are never pooled.
	Config string
	// NLL and RMSE are the reported test metrics.
	NLL, RMSE float64
	// SelectedIter is the iteration selection chose (0: no selection).
	SelectedIter int
	// LastNLL is the last iteration's test NLL (NaN when the run did not
	// select: then it equals NLL).
	LastNLL float64
	// Diags holds the requested diagnostics, NaN where the run lacks one.
	Diags []float64
	// TrainSeconds is the run's training time (over all its sessions when
	// it was resumed; see results.Result.TrainSeconds).
	TrainSeconds float64
	// Warnings counts the run's warnings.
	Warnings int
	// CRPS and Cov90 are the run's mean CRPS and the coverage of its
	// central 90 % interval (NaN for runs recorded without calibration).
	CRPS, Cov90 float64
}

// RunRows lists every result as a row, ordered by data set (the paper's
// order), model, variant and seed, with the named diagnostics: those of the
// reported (for a selecting run, the selected) parameters, or, for a name
// written "last:NAME", those of the last iteration.
func RunRows(files []results.ResultFile, diags []string) []RunRow {
	rows := make([]RunRow, 0, len(files))
	for _, f := range files {
		r := f.Result
		row := RunRow{
			Path: f.Path, Dataset: r.Dataset, Model: r.Model, Variant: r.Variant,
			Seed: r.SplitSeed, Iterations: r.Iterations, Protocol: ProtocolOf(r), Config: configKey(r),
			NLL: r.Metrics.NLL, RMSE: r.Metrics.RMSE, LastNLL: math.NaN(),
			TrainSeconds: r.TrainSeconds, Warnings: len(r.Warnings),
			CRPS: math.NaN(), Cov90: math.NaN(),
		}
		if c := r.Metrics.Calibration; c != nil {
			row.CRPS, row.Cov90 = c.CRPS, c.Coverage90
		}
		if s := r.Selection; s != nil {
			row.SelectedIter = s.Iter
			row.LastNLL = s.LastMetrics.NLL
		}
		for _, d := range diags {
			src := r.Diagnostics
			if key, ok := strings.CutPrefix(d, "last:"); ok {
				d = key
				if r.Selection != nil {
					src = r.Selection.LastDiagnostics
				}
			}
			v, ok := src[d]
			if !ok {
				v = math.NaN()
			}
			row.Diags = append(row.Diags, v)
		}
		rows = append(rows, row)
	}
	slices.SortStableFunc(rows, func(a, b RunRow) int {
		if c := compareNames(datasetOrder, a.Dataset, b.Dataset); c != 0 {
			return c
		}
		if c := compareNames(modelOrder, a.Model, b.Model); c != 0 {
			return c
		}
		if c := strings.Compare(a.Variant, b.Variant); c != 0 {
			return c
		}
		if c := cmp.Compare(a.Seed, b.Seed); c != 0 {
			return c
		}
		return cmp.Compare(a.Iterations, b.Iterations)
	})
	return rows
}

// MarkdownRuns renders rows as a Markdown table: one line per run, with the
// selected iteration and the last iteration's NLL for runs that selected,
// the CRPS and the 90 % interval's coverage ("–" for runs recorded before
// calibration was), one column per diagnostic ("–" where a run lacks it)
// and the training time in minutes.
func MarkdownRuns(rows []RunRow, diags []string) string {
	header := []string{"data set", "model", "variant", "seed", "its", "test NLL", "selected at", "last-it NLL", "RMSE", "CRPS", "90% cov."}
	header = append(header, diags...)
	header = append(header, "train min", "warnings")
	lines := make([][]string, len(rows))
	for i, r := range rows {
		sel, last := "–", "–"
		if r.SelectedIter > 0 {
			sel = strconv.Itoa(r.SelectedIter)
			last = runCell(r.LastNLL)
		}
		line := []string{r.Dataset, r.Model, orDash(r.Variant), strconv.FormatUint(r.Seed, 10), strconv.Itoa(r.Iterations),
			runCell(r.NLL), sel, last, runCell(r.RMSE), runCell(r.CRPS), covCell(r.Cov90)}
		for _, v := range r.Diags {
			line = append(line, runCell(v))
		}
		lines[i] = append(line, fmt.Sprintf("%.1f", r.TrainSeconds/60), strconv.Itoa(r.Warnings))
	}
	var b strings.Builder
	WriteMarkdown(&b, header, lines)
	return b.String()
}

// orDash is s, or "–" when s is empty (a run without a variant).
func orDash(s string) string {
	if s == "" {
		return "–"
	}
	return s
}

// covCell prints a coverage fraction with three decimals ("–" for NaN).
func covCell(v float64) string {
	if math.IsNaN(v) {
		return "–"
	}
	return strconv.FormatFloat(v, 'f', 3, 64)
}

// runCell prints a metric with four decimals, small magnitudes in
// scientific notation, and "–" for a missing (NaN) value.
func runCell(v float64) string {
	switch {
	case math.IsNaN(v):
		return "–"
	case v != 0 && math.Abs(v) < 1e-3:
		return strconv.FormatFloat(v, 'e', 2, 64)
	default:
		return strconv.FormatFloat(v, 'f', 4, 64)
	}
}
