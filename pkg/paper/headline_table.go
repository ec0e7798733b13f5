package paper

import (
	"math"
	"slices"
	"strings"

	"github.com/mgpteam/mgp/pkg/paper/values"
	"github.com/mgpteam/mgp/pkg/report"
)

// headlineSpec declares one row of the headline table: the runs of Model
// under Variant (a sweep file's headline entry).
type headlineSpec struct {
	// Model and Variant pick the runs.
	Model, Variant string
	// Label names the row; empty: the model's name in capitals.
	Label string
	// Note says why this variant is the headline (Markdown, optional).
	Note string
	// Settings are config keys and values the row's runs were made with
	// ("model.d_w": "2"), for the paper's values that depend on a setting
	// (Table 4; see paperValues). Optional.
	Settings map[string]string
}

// headlineCell is one cell of the headline table: the runs of its row's
// model and variant on one data set (N = 0 when there are none), its mark,
// and the paper's value beside it.
type headlineCell struct {
	report.Row
	// Mark is 1 for the lowest mean of its column, 2 for the second (ties
	// share a mark), 0 otherwise; only cells with N ≥ MinMarkRuns and a
	// finite mean take part.
	Mark int
	// Paper is the paper's value, if HasPaper.
	Paper    values.Value
	HasPaper bool
	// Z is (Mean − Paper.Mean) / sqrt(Std² + Paper.Std²) (as in Cell); NaN
	// without runs or a paper value.
	Z float64
}

// Band returns where the cell lies against the paper (only meaningful for
// a cell with runs: N > 0).
func (c headlineCell) Band() report.Band {
	return report.Cell{Row: c.Row, HasPaper: c.HasPaper, Z: c.Z}.Band()
}

// headlineRow is one row of the headline table.
type headlineRow struct {
	// Spec is the declaration the row comes from; Label is its name.
	Spec  headlineSpec
	Label string
	// Cells holds one cell per data set of the table, in its order.
	Cells []headlineCell
}

// headlineTable is the headline table: declared rows, one column per data set.
type headlineTable struct {
	// Datasets are the columns (Table 3's order, other names after).
	Datasets []string
	// Rows are the declared rows, in the declaration's order.
	Rows []headlineRow
}

// buildHeadline places the rows of sum (Summarise's) in the declared rows:
// the columns are the data sets sum has runs on; a row's cell on a data
// set pools the runs of its model and variant there; where those runs come
// under several protocols, the protocol with the most runs (then the most
// iterations) is the cell. Marks are set per column among the cells with at
// least MinMarkRuns runs, and the paper's values (paper may be nil) beside
// every cell.
func buildHeadline(sum report.Summary, specs []headlineSpec, paper map[string]map[string]values.Value) headlineTable {
	return buildHeadlineLookup(sum, specs, table3Lookup(paper))
}

// buildHeadlineLookup is buildHeadline with the paper's values from
// lookup (paperValues: every table of the paper). A paper value without a
// spread (NoSpread) gets no z-score (Z is NaN).
func buildHeadlineLookup(sum report.Summary, specs []headlineSpec, lookup paperLookup) headlineTable {
	var h headlineTable
	for _, r := range sum.Rows {
		if !slices.Contains(h.Datasets, r.Dataset) {
			h.Datasets = append(h.Datasets, r.Dataset)
		}
	}
	slices.SortFunc(h.Datasets, func(a, b string) int { return report.CompareDatasets(a, b) })
	for _, s := range specs {
		row := headlineRow{Spec: s, Label: s.Label}
		if row.Label == "" {
			row.Label = strings.ToUpper(s.Model)
		}
		for _, d := range h.Datasets {
			c := headlineCell{Row: pickRow(sum.Rows, s.Model, s.Variant, d), Z: math.NaN()}
			c.Paper, c.HasPaper = lookup(s, d)
			if c.HasPaper && c.N > 0 && !c.Paper.NoSpread {
				c.Z = report.ZScore(c.Mean, c.Std, c.Paper.Mean, c.Paper.Std)
			}
			row.Cells = append(row.Cells, c)
		}
		h.Rows = append(h.Rows, row)
	}
	h.mark()
	return h
}

// pickRow returns the row of model and variant on dataset with the most
// runs (then the most iterations), or an empty Row naming them.
func pickRow(rows []report.Row, model, variant, dataset string) report.Row {
	best := report.Row{Model: model, Variant: variant, Dataset: dataset, Mean: math.NaN(), Std: math.NaN()}
	for _, r := range rows {
		if r.Model != model || r.Variant != variant || r.Dataset != dataset {
			continue
		}
		if r.N > best.N || (r.N == best.N && r.Protocol.Iterations > best.Protocol.Iterations) {
			best = r
		}
	}
	return best
}

// mark sets Mark in every column: 1 for the lowest eligible mean, 2 for
// the second (competition ranks, so ties share), none in a column with
// fewer than two eligible cells.
func (h *headlineTable) mark() {
	for j := range h.Datasets {
		var means []float64
		for _, r := range h.Rows {
			if c := r.Cells[j]; eligible(c) {
				means = append(means, c.Mean)
			}
		}
		if len(means) < 2 {
			continue
		}
		for i := range h.Rows {
			c := &h.Rows[i].Cells[j]
			if !eligible(*c) {
				continue
			}
			rank := 1
			for _, m := range means {
				if m < c.Mean {
					rank++
				}
			}
			if rank <= 2 {
				c.Mark = rank
			}
		}
	}
}

// eligible reports whether a cell may be marked.
func eligible(c headlineCell) bool { return report.Rankable(c.Row) }

// Protocols lists the distinct protocols of the row's cells with runs, in
// report.CompareProtocols order.
func (r headlineRow) Protocols() []report.Protocol {
	var ps []report.Protocol
	for _, c := range r.Cells {
		if c.N > 0 && !slices.Contains(ps, c.Protocol) {
			ps = append(ps, c.Protocol)
		}
	}
	slices.SortFunc(ps, report.CompareProtocols)
	return ps
}

// Bands counts the row's cells with runs per band against the paper, and
// the cells without runs.
func (r headlineRow) Bands() (n report.BandCounts, noRuns int) {
	for _, c := range r.Cells {
		if c.N == 0 {
			noRuns++
			continue
		}
		n.Add(c.Band())
	}
	return n, noRuns
}
