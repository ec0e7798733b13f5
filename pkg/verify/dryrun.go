package verify

import (
	"fmt"
	"io"
	"text/tabwriter"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"github.com/mgpteam/mgp/pkg/sweep"
)

// writePlan writes what Run would do, running nothing: every run with
// its committed binary and date, what happens to it and its estimated
// cost, then the totals.
func writePlan(w io.Writer, items []Item, o Options) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "run\tbinary (date)\titerations\tplan\testimate")
	var total float64
	var durations []float64
	var rerun, done, unknown, left, not int
	for _, it := range items {
		plan, est := "re-run", "–"
		switch {
		case it.Reason != "":
			plan = "not re-runnable: " + firstLine(it.Reason)
			not++
		case it.LeftOut != "":
			plan = "left out: " + it.LeftOut
			left++
		case it.Done:
			plan = "done in " + it.Scratch
			done++
		case !it.EstimateOK:
			est = "unknown"
			rerun++
			unknown++
		default:
			est = sweep.FormatSeconds(it.Estimate)
			total += it.Estimate
			durations = append(durations, it.Estimate)
			rerun++
		}
		if it.LeftOut != "" && it.EstimateOK {
			est = "(" + sweep.FormatSeconds(it.Estimate) + ")"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", it.Path, binaryText(binaryOf(it.Result)), itersText(Outcome{Iterations: it.Iterations, Truncated: it.Truncated}), plan, est)
	}
	_ = tw.Flush()
	fmt.Fprintf(w, "\n%d runs: %d to re-run, %d done before in %s, %d not re-runnable, %d left out by the budget\n", len(items), rerun, done, o.Out, not, left)
	fmt.Fprintf(w, "estimated cost: %s of single-core time; with --jobs %d about %s wall (backend %s)", sweep.FormatSeconds(total), o.Jobs,
		sweep.FormatSeconds(sweep.WallSeconds(durations, o.Jobs)), ad.Backend())
	if unknown > 0 {
		fmt.Fprintf(w, ", and %d runs of unknown cost", unknown)
	}
	fmt.Fprintln(w)
}
