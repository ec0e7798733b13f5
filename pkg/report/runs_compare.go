package report

import (
	"fmt"
	"maps"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/mgpteam/mgp/pkg/paper/values"
)

// CompareColumn names one column of a side-by-side comparison: the runs of
// one model under one variant ("" for runs without a variant).
type CompareColumn struct {
	// Model and Variant select the runs.
	Model, Variant string
}

// String is the column's name as written on the command line: model or
// model/variant.
func (c CompareColumn) String() string {
	if c.Variant == "" {
		return c.Model
	}
	return c.Model + "/" + c.Variant
}

// ParseCompareColumns reads specs of the form model or model/variant.
func ParseCompareColumns(specs []string) ([]CompareColumn, error) {
	if len(specs) < 2 {
		return nil, fmt.Errorf("need at least two columns (the first is the baseline), got %d", len(specs))
	}
	var cols []CompareColumn
	for _, s := range specs {
		model, variant, _ := strings.Cut(strings.TrimSpace(s), "/")
		if model == "" || strings.Contains(variant, "/") {
			return nil, fmt.Errorf("column %q: write model or model/variant (e.g. slgp/recommended)", s)
		}
		c := CompareColumn{Model: model, Variant: variant}
		if slices.Contains(cols, c) {
			return nil, fmt.Errorf("column %q is given twice", s)
		}
		cols = append(cols, c)
	}
	return cols, nil
}

// compareSet is the runs of one column on one data set, by split seed.
type compareSet map[uint64]RunRow

// CompareRuns builds a Markdown table with one line per data set (the
// paper's order) and, for each column, the mean test NLL with the value of
// each seed, then for every column after the first (the baseline) the
// number of shared seeds on which it beats the baseline, then the per-seed
// values of each diagnostic the column's runs report, and last the paper's
// means for the columns' models. It refuses a column that matches no run
// and a column whose runs on one data set and seed disagree (two runs of
// one seed, e.g. of different lengths: filter the rows first).
func CompareRuns(rows []RunRow, cols []CompareColumn, diags []string, paper map[string]map[string]values.Value) (string, error) {
	sets := make([]map[string]compareSet, len(cols))
	for i := range sets {
		sets[i] = map[string]compareSet{}
	}
	var datasets []string
	for _, r := range rows {
		i := slices.Index(cols, CompareColumn{r.Model, r.Variant})
		if i < 0 {
			continue
		}
		if sets[i][r.Dataset] == nil {
			sets[i][r.Dataset] = compareSet{}
		}
		if prev, dup := sets[i][r.Dataset][r.Seed]; dup {
			return "", &DuplicateSeedError{Column: cols[i].String(), Dataset: r.Dataset, Seed: r.Seed, First: prev, Second: r}
		}
		sets[i][r.Dataset][r.Seed] = r
		if !slices.Contains(datasets, r.Dataset) {
			datasets = append(datasets, r.Dataset)
		}
	}
	for i, c := range cols {
		if len(sets[i]) == 0 {
			return "", fmt.Errorf("column %s matches no run; the runs have %s", c, strings.Join(columnsOf(rows), ", "))
		}
	}
	if err := checkColumnConfigs(cols, sets); err != nil {
		return "", err
	}
	// A column shows a diagnostic only if one of its runs reports it.
	shows := make([][]bool, len(cols))
	for i := range cols {
		shows[i] = make([]bool, len(diags))
		for _, set := range sets[i] {
			for _, r := range set {
				for k, v := range r.Diags {
					shows[i][k] = shows[i][k] || !math.IsNaN(v)
				}
			}
		}
	}
	var models []string
	for _, c := range cols {
		if _, ok := paper[c.Model]; ok && !slices.Contains(models, c.Model) {
			models = append(models, c.Model)
		}
	}

	header := []string{"data set"}
	for i, c := range cols {
		header = append(header, c.String())
		if i > 0 {
			header = append(header, "wins vs "+cols[0].String())
		}
		for k, d := range diags {
			if shows[i][k] {
				header = append(header, d+" ("+c.String()+")")
			}
		}
	}
	if len(models) > 0 {
		header = append(header, "paper ("+strings.Join(models, ", ")+")")
	}
	var lines [][]string
	for _, ds := range datasets {
		line := []string{ds}
		for i := range cols {
			set := sets[i][ds]
			line = append(line, nllSeedsCell(set))
			if i > 0 {
				line = append(line, winsCell(set, sets[0][ds]))
			}
			for k := range diags {
				if shows[i][k] {
					line = append(line, diagSeedsCell(set, k))
				}
			}
		}
		if len(models) > 0 {
			var vals []string
			for _, m := range models {
				if v, ok := paper[m][ds]; ok {
					vals = append(vals, compareFloat(v.Mean))
				} else {
					vals = append(vals, "–")
				}
			}
			line = append(line, strings.Join(vals, " / "))
		}
		lines = append(lines, line)
	}
	var b strings.Builder
	WriteMarkdown(&b, header, lines)
	return b.String(), nil
}

// seedsOf returns set's seeds in increasing order.
func seedsOf(set compareSet) []uint64 {
	return slices.Sorted(maps.Keys(set))
}

// nllSeedsCell prints the mean test NLL and each seed's, naming the seeds
// unless they are 0, 1, 2, ... ("–" for no runs).
func nllSeedsCell(set compareSet) string {
	if len(set) == 0 {
		return "–"
	}
	seeds := seedsOf(set)
	vals := make([]float64, len(seeds))
	for i, s := range seeds {
		vals[i] = set[s].NLL
	}
	mean, _ := PopMeanSD(vals)
	if len(seeds) == 1 {
		return fmt.Sprintf("%s (seed %d only)", compareFloat(vals[0]), seeds[0])
	}
	contiguous := seeds[len(seeds)-1] == uint64(len(seeds)-1)
	parts := make([]string, len(seeds))
	for i, s := range seeds {
		parts[i] = compareFloat(vals[i])
		if !contiguous {
			parts[i] = fmt.Sprintf("s%d %s", s, parts[i])
		}
	}
	return fmt.Sprintf("%s (%s)", compareFloat(mean), strings.Join(parts, ", "))
}

// winsCell counts the seeds both sets have on which set's test NLL is
// below the baseline's ("–" when they share none).
func winsCell(set, base compareSet) string {
	shared, wins := 0, 0
	for s, r := range set {
		b, ok := base[s]
		if !ok {
			continue
		}
		shared++
		if r.NLL < b.NLL {
			wins++
		}
	}
	if shared == 0 {
		return "–"
	}
	return fmt.Sprintf("%d of %d", wins, shared)
}

// diagSeedsCell prints diagnostic k of each run in seed order ("–" for a
// run without it).
func diagSeedsCell(set compareSet, k int) string {
	if len(set) == 0 {
		return "–"
	}
	var parts []string
	for _, s := range seedsOf(set) {
		v := set[s].Diags[k]
		switch {
		case math.IsNaN(v):
			parts = append(parts, "–")
		case v != 0 && math.Abs(v) < 0.01:
			parts = append(parts, strconv.FormatFloat(v, 'e', 1, 64))
		default:
			parts = append(parts, strconv.FormatFloat(v, 'f', 2, 64))
		}
	}
	return strings.Join(parts, ", ")
}

// compareFloat prints an NLL with three decimals.
func compareFloat(v float64) string {
	return strconv.FormatFloat(v, 'f', 3, 64)
}

// columnsOf lists the model/variant pairs of rows, for an error message.
func columnsOf(rows []RunRow) []string {
	var out []string
	for _, r := range rows {
		name := CompareColumn{r.Model, r.Variant}.String()
		if !slices.Contains(out, name) {
			out = append(out, name)
		}
	}
	return out
}

// DuplicateSeedError reports two runs of one seed in a column of
// CompareRuns (other protocols, or one run read twice): the caller narrows
// the runs (by iterations or directories).
type DuplicateSeedError struct {
	// Column and Dataset name the cell, Seed the seed.
	Column, Dataset string
	Seed            uint64
	// First and Second are the two runs.
	First, Second RunRow
}

// Error names the cell, the seed and both runs.
func (e *DuplicateSeedError) Error() string {
	return fmt.Sprintf("column %s has two runs of %s seed %d (%s, %d iterations; %s, %d iterations)",
		e.Column, e.Dataset, e.Seed, e.First.Path, e.First.Iterations, e.Second.Path, e.Second.Iterations)
}
