package paper

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/mgpteam/mgp/pkg/paper/values"
	"github.com/mgpteam/mgp/pkg/report"
)

// RunsDefaultDiags are the diagnostics Runs shows unless told otherwise:
// whether the latent w carries information and what the noise terms did.
var RunsDefaultDiags = []string{"q_w_mean_spread", "noise_variance", "nu0", "kl_w_mean"}

// RunsOptions say which runs and diagnostics Runs lists and in which
// layout: one row per run, per cell (PerCell) or per data set (Compare).
type RunsOptions struct {
	// Diags are the diagnostics to show: keys of result.json's
	// diagnostics, or last:KEY for the last iteration's.
	Diags []string
	// CheckDiags refuses a name of Diags that no run reports (a
	// *report.DiagError); without it such names are left out.
	CheckDiags bool
	// Iterations, when not nil, keeps only the runs of that many
	// iterations (a *report.IterationsError when it is not positive or
	// no run has it).
	Iterations *int
	// PerCell shows one row per (data set, model, variant, protocol):
	// means over its runs.
	PerCell bool
	// Compare shows one row per data set with these columns side by side
	// (model or model/variant, @last for the last iteration; the first is
	// the baseline). Its refusals are *OptionErrors of "compare" that
	// wrap report's error.
	Compare []string
}

// Runs lists every run under dirs: test NLL, selection, last iteration
// and the diagnostics o asks for, in o's layout on stdout; the cells'
// notes and the files skipped go to stderr. Its errors are input errors.
func Runs(stdout, stderr io.Writer, dirs []string, o RunsOptions) error {
	if o.PerCell && len(o.Compare) > 0 {
		return optErr("compare", " and --per-cell are two layouts: give one of them")
	}
	files, le, err := LoadResultDirs(dirs)
	if err != nil {
		return err
	}
	if o.Iterations != nil {
		if files, err = report.FilterIterations(files, *o.Iterations); err != nil {
			return inputErr(err)
		}
	}
	diags := o.Diags
	if o.CheckDiags {
		if err := report.CheckDiags(files, diags); err != nil {
			return inputErr(err)
		}
	} else {
		diags = report.ReportedDiags(files, diags)
	}
	if slices.ContainsFunc(o.Compare, func(c string) bool { return strings.HasSuffix(c, report.LastSuffix) }) {
		files = report.WithLastIterations(files)
	}
	rows := report.RunRows(files, diags)
	switch {
	case len(o.Compare) > 0:
		cols, err := report.ParseCompareColumns(o.Compare)
		table := ""
		if err == nil {
			table, err = report.CompareRuns(rows, cols, diags, values.Table3())
		}
		if err != nil {
			return &OptionError{Option: "compare", Msg: ": " + err.Error(), Err: err}
		}
		fmt.Fprint(stdout, table)
	case o.PerCell:
		cells := report.RunCells(rows)
		fmt.Fprint(stdout, report.MarkdownRunCells(cells, diags))
		for _, n := range report.RunCellNotes(cells) {
			fmt.Fprintln(stderr, n)
		}
	default:
		fmt.Fprint(stdout, report.MarkdownRuns(rows, diags))
	}
	if le != nil {
		for _, line := range FileErrors(le) {
			fmt.Fprintln(stderr, "skipped "+line)
		}
	}
	return nil
}
