package verify

import (
	"fmt"
	"io"
	"maps"
	"math"
	"path/filepath"
	"slices"
	"strings"

	"github.com/mgpteam/mgp/pkg/results"
)

// Report files Run writes in Options.Out.
const (
	MarkdownFile = "verify.md"
	JSONFile     = "verify.json"
)

// Report is a verification: every run's outcome and the totals.
type Report struct {
	// Command is the command line that made it.
	Command string `json:"command,omitempty"`
	// Binary is this binary (the re-runs record theirs in Outcome.New).
	Binary Binary `json:"binary"`
	// Tolerance is the bound of "within tolerance" (see Options).
	Tolerance float64 `json:"tolerance"`
	// Iterations is Options.Iterations (0: full re-runs).
	Iterations int `json:"iterations,omitempty"`
	// Totals counts the runs per status.
	Totals map[Status]int `json:"totals"`
	// OldBinaries counts the committed runs per binary version.
	OldBinaries map[string]int `json:"old_binaries"`
	Runs        []Outcome      `json:"runs"`
}

// newReport judges every item.
func newReport(items []Item, o Options) *Report {
	rep := &Report{Command: o.Command, Binary: thisBinary(o.Version), Tolerance: o.Tolerance, Iterations: o.Iterations,
		Totals: map[Status]int{}, OldBinaries: map[string]int{}}
	for _, it := range items {
		out := outcomeOf(it, o)
		rep.Totals[out.Status]++
		if out.Old != nil {
			rep.OldBinaries[out.Old.Version]++
		}
		rep.Runs = append(rep.Runs, out)
	}
	return rep
}

// write writes verify.json and verify.md into dir.
func (r *Report) write(dir string) error {
	if err := results.WriteJSONAtomic(filepath.Join(dir, JSONFile), r); err != nil {
		return err
	}
	return results.WriteFileAtomic(filepath.Join(dir, MarkdownFile), func(w io.Writer) error { r.markdown(w); return nil })
}

// summary writes the totals and where the reports are.
func (r *Report) summary(w io.Writer, dir string) {
	fmt.Fprintf(w, "verified %d runs: %s\n", len(r.Runs), r.totalsText())
	for _, o := range r.Runs {
		if o.Status != Identical {
			fmt.Fprintf(w, "  %s: %s%s\n", o.Path, o.Status, detail(o))
		}
	}
	fmt.Fprintf(w, "wrote %s and %s\n", filepath.Join(dir, MarkdownFile), filepath.Join(dir, JSONFile))
}

// totalsText is "n identical, n within tolerance, ..." over the statuses
// that occur.
func (r *Report) totalsText() string {
	var parts []string
	for _, s := range Statuses {
		if n := r.Totals[s]; n > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", n, s))
		}
	}
	return strings.Join(parts, ", ")
}

// detail is an outcome's largest difference or reason, after ": ".
func detail(o Outcome) string {
	switch {
	case o.Reason != "":
		return ": " + firstLine(o.Reason)
	case o.Diff != nil && len(o.Diff.Missing) > 0:
		return fmt.Sprintf(": %d numbers missing in the re-run (%s first)", len(o.Diff.Missing), o.Diff.Missing[0])
	case o.Diff != nil && o.Diff.MaxKey != "":
		return fmt.Sprintf(": largest |Δ| %.3g at %s", o.Diff.MaxAbs, o.Diff.MaxKey)
	}
	return ""
}

// markdown writes the report as Markdown.
func (r *Report) markdown(w io.Writer) {
	fmt.Fprintln(w, "# mgp verify")
	fmt.Fprintln(w)
	if r.Command != "" {
		fmt.Fprintf(w, "Command: `%s`\n\n", r.Command)
	}
	fmt.Fprintf(w, "Binary now: %s (%s, BLAS %s). ", r.Binary.Version, r.Binary.Go, r.Binary.BLAS)
	what := "every number of the committed run's `metrics`"
	if r.Iterations > 0 {
		what = fmt.Sprintf("every number of the committed run's trace at iterations up to %d (ELBO, traced test NLL, diagnostics, held-out checks) for a truncated re-run, and of its `metrics` for a full one", r.Iterations)
	}
	fmt.Fprintf(w, "Compared: %s. Identical means bit for bit; within tolerance means |new − old| ≤ %g · max(1, |old|) for every one.\n\n", what, r.Tolerance)
	fmt.Fprintln(w, "| status | runs |")
	fmt.Fprintln(w, "| --- | ---: |")
	for _, s := range Statuses {
		fmt.Fprintf(w, "| %s | %d |\n", s, r.Totals[s])
	}
	fmt.Fprintf(w, "\nCommitted runs' binaries: %s.\n\n", countsText(r.OldBinaries))
	fmt.Fprintln(w, "| run | status | old binary (date) | new binary (date) | iterations | largest |Δ| | note |")
	fmt.Fprintln(w, "| --- | --- | --- | --- | ---: | --- | --- |")
	for _, o := range r.Runs {
		fmt.Fprintf(w, "| %s | %s | %s | %s | %s | %s | %s |\n", o.Path, o.Status, binaryText(o.Old), binaryText(o.New),
			itersText(o), maxText(o), cell(noteText(o)))
	}
	r.differences(w)
	fmt.Fprintln(w)
}

// differences writes, for every run that is not identical, its numbers
// side by side.
func (r *Report) differences(w io.Writer) {
	for _, o := range r.Runs {
		if o.Diff == nil || o.Diff.Identical {
			continue
		}
		fmt.Fprintf(w, "\n## %s: %s\n\n", o.Path, o.Status)
		fmt.Fprintf(w, "Old binary %s, new %s; compared: %s.", binaryText(o.Old), binaryText(o.New), o.Compared)
		if o.FirstTraceDiff != nil && *o.FirstTraceDiff >= 0 {
			fmt.Fprintf(w, " The trace first differs at iteration %d.", *o.FirstTraceDiff)
		}
		fmt.Fprintf(w, " Config: %s.\n\n", o.ConfigNote)
		rows := o.Metrics
		if rows == nil {
			rows = o.Diff.Rows
		}
		fmt.Fprintln(w, "| number | old | new | new − old |")
		fmt.Fprintln(w, "| --- | ---: | ---: | ---: |")
		const most = 40
		for i, row := range rows {
			if i == most {
				fmt.Fprintf(w, "| … and %d more (%s) | | | |\n", len(rows)-most, JSONFile)
				break
			}
			fmt.Fprintf(w, "| %s | %s | %s | %s |\n", row.Key, num(row.Old), num(row.New), delta(row))
		}
		for _, k := range o.Diff.Missing {
			fmt.Fprintf(w, "| %s | | missing in the re-run | |\n", k)
		}
	}
}

// binaryText is "version (date)", with the earlier versions of a resumed run.
func binaryText(b *Binary) string {
	if b == nil {
		return "–"
	}
	s := b.Version
	if len(b.Earlier) > 0 {
		s = strings.Join(b.Earlier, ", ") + " then " + s
	}
	if len(b.Date) >= 10 {
		s += " (" + b.Date[:10] + ")"
	}
	if b.BLAS != "" && b.BLAS != "openblas" {
		s += " " + b.BLAS
	}
	return s
}

// itersText is the re-run's iterations, marked when truncated.
func itersText(o Outcome) string {
	switch {
	case o.Iterations == 0:
		return "–"
	case o.Truncated:
		return fmt.Sprintf("first %d", o.Iterations)
	}
	return fmt.Sprint(o.Iterations)
}

// maxText is the largest difference and where.
func maxText(o Outcome) string {
	switch {
	case o.Diff == nil:
		return "–"
	case len(o.Diff.Missing) > 0:
		return fmt.Sprintf("%d missing", len(o.Diff.Missing))
	case o.Diff.MaxKey == "":
		return "0"
	}
	return fmt.Sprintf("%.3g (%s)", o.Diff.MaxAbs, o.Diff.MaxKey) + nllText(o.Diff)
}

// nllText names the test NLL's change (metrics.nll, the paper's score)
// when it is not the largest difference: a count of a PIT histogram's
// bin can differ more while saying less.
func nllText(d *Diff) string {
	if d.MaxKey == "nll" {
		return ""
	}
	for _, r := range d.Rows {
		if r.Key == "nll" {
			return fmt.Sprintf("; nll %.4g → %.4g", r.Old, r.New)
		}
	}
	return ""
}

// noteText is the reason, or where the trace first differs.
func noteText(o Outcome) string {
	switch {
	case o.Reason != "":
		return firstLine(o.Reason)
	case o.FirstTraceDiff != nil && *o.FirstTraceDiff >= 0:
		return fmt.Sprintf("trace differs from iteration %d", *o.FirstTraceDiff)
	case o.FirstTraceDiff != nil:
		return "trace identical"
	}
	return ""
}

// countsText is "v1 (3 runs), v2 (1 run)" in version order.
func countsText(m map[string]int) string {
	var parts []string
	for _, k := range slices.Sorted(maps.Keys(m)) {
		unit := "runs"
		if m[k] == 1 {
			unit = "run"
		}
		parts = append(parts, fmt.Sprintf("%s (%d %s)", k, m[k], unit))
	}
	if len(parts) == 0 {
		return "none"
	}
	return strings.Join(parts, ", ")
}

// num formats a number in full (the shortest form that reads back as the
// same float64).
func num(x float64) string { return fmt.Sprint(jsonNumber(x)) }

// delta formats new − old.
func delta(r Row) string {
	d := r.New - r.Old
	if math.IsNaN(d) {
		return "–"
	}
	return fmt.Sprintf("%.3g", d)
}

// cell escapes a Markdown table cell's pipes and line breaks.
func cell(s string) string {
	return strings.NewReplacer("|", `\|`, "\n", " ").Replace(s)
}

// firstLine returns s up to its first newline.
func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}
