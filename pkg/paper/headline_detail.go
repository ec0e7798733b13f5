package paper

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/mgpteam/mgp/pkg/paper/values"
	"github.com/mgpteam/mgp/pkg/report"
)

// DetailMarkdown renders the detail file of the headline: the header; the
// headline cells' z against the paper with per-row counts of cells within
// the paper's band, better, worse, with fewer than MinMarkRuns runs and
// without runs; the headline cells' calibration (calibrationMarkdown);
// then every cell of the trees read (rows, Summarise's, e.g.
// with WithLastIterations applied) in MarkdownTable's layout.
func (h headlineTable) DetailMarkdown(m headlineMeta, rows []report.Row, paper map[string]map[string]values.Value) string {
	var b strings.Builder
	m.header(&b, ": details")
	b.WriteString("## The headline rows against the paper\n\n")
	fmt.Fprintf(&b, "z = (ours − paper) / √(sd_ours² + sd_paper²) for every headline cell with runs; within the "+
		"paper's band: |z| ≤ %g, better: z < −%g, worse: z > %g. The last columns count the row's cells; "+
		"n < %d counts the cells with runs but fewer than %d.\n\n", report.ZBand, report.ZBand, report.ZBand, report.MinMarkRuns, report.MinMarkRuns)
	header := append([]string{"row"}, h.Datasets...)
	header = append(header, "within", "better", "worse", fmt.Sprintf("n < %d", report.MinMarkRuns), "no runs")
	var lines [][]string
	var total report.BandCounts
	totalThin, totalNone := 0, 0
	for _, r := range h.Rows {
		line := []string{r.Label}
		thin := 0
		for _, c := range r.Cells {
			line = append(line, detailZText(c))
			if c.N > 0 && c.N < report.MinMarkRuns {
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
	report.WriteMarkdown(&b, header, lines)
	fmt.Fprintf(&b, "\nAll headline cells: %d within, %d better, %d worse; %d with n < %d, %d without runs.\n\n",
		total.Within, total.Better, total.Worse, totalThin, report.MinMarkRuns, totalNone)
	h.calibrationMarkdown(&b)
	b.WriteString("## Every cell of the trees read\n\n")
	b.WriteString("Every model, variant and protocol in the trees, the headline's cells among them; a variant " +
		"ending in `" + report.LastSuffix + "` is a run with held-out selection scored at its last iteration instead.\n\n")
	b.WriteString(report.MarkdownTable(rows, paper))
	return b.String()
}

// detailZText is "z (n)" for a cell with runs and a paper value.
func detailZText(c headlineCell) string {
	switch {
	case c.N == 0:
		return "–"
	case !c.HasPaper:
		return fmt.Sprintf("no paper value (%d)", c.N)
	}
	return fmt.Sprintf("%s (%d)", report.FormatZ(c.Z), c.N)
}

// calibrationMarkdown writes the headline cells' calibration, beyond the
// paper (which reports the NLL alone): per cell the mean CRPS and the mean
// coverage of the central 90 % predictive interval over the runs that
// record them, with how many of the cell's runs do; "–" for a cell without
// runs or whose runs all predate the calibration metrics.
func (h headlineTable) calibrationMarkdown(b *strings.Builder) {
	b.WriteString("## Calibration of the headline cells\n\n")
	b.WriteString("Beyond the paper, which reports the NLL alone: per cell the mean CRPS (original y scale, lower is better) " +
		"and the mean coverage of the central 90 % predictive interval (calibrated: 0.90), over the runs that record them " +
		"(k/n: k of the cell's n runs; – where none does: runs of earlier versions, re-scored by mgp eval --run DIR --write).\n\n")
	header := append([]string{"row"}, h.Datasets...)
	var lines [][]string
	for _, r := range h.Rows {
		line := []string{r.Label}
		for _, c := range r.Cells {
			line = append(line, calibrationText(c.Row))
		}
		lines = append(lines, line)
	}
	report.WriteMarkdown(b, header, lines)
	b.WriteString("\n")
}

// calibrationText is "CRPS c, 90 % cov. v (k/n)" for a row with
// calibration metrics, "–" otherwise.
func calibrationText(r report.Row) string {
	if r.CalibN == 0 {
		return "–"
	}
	return fmt.Sprintf("CRPS %.4g, 90 %% cov. %.2f (%d/%d)", r.CRPSMean, r.Cov90Mean, r.CalibN, r.N)
}
