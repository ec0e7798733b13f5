package report

import (
	"math"
	"strings"

	"github.com/mgpteam/mgp/pkg/eval"
	"github.com/mgpteam/mgp/pkg/paper/values"
)

// ZBand is the half-width of the paper's band: a cell agrees with the paper
// when |z| ≤ ZBand, with z = (ours − paper) / sqrt(std_ours² + std_paper²).
const ZBand = 2.0

// Cell is a Row as a table places it: its rank in its data set's column and
// its comparison with the paper.
type Cell struct {
	Row
	// Rank is the competition rank of Mean among the finite means of the
	// column (1 = lowest; tied means share a rank and the next rank is
	// skipped); 0 when Mean is NaN or infinite, which is never ranked.
	Rank int
	// Paper is the paper's value for (Model, Dataset), if HasPaper.
	Paper values.Value
	// HasPaper reports whether the paper has a value for the cell.
	HasPaper bool
	// Z is (Mean − Paper.Mean) / sqrt(Std² + Paper.Std²); NaN without a
	// paper value or with a NaN mean.
	Z float64
}

// Band says where a cell lies against the paper.
type Band int

// The bands of CellBand.
const (
	// BandWithin is |z| ≤ ZBand.
	BandWithin Band = iota
	// BandBetter is z < −ZBand: a lower NLL than the paper's band.
	BandBetter
	// BandWorse is z > ZBand: a higher NLL than the paper's band.
	BandWorse
	// BandNoPaper is a cell the paper has no value for.
	BandNoPaper
	// BandNotComparable is a cell with a paper value but a NaN z (a NaN
	// mean).
	BandNotComparable
)

// Band returns where c lies against the paper.
func (c Cell) Band() Band {
	switch {
	case !c.HasPaper:
		return BandNoPaper
	case math.IsNaN(c.Z):
		return BandNotComparable
	case c.Z < -ZBand:
		return BandBetter
	case c.Z > ZBand:
		return BandWorse
	}
	return BandWithin
}

// BandCounts counts cells per Band.
type BandCounts struct {
	// Within, Better, Worse, NoPaper and NotComparable count the cells of
	// each Band.
	Within, Better, Worse, NoPaper, NotComparable int
}

// Add counts one cell of band b.
func (n *BandCounts) Add(b Band) {
	switch b {
	case BandWithin:
		n.Within++
	case BandBetter:
		n.Better++
	case BandWorse:
		n.Worse++
	case BandNoPaper:
		n.NoPaper++
	case BandNotComparable:
		n.NotComparable++
	}
}

// CountBands counts the cells of each band.
func CountBands(cells []Cell) BandCounts {
	var n BandCounts
	for _, c := range cells {
		n.Add(c.Band())
	}
	return n
}

// Rankable reports whether a row takes part in its column's ranking: a
// finite mean over at least MinMarkRuns runs.
func Rankable(r Row) bool { return r.N >= MinMarkRuns && eval.Finite(r.Mean) }

// CompareToPaper ranks each row with at least MinMarkRuns runs and a finite
// mean among its data set's such rows, and sets every row's paper value and z. Paper lookups are case-insensitive; paper may be nil.
func CompareToPaper(rows []Row, paper map[string]map[string]values.Value) []Cell {
	cells := make([]Cell, len(rows))
	for i, r := range rows {
		c := Cell{Row: r, Z: math.NaN()}
		if Rankable(r) {
			c.Rank = 1
			for _, o := range rows {
				if o.Dataset == r.Dataset && Rankable(o) && o.Mean < r.Mean {
					c.Rank++
				}
			}
		}
		c.Paper, c.HasPaper = LookupValue(paper, r.Model, r.Dataset)
		if c.HasPaper {
			c.Z = ZScore(r.Mean, r.Std, c.Paper.Mean, c.Paper.Std)
		}
		cells[i] = c
	}
	return cells
}

// ZScore is (mean − paperMean) / sqrt(std² + paperStd²). With both spreads
// zero it is 0 for equal means and ±Inf otherwise; an infinite mean gives
// an infinite z of its sign.
func ZScore(mean, std, paperMean, paperStd float64) float64 {
	d := mean - paperMean
	if math.IsInf(d, 0) {
		return d // an infinite mean is off the band whatever its spread
	}
	s := math.Hypot(std, paperStd)
	if s == 0 && d == 0 {
		return 0
	}
	return d / s
}

// LookupValue looks the cell of model and dataset up in a table of
// reference values (map[model][dataset], as values.Table3), case-insensitively.
func LookupValue(paper map[string]map[string]values.Value, model, dataset string) (values.Value, bool) {
	byDataset, ok := paper[strings.ToLower(model)]
	if !ok {
		return values.Value{}, false
	}
	v, ok := byDataset[strings.ToLower(dataset)]
	return v, ok
}

// MinMarkRuns is the fewest runs a cell needs to be ranked, and so marked
// best or second best: a mean over one or two splits is shown, never
// ranked.
const MinMarkRuns = 3
