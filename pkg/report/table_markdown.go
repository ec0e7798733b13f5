package report

import (
	"fmt"
	"math"
	"strings"

	"github.com/mgpteam/mgp/pkg/paper/values"
)

// MarkdownTable renders rows (in Summarise's order) in the layout of the
// paper's Table 3: one row per model (Table 3's order, other names after),
// labelled with its variant when it has one and with its protocol when the
// model/variant comes with several; one column per data set (Table 3's
// order, other names after). Each cell is "mean ± std (n)" with four
// decimals, std being the population sd; in each column the lowest finite
// mean is bold and the second lowest italic (ties share a mark; NaN and
// infinite means are never marked, nor is a column with a single finite
// mean); "–" marks a pair without runs.
//
// When paper (e.g. values.Table3()) is not nil, a second table of the same
// layout gives, beside each of our cells, the paper's "mean ± std" (with its
// † best / ‡ second marks) and z = (ours − paper) / sqrt(std_ours² +
// std_paper²); a line then counts the cells within the paper's band
// (|z| ≤ ZBand), better (z < −ZBand), worse (z > ZBand) and without a paper
// value, and, when SLGP is in the table, a line gives the paper's β per
// data set. Paper lookups are case-insensitive. A protocol line ends the
// output: the iterations, predictive samples, kind of split and seeds behind
// every cell, once when they are the same everywhere.
func MarkdownTable(rows []Row, paper map[string]map[string]values.Value) string {
	cells := CompareToPaper(rows, paper)
	g := newGrid(cells)
	var b strings.Builder
	if len(cells) == 0 {
		return "No results.\n"
	}
	b.WriteString("Test NLL, mean ± population sd over runs (n), original y scale; lower is better. " +
		"**Bold**: lowest mean in its column; *italics*: second lowest, among cells with at least " +
		fmt.Sprint(MinMarkRuns) + " runs and a finite mean (ties share a mark; a column with one such cell is not marked); " +
		"a single run shows its value and (1) only; –: no runs.\n\n")
	writeGrid(&b, g, func(c Cell) string { return ourCellText(c, g.ranked[c.Dataset] > 1) })

	if paper != nil {
		counts := CountBands(cells)
		if counts.NoPaper == len(cells) {
			b.WriteString("\nThe paper's Table 3 has no value for any of these cells.\n")
		} else {
			b.WriteString("\nThe paper (Table 3: mean ± std over 10 runs; † best and ‡ second in the paper) " +
				"and z = (ours − paper) / √(std_ours² + std_paper²):\n\n")
			writeGrid(&b, g, paperCellText)
			b.WriteString("\n" + bandLine(counts) + "\n")
			if line := betaLine(g); line != "" {
				b.WriteString("\n" + line + "\n")
			}
		}
	}
	b.WriteString("\n")
	for _, line := range protocolLines(g) {
		b.WriteString(line + "\n")
	}
	return b.String()
}

// writeGrid writes one Markdown table of g with text giving each cell.
func writeGrid(b *strings.Builder, g grid, text func(Cell) string) {
	header := []string{"model"}
	header = append(header, g.datasets...)
	lines := make([][]string, len(g.rows))
	for i, r := range g.rows {
		lines[i] = []string{r.label}
		for _, d := range g.datasets {
			s := "–"
			if c, ok := g.cells[gridKey{i, d}]; ok {
				s = text(c)
			}
			lines[i] = append(lines[i], s)
		}
	}
	WriteMarkdown(b, header, lines)
}

// ourCellText is "mean ± std (n)", bold when best in its column and italic
// when second, if mark.
func ourCellText(c Cell, mark bool) string {
	s := fmt.Sprintf("%.4f ± %.4f (%d)", c.Mean, c.Std, c.N)
	if c.N == 1 {
		s = fmt.Sprintf("%.4f (1)", c.Mean)
	}
	if !mark {
		return s
	}
	switch c.Rank {
	case 1:
		return "**" + s + "**"
	case 2:
		return "*" + s + "*"
	}
	return s
}

// paperCellText is "paper mean ± std [mark], z ±x.x", or "–" without a
// paper value.
func paperCellText(c Cell) string {
	if !c.HasPaper {
		return "–"
	}
	mark := map[string]string{values.Best: " †", values.Second: " ‡"}[c.Paper.Mark]
	return fmt.Sprintf("%.4f ± %.4f%s, z %s", c.Paper.Mean, c.Paper.Std, mark, FormatZ(c.Z))
}

// FormatZ writes z with one decimal and a sign; "n/a" for NaN.
func FormatZ(z float64) string {
	if math.IsNaN(z) {
		return "n/a"
	}
	return fmt.Sprintf("%+.1f", z)
}

// bandLine counts the cells per band and states the rule.
func bandLine(n BandCounts) string {
	s := fmt.Sprintf("Against the paper (within its band means |z| ≤ %g): %d %s within, %d better (z < −%g), %d worse (z > %g), %d without a paper value",
		ZBand, n.Within, plural(n.Within, "cell", "cells"), n.Better, ZBand, n.Worse, ZBand, n.NoPaper)
	if n.NotComparable > 0 {
		s += fmt.Sprintf(", %d with a NaN mean", n.NotComparable)
	}
	return s + "."
}

// betaLine gives the paper's SLGP β for the data sets on which g has an
// SLGP cell; "" when there is none.
func betaLine(g grid) string {
	beta := values.Beta()
	var parts []string
	for _, d := range g.datasets {
		v, ok := beta[strings.ToLower(d)]
		if ok && g.hasModelOn(values.BetaModel, d) {
			parts = append(parts, fmt.Sprintf("%s %g", d, v))
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return "The paper's SLGP used the hybrid bound with β: " + strings.Join(parts, ", ") + "."
}

// hasModelOn reports whether g has a cell of model (any variant or
// protocol, case-insensitively) on dataset.
func (g grid) hasModelOn(model, dataset string) bool {
	for i, r := range g.rows {
		if _, ok := g.cells[gridKey{i, dataset}]; ok && strings.EqualFold(r.model, model) {
			return true
		}
	}
	return false
}
