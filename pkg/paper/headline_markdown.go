package paper

import (
	"fmt"
	"math"
	"slices"
	"strings"

	"github.com/mgpteam/mgp/pkg/paper/values"
	"github.com/mgpteam/mgp/pkg/report"
)

// headlineMeta is what the header of the headline files says: the title,
// how they were made and what they were read from.
type headlineMeta struct {
	// Title heads the file (e.g. the sweep's description).
	Title string
	// Command is the command that wrote the files.
	Command string
	// Version is the binary's version (commit), Date the day it ran.
	Version, Date string
	// Sources are the result trees read.
	Sources []string
	// Notes are Markdown items for "Where we differ from the paper and why".
	Notes []string
	// DetailLink is the detail file relative to the headline file (empty:
	// not linked).
	DetailLink string
	// Seeds, when set, says the files hold only some of the sweep's seeds
	// (e.g. "0-3 of the sweep's 0-9"); the header states it.
	Seeds string
}

// header writes the title and the provenance lines.
func (m headlineMeta) header(b *strings.Builder, suffix string) {
	fmt.Fprintf(b, "# %s%s\n\n", m.Title, suffix)
	fmt.Fprintf(b, "Written by `%s` (mgp %s, %s) from %s; nothing in this file is edited by hand.\n\n",
		m.Command, m.Version, m.Date, "`"+strings.Join(m.Sources, "`, `")+"`")
	if m.Seeds != "" {
		fmt.Fprintf(b, "Seeds %s only: the runs of the other seeds are left out (`--seeds`), so that every cell counts the same seeds while the sweep goes on.\n\n", m.Seeds)
	}
}

// Markdown renders the headline table: the header, one row per declared
// row and one column per data set, each cell our "mean ± sd (n)" (bold:
// lowest mean of the column, italics: second, among cells with n ≥
// MinMarkRuns) with the paper's value beneath it where the paper gives
// one; then a footnote per row
// stating its protocol, and the notes.
func (h headlineTable) Markdown(m headlineMeta) string {
	var b strings.Builder
	m.header(&b, "")
	if h.singlePaperValues() {
		b.WriteString("Test NLL per test image, lower is better: minus the sum over the outputs of the log density of " +
			"each output's scaled-Silverman KDE of the predictive samples (models.md §9.4); our mean ± population sd " +
			"over n runs (one split and model seed each), the paper's single reported number beneath († its bold: " +
			"the better model at that setting; the paper reports no spread, so there is no z-score). ")
	} else if h.anyPaperValue() {
		b.WriteString("Test NLL on the original y scale, lower is better: our mean ± population sd over n runs " +
			"(one split and model seed each), the paper's mean ± sd over 10 runs beneath († and ‡: the paper's best " +
			"and second best). ")
	} else {
		b.WriteString("Test NLL on the original y scale, lower is better: our mean ± population sd over n runs " +
			"(one split and model seed each); the paper gives no number for these data (its results here are " +
			"figures only), so none stands beneath. ")
	}
	fmt.Fprintf(&b, "**Bold**: our lowest mean in its column, *italics*: our second lowest, among the cells "+
		"with n ≥ %d only (ties share a mark); a cell with fewer runs shows its n and is never marked; –: no runs.", report.MinMarkRuns)
	if m.DetailLink != "" {
		fmt.Fprintf(&b, " z-scores, other protocols and variants: [%s](%s).", m.DetailLink, m.DetailLink)
	}
	b.WriteString("\n\n")
	header := append([]string{"model"}, h.Datasets...)
	lines := make([][]string, len(h.Rows))
	for i, r := range h.Rows {
		lines[i] = []string{fmt.Sprintf("%s [^%d]", r.Label, i+1)}
		for _, c := range r.Cells {
			lines[i] = append(lines[i], headlineCellText(c))
		}
	}
	report.WriteMarkdown(&b, header, lines)
	b.WriteString("\n")
	for i, r := range h.Rows {
		fmt.Fprintf(&b, "[^%d]: %s\n", i+1, rowFootnote(r))
	}
	if cs := h.SettingComparisons(); len(cs) > 0 {
		b.WriteString("\n## Between the rows\n\n")
		for _, c := range cs {
			b.WriteString("- " + c + "\n")
		}
	}
	if len(m.Notes) > 0 {
		b.WriteString("\n## Where we differ from the paper and why\n\n")
		for _, n := range m.Notes {
			b.WriteString("- " + strings.TrimSpace(n) + "\n")
		}
	}
	return b.String()
}

// headlineCellText is our value (marked) and the paper's beneath it.
func headlineCellText(c headlineCell) string {
	s := "–"
	switch {
	case c.N == 1:
		s = fmt.Sprintf("%.4f (1)", c.Mean)
	case c.N > 1:
		s = fmt.Sprintf("%.4f ± %.4f (%d)", c.Mean, c.Std, c.N)
	}
	switch c.Mark {
	case 1:
		s = "**" + s + "**"
	case 2:
		s = "*" + s + "*"
	}
	if c.HasPaper {
		mark := map[string]string{values.Best: " †", values.Second: " ‡"}[c.Paper.Mark]
		if c.Paper.NoSpread {
			s += fmt.Sprintf("<br>paper %.4f%s", c.Paper.Mean, mark)
		} else {
			s += fmt.Sprintf("<br>paper %.4f ± %.4f%s", c.Paper.Mean, c.Paper.Std, mark)
		}
	}
	return s
}

// singlePaperValues reports whether the headline has paper values and all
// of them are single numbers without a spread (Table 4).
func (h headlineTable) singlePaperValues() bool {
	n := 0
	for _, r := range h.Rows {
		for _, c := range r.Cells {
			if c.HasPaper && !c.Paper.NoSpread {
				return false
			}
			if c.HasPaper {
				n++
			}
		}
	}
	return n > 0
}

// rowFootnote states a row's model, variant and protocol, then its note.
func rowFootnote(r headlineRow) string {
	var ps []string
	for _, p := range r.Protocols() {
		ps = append(ps, protocolSentence(p))
	}
	s := fmt.Sprintf("%s: %s, variant `%s`", r.Label, r.Spec.Model, r.Spec.Variant)
	if len(ps) == 0 {
		s += ", no runs yet"
	} else {
		s += ": " + strings.Join(ps, "; ") + "; " + r.seedsText()
	}
	s += "."
	if t := selectedText(r); t != "" {
		s += " " + t
	}
	if t := tracedText(r); t != "" {
		s += " " + t
	}
	if n := strings.TrimSpace(r.Spec.Note); n != "" {
		s += " " + n
	}
	return s
}

// minTracedPoints is the fewest traced test NLLs of a one-run cell for
// which the table states their spread.
const minTracedPoints = 5

// tracedText states, for each one-run cell of r whose run traced at least
// minTracedPoints test NLLs during training, their minimum, median and
// maximum over the finite ones, and how many were not finite: how far the
// run's reported number could have been elsewhere.
func tracedText(r headlineRow) string {
	var parts []string
	for _, c := range r.Cells {
		if c.N != 1 || len(c.Traced) < minTracedPoints {
			continue
		}
		var finite []float64
		for _, v := range c.Traced {
			if !math.IsNaN(v) && !math.IsInf(v, 0) {
				finite = append(finite, v)
			}
		}
		part := fmt.Sprintf("on %s, the run's test NLL traced during training (%d points, iterations %d-%d)",
			c.Dataset, len(c.Traced), c.TracedIters[0], c.TracedIters[len(c.TracedIters)-1])
		if len(finite) > 0 {
			part += fmt.Sprintf(" ran from %.4g to %.4g, median %.4g", slices.Min(finite), slices.Max(finite), report.Median(finite))
		}
		if k := len(c.Traced) - len(finite); k > 0 {
			part += fmt.Sprintf(" (%d of them not finite)", k)
		}
		parts = append(parts, part)
	}
	return cellSentence(parts)
}

// selectedText states, for each one-run cell of r whose run made a
// held-out selection, the iteration it kept and the test NLL the same run
// scored at its last iteration.
func selectedText(r headlineRow) string {
	var parts []string
	for _, c := range r.Cells {
		if c.N == 1 && c.SelectedIter > 0 {
			parts = append(parts, fmt.Sprintf("on %s, the run kept iteration %d (at its last iteration it scored %.4g)", c.Dataset, c.SelectedIter, c.LastNLL))
		}
	}
	return cellSentence(parts)
}

// cellSentence joins per-cell clauses into one sentence ("" for none).
func cellSentence(parts []string) string {
	if len(parts) == 0 {
		return ""
	}
	s := strings.Join(parts, "; ")
	return strings.ToUpper(s[:1]) + s[1:] + "."
}

// protocolSentence is the full protocol, saying "last iteration" when the
// run reports its last iteration (no held-out selection).
func protocolSentence(p report.Protocol) string {
	s := p.String()
	if p.Validation == 0 {
		s += ", last iteration"
	}
	return s
}

// anyPaperValue is true when some cell has the paper's value.
func (h headlineTable) anyPaperValue() bool {
	for _, r := range h.Rows {
		for _, c := range r.Cells {
			if c.HasPaper {
				return true
			}
		}
	}
	return false
}
