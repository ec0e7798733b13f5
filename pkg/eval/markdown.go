package eval

import (
	"fmt"
	"math"
	"strings"
)

// MarkdownTable renders rows as Markdown with models as rows and data sets
// as columns, each cell "mean ± std (n)" with four decimals (std is the
// population sd), the lowest mean of each data set in bold and "–" where a
// pair has no runs. Models and data sets follow Table 3's order, other names
// alphabetically after.
//
// When paper (e.g. PaperTable3()) holds a value for at least one of the
// pairs, a second table follows with, per cell, the paper's "mean ± std" and
// Δ = our mean − paper mean. Paper lookups are case-insensitive.
func MarkdownTable(rows []Row, paper map[string]map[string]PaperValue) string {
	models := sortedDistinct(rows, func(r Row) string { return r.Model }, paperModels)
	datasets := sortedDistinct(rows, func(r Row) string { return r.Dataset }, paperDatasets)
	cell := map[[2]string]Row{}
	best := map[string]float64{}
	for _, r := range rows {
		cell[[2]string{r.Model, r.Dataset}] = r
		if b, ok := best[r.Dataset]; !math.IsNaN(r.Mean) && (!ok || r.Mean < b) {
			best[r.Dataset] = r.Mean
		}
	}

	var b strings.Builder
	writeHeader(&b, datasets)
	for _, m := range models {
		b.WriteString("| " + m + " |")
		for _, d := range datasets {
			r, ok := cell[[2]string{m, d}]
			if !ok {
				b.WriteString(" – |")
				continue
			}
			s := fmt.Sprintf("%.4f ± %.4f (%d)", r.Mean, r.Std, r.N)
			if bv, ok := best[d]; ok && r.Mean == bv {
				s = "**" + s + "**"
			}
			b.WriteString(" " + s + " |")
		}
		b.WriteString("\n")
	}

	if !anyPaperValue(rows, paper) {
		return b.String()
	}
	b.WriteString("\nPaper (Table 3, mean ± std) and Δ = ours − paper:\n\n")
	writeHeader(&b, datasets)
	for _, m := range models {
		b.WriteString("| " + m + " |")
		for _, d := range datasets {
			r, ok := cell[[2]string{m, d}]
			pv, pok := paperValue(paper, m, d)
			if !ok || !pok {
				b.WriteString(" – |")
				continue
			}
			fmt.Fprintf(&b, " %.4f ± %.4f (Δ %+.4f) |", pv.Mean, pv.Std, r.Mean-pv.Mean)
		}
		b.WriteString("\n")
	}
	return b.String()
}

// writeHeader writes the header and separator lines of a model x data set table.
func writeHeader(b *strings.Builder, datasets []string) {
	b.WriteString("| model |")
	for _, d := range datasets {
		b.WriteString(" " + d + " |")
	}
	b.WriteString("\n|---|")
	for range datasets {
		b.WriteString("---|")
	}
	b.WriteString("\n")
}

// paperValue looks up a paper cell case-insensitively.
func paperValue(paper map[string]map[string]PaperValue, model, dataset string) (PaperValue, bool) {
	byDataset, ok := paper[strings.ToLower(model)]
	if !ok {
		return PaperValue{}, false
	}
	v, ok := byDataset[strings.ToLower(dataset)]
	return v, ok
}

// anyPaperValue reports whether paper has a value for any row.
func anyPaperValue(rows []Row, paper map[string]map[string]PaperValue) bool {
	for _, r := range rows {
		if _, ok := paperValue(paper, r.Model, r.Dataset); ok {
			return true
		}
	}
	return false
}
