package paper

import (
	"fmt"
	"math"
	"strings"

	"github.com/mgpteam/mgp/pkg/report"
)

// claimRank is where one row's cell ranks in its column against the cells
// of every row of another model (Rank 0: not ranked, the cell or too few
// others being ineligible).
type claimRank struct {
	Dataset string
	// Rank is 1 + the number of other models' eligible means below the
	// row's; PaperRank the same among the paper's values.
	Rank, PaperRank int
}

// claimPair is one row against one row of another model on one data set:
// the difference of their means, and over the splits both ran on, the mean
// paired difference and its standard error (NaN below two shared splits).
type claimPair struct {
	Dataset                 string
	Diff, Paired, PairedErr float64
	Pairs                   int
	// PaperDiff is the difference of the paper's means; NaN without both.
	PaperDiff float64
}

// PairedLower reports a paired difference below zero by at least two
// standard errors.
func (p claimPair) PairedLower() bool { return p.Pairs >= 2 && p.Paired+2*p.PairedErr < 0 }

// PairedHigher reports a paired difference above zero by at least two
// standard errors.
func (p claimPair) PairedHigher() bool { return p.Pairs >= 2 && p.Paired-2*p.PairedErr > 0 }

// ClaimRanks ranks row i's cells (MinMarkRuns runs or more) in every column
// against the eligible cells of the rows of other models, and the paper's
// value of row i against the paper's values of those rows.
func (h headlineTable) ClaimRanks(i int) []claimRank {
	s := h.Rows[i]
	var out []claimRank
	for j, d := range h.Datasets {
		r := claimRank{Dataset: d}
		c := s.Cells[j]
		others, papers := 0, 0
		for _, o := range h.Rows {
			if strings.EqualFold(o.Spec.Model, s.Spec.Model) {
				continue
			}
			oc := o.Cells[j]
			if eligible(c) && eligible(oc) {
				others++
				if oc.Mean < c.Mean {
					r.Rank++
				}
			}
			if c.HasPaper && oc.HasPaper {
				papers++
				if oc.Paper.Mean < c.Paper.Mean {
					r.PaperRank++
				}
			}
		}
		if others > 0 {
			r.Rank++
		}
		if papers > 0 {
			r.PaperRank++
		}
		out = append(out, r)
	}
	return out
}

// ClaimPairs compares row i with row k on every data set both have runs on.
func (h headlineTable) ClaimPairs(i, k int) []claimPair {
	var out []claimPair
	for j, d := range h.Datasets {
		a, b := h.Rows[i].Cells[j], h.Rows[k].Cells[j]
		if a.N == 0 || b.N == 0 {
			continue
		}
		p := claimPair{Dataset: d, Diff: a.Mean - b.Mean, PaperDiff: math.NaN()}
		if a.HasPaper && b.HasPaper {
			p.PaperDiff = a.Paper.Mean - b.Paper.Mean
		}
		var ds []float64
		for x, sa := range a.SplitSeeds {
			for y, sb := range b.SplitSeeds {
				if sa == sb {
					ds = append(ds, a.Values[x]-b.Values[y])
					break
				}
			}
		}
		p.Pairs = len(ds)
		p.Paired, _ = report.PopMeanSD(ds)
		p.PairedErr = report.StdErr(ds)
		out = append(out, p)
	}
	return out
}

// ClaimsMarkdown renders the paper's Table 3 claims about subject (a model
// name: "slgp") beside ours, for every headline row of that model (each of
// its settings): on how many data sets it is best or second against the
// other models, and against each other model on how many its mean is
// lower, and lower or higher by two standard errors of the paired
// difference over the splits both ran on. The paper's side ranks and
// compares the paper's values of the same rows.
func (h headlineTable) ClaimsMarkdown(m headlineMeta, subject string) string {
	var b strings.Builder
	m.header(&b, ": the paper's claims about "+strings.ToUpper(subject))
	fmt.Fprintf(&b, "Lower test NLL is better. A cell takes part in a ranking only with n ≥ %d runs; "+
		"ours rank each %s row against the rows of the other models (not against %s's other settings), "+
		"the paper's its %s row against the same models. Paired: the mean over the splits both rows ran on of "+
		"(%s's NLL − the other's), with its standard error; it counts when it is at least 2 standard errors "+
		"from 0. The paper's ranks are computed from its means, not read from its shading. The paper claims "+
		"(models.md §10.5) that %s is best or second best on most data sets.\n\n",
		report.MinMarkRuns, strings.ToUpper(subject), strings.ToUpper(subject), strings.ToUpper(subject), strings.ToUpper(subject), strings.ToUpper(subject))
	var subjects []int
	for i, r := range h.Rows {
		if strings.EqualFold(r.Spec.Model, subject) {
			subjects = append(subjects, i)
		}
	}
	if len(subjects) == 0 {
		fmt.Fprintf(&b, "No headline row is %s.\n", strings.ToUpper(subject))
		return b.String()
	}
	b.WriteString("## Best or second best\n\n")
	var lines [][]string
	for _, i := range subjects {
		lines = append(lines, rankLine(h, i))
	}
	report.WriteMarkdown(&b, []string{"row", "ours: best", "ours: second", "ours: best or second", "sets ranked (n of the row)", "paper: best", "paper: second", "paper: best or second"}, lines)
	for _, i := range subjects {
		fmt.Fprintf(&b, "\n## %s against each model\n\n", h.Rows[i].Label)
		lines = nil
		for k, o := range h.Rows {
			if strings.EqualFold(o.Spec.Model, subject) {
				continue
			}
			lines = append(lines, pairLine(o.Label, h.ClaimPairs(i, k)))
		}
		report.WriteMarkdown(&b, []string{"against", "paper: lower on", "ours: mean lower on", "paired: lower by ≥ 2 s.e.", "paired: higher by ≥ 2 s.e.", "splits paired per set"}, lines)
	}
	return b.String()
}

// rankLine is the best-or-second line of headline row i.
func rankLine(h headlineTable, i int) []string {
	var best, second, pBest, pSecond []string
	ranked, papers := 0, 0
	var ns []string
	for j, r := range h.ClaimRanks(i) {
		if r.Rank > 0 {
			ranked++
			ns = append(ns, fmt.Sprint(h.Rows[i].Cells[j].N))
		}
		if r.PaperRank > 0 {
			papers++
		}
		switch r.Rank {
		case 1:
			best = append(best, r.Dataset)
		case 2:
			second = append(second, r.Dataset)
		}
		switch r.PaperRank {
		case 1:
			pBest = append(pBest, r.Dataset)
		case 2:
			pSecond = append(pSecond, r.Dataset)
		}
	}
	sets := "0"
	if ranked > 0 {
		sets = fmt.Sprintf("%d (%s)", ranked, strings.Join(ns, ", "))
	}
	return []string{h.Rows[i].Label, listed(best), listed(second), fmt.Sprintf("%d of %d", len(best)+len(second), ranked),
		sets, listed(pBest), listed(pSecond), fmt.Sprintf("%d of %d", len(pBest)+len(pSecond), papers)}
}

// pairLine is one line of a row-against-model table.
func pairLine(label string, ps []claimPair) []string {
	var lower, pLower, sigLow, sigHigh, all, pAll, pairs []string
	for _, p := range ps {
		all = append(all, p.Dataset)
		pairs = append(pairs, fmt.Sprint(p.Pairs))
		if p.Diff < 0 {
			lower = append(lower, p.Dataset)
		}
		if !math.IsNaN(p.PaperDiff) {
			pAll = append(pAll, p.Dataset)
			if p.PaperDiff < 0 {
				pLower = append(pLower, p.Dataset)
			}
		}
		if p.PairedLower() {
			sigLow = append(sigLow, p.Dataset)
		}
		if p.PairedHigher() {
			sigHigh = append(sigHigh, p.Dataset)
		}
	}
	return []string{label, outOf(pLower, pAll), outOf(lower, all), outOf(sigLow, all), outOf(sigHigh, all), strings.Join(pairs, ", ")}
}

// outOf is "k of n" with the k names, or "–" for no sets.
func outOf(some, all []string) string {
	if len(all) == 0 {
		return "–"
	}
	if len(some) == 0 {
		return fmt.Sprintf("0 of %d", len(all))
	}
	return fmt.Sprintf("%d of %d: %s", len(some), len(all), strings.Join(some, ", "))
}

// listed is the names joined, or "–".
func listed(names []string) string {
	if len(names) == 0 {
		return "–"
	}
	return strings.Join(names, ", ")
}
