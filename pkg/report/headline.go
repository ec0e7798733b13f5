package report

import (
	"math"
	"slices"
	"strings"

	"github.com/mgpteam/mgp/pkg/eval"
)

// MinMarkRuns is the fewest runs a headline cell needs to be marked best or
// second best: a mean over one or two splits is shown, never ranked.
const MinMarkRuns = 3

// HeadlineSpec declares one row of the headline table: the runs of Model
// under Variant (a sweep file's headline entry).
type HeadlineSpec struct {
	// Model and Variant pick the runs.
	Model, Variant string
	// Label names the row; empty: the model's name in capitals.
	Label string
	// Note says why this variant is the headline (Markdown, optional).
	Note string
	// Settings are config keys and values the row's runs were made with
	// ("model.d_w": "2"), for the paper's values that depend on a setting
	// (Table 4; see PaperValues). Optional.
	Settings map[string]string
}

// HeadlineCell is one cell of the headline table: the runs of its row's
// model and variant on one data set (N = 0 when there are none), its mark,
// and the paper's value beside it.
type HeadlineCell struct {
	Row
	// Mark is 1 for the lowest mean of its column, 2 for the second (ties
	// share a mark), 0 otherwise; only cells with N ≥ MinMarkRuns and a
	// finite mean take part.
	Mark int
	// Paper is the paper's value, if HasPaper.
	Paper    PaperValue
	HasPaper bool
	// Z is (Mean − Paper.Mean) / sqrt(Std² + Paper.Std²) (as in Cell); NaN
	// without runs or a paper value.
	Z float64
}

// Band returns where the cell lies against the paper (only meaningful for
// a cell with runs: N > 0).
func (c HeadlineCell) Band() Band {
	return Cell{Row: c.Row, HasPaper: c.HasPaper, Z: c.Z}.Band()
}

// HeadlineRow is one row of the headline table.
type HeadlineRow struct {
	// Spec is the declaration the row comes from; Label is its name.
	Spec  HeadlineSpec
	Label string
	// Cells holds one cell per data set of the table, in its order.
	Cells []HeadlineCell
}

// Headline is the headline table: declared rows, one column per data set.
type Headline struct {
	// Datasets are the columns (Table 3's order, other names after).
	Datasets []string
	// Rows are the declared rows, in the declaration's order.
	Rows []HeadlineRow
}

// BuildHeadline places the rows of sum (Summarise's) in the declared rows:
// the columns are the data sets sum has runs on; a row's cell on a data
// set pools the runs of its model and variant there; where those runs come
// under several protocols, the protocol with the most runs (then the most
// iterations) is the cell. Marks are set per column among the cells with at
// least MinMarkRuns runs, and the paper's values (paper may be nil) beside
// every cell.
func BuildHeadline(sum Summary, specs []HeadlineSpec, paper map[string]map[string]PaperValue) Headline {
	return BuildHeadlineLookup(sum, specs, Table3Lookup(paper))
}

// BuildHeadlineLookup is BuildHeadline with the paper's values from
// lookup (PaperValues: every table of the paper). A paper value without a
// spread (NoSpread) gets no z-score (Z is NaN).
func BuildHeadlineLookup(sum Summary, specs []HeadlineSpec, lookup PaperLookup) Headline {
	var h Headline
	for _, r := range sum.Rows {
		if !slices.Contains(h.Datasets, r.Dataset) {
			h.Datasets = append(h.Datasets, r.Dataset)
		}
	}
	slices.SortFunc(h.Datasets, func(a, b string) int { return compareNames(paperDatasets, a, b) })
	for _, s := range specs {
		row := HeadlineRow{Spec: s, Label: s.Label}
		if row.Label == "" {
			row.Label = strings.ToUpper(s.Model)
		}
		for _, d := range h.Datasets {
			c := HeadlineCell{Row: pickRow(sum.Rows, s.Model, s.Variant, d), Z: math.NaN()}
			c.Paper, c.HasPaper = lookup(s, d)
			if c.HasPaper && c.N > 0 && !c.Paper.NoSpread {
				c.Z = zScore(c.Mean, c.Std, c.Paper.Mean, c.Paper.Std)
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
func pickRow(rows []Row, model, variant, dataset string) Row {
	best := Row{Model: model, Variant: variant, Dataset: dataset, Mean: math.NaN(), Std: math.NaN()}
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
func (h *Headline) mark() {
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
func eligible(c HeadlineCell) bool { return c.N >= MinMarkRuns && eval.Finite(c.Mean) }

// Protocols lists the distinct protocols of the row's cells with runs, in
// compareProtocols order.
func (r HeadlineRow) Protocols() []Protocol {
	var ps []Protocol
	for _, c := range r.Cells {
		if c.N > 0 && !slices.Contains(ps, c.Protocol) {
			ps = append(ps, c.Protocol)
		}
	}
	slices.SortFunc(ps, compareProtocols)
	return ps
}

// Bands counts the row's cells with runs per band against the paper, and
// the cells without runs.
func (r HeadlineRow) Bands() (n BandCounts, noRuns int) {
	for _, c := range r.Cells {
		if c.N == 0 {
			noRuns++
			continue
		}
		n.add(c.Band())
	}
	return n, noRuns
}
