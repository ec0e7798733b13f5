package report

import (
	"fmt"
	"strconv"
	"strings"
)

// DetailMarkdown renders the detail file of the headline: the header; the
// headline cells' z against the paper with per-row counts of cells within
// the paper's band, better, worse, with fewer than MinMarkRuns runs and
// without runs; then every cell of the trees read (rows, Summarise's, e.g.
// with WithLastIterations applied) in MarkdownTable's layout.
func (h Headline) DetailMarkdown(m HeadlineMeta, rows []Row, paper map[string]map[string]PaperValue) string {
	var b strings.Builder
	m.header(&b, ": details")
	b.WriteString("## The headline rows against the paper\n\n")
	fmt.Fprintf(&b, "z = (ours − paper) / √(sd_ours² + sd_paper²) for every headline cell with runs; within the "+
		"paper's band: |z| ≤ %g, better: z < −%g, worse: z > %g. The last columns count the row's cells; "+
		"n < %d counts the cells with runs but fewer than %d.\n\n", ZBand, ZBand, ZBand, MinMarkRuns, MinMarkRuns)
	header := append([]string{"row"}, h.Datasets...)
	header = append(header, "within", "better", "worse", fmt.Sprintf("n < %d", MinMarkRuns), "no runs")
	var lines [][]string
	var total BandCounts
	totalThin, totalNone := 0, 0
	for _, r := range h.Rows {
		line := []string{r.Label}
		thin := 0
		for _, c := range r.Cells {
			line = append(line, detailZText(c))
			if c.N > 0 && c.N < MinMarkRuns {
				thin++
			}
		}
		n, none := r.Bands()
		line = append(line, strconv.Itoa(n.Within), strconv.Itoa(n.Better), strconv.Itoa(n.Worse), strconv.Itoa(thin), strconv.Itoa(none))
		lines = append(lines, line)
		total.Within += n.Within
		total.Better += n.Better
		total.Worse += n.Worse
		totalThin += thin
		totalNone += none
	}
	writeMarkdown(&b, header, lines)
	fmt.Fprintf(&b, "\nAll headline cells: %d within, %d better, %d worse; %d with n < %d, %d without runs.\n\n",
		total.Within, total.Better, total.Worse, totalThin, MinMarkRuns, totalNone)
	b.WriteString("## Every cell of the trees read\n\n")
	b.WriteString("Every model, variant and protocol in the trees, the headline's cells among them; a variant " +
		"ending in `" + LastSuffix + "` is a run with held-out selection scored at its last iteration instead.\n\n")
	b.WriteString(MarkdownTable(rows, paper))
	return b.String()
}

// detailZText is "z (n)" for a cell with runs and a paper value.
func detailZText(c HeadlineCell) string {
	switch {
	case c.N == 0:
		return "–"
	case !c.HasPaper:
		return fmt.Sprintf("no paper value (%d)", c.N)
	}
	return fmt.Sprintf("%s (%d)", formatZ(c.Z), c.N)
}
