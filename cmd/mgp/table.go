package main

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strings"

	"github.com/mgpteam/mgp/pkg/report"
	"github.com/mgpteam/mgp/pkg/results"
	"github.com/mgpteam/mgp/pkg/train"
	"github.com/spf13/cobra"
)

// tableOpts are the flags of mgp table.
type tableOpts struct {
	asCSV       bool
	last        bool
	markdownOut string
	csvOut      string
	// sweep, detailOut, commit and date are the headline mode's (see
	// table_headline.go); command is the command line it states.
	sweep     string
	detailOut string
	commit    string
	date      string
	command   string
}

func newTableCmd(_ *globalOpts) *cobra.Command {
	var o tableOpts
	c := &cobra.Command{
		Use:   "table DIR... | table --sweep FILE [DIR...]",
		Short: "Summarise a results directory: mean ± std over seeds, next to the paper's Table 3",
		Long: `Summarise every result.json under the DIRs as the paper's Table 3: one row per
model (and variant), one column per data set, mean ± std (n) of the test NLL,
the best and second-best mean of each column marked, and beside each cell the
paper's value and z = (ours − paper) / √(std_ours² + std_paper²).

Runs are pooled only when they share model, variant, data set and protocol
(iterations, predictive samples per test point, kind of split); other
protocols get rows of their own, and runs repeating the seeds of an earlier
run are left out. Both are reported on stderr as "kept apart: ..." lines.

With --sweep FILE, the headline table of the sweep file's "headline:" rows,
read from the sweep's results tree (its "out:"): one row per declared model
and variant, each cell "mean ± sd (n)" with the paper's value beneath, the
best and second-best marked among cells with n ≥ 3 only, a footnote per row
stating its protocol and the file's "notes:" as "where we differ from the
paper". --markdown-out and --csv-out then write the headline (Markdown and
CSV), --detail-out the z-scores of the headline cells and every cell of the
tree and of the DIRs given (runs with held-out selection also at their last
iteration), the DIRs read for the detail file only.`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if o.sweep != "" {
				o.command = tableCommandLine(cmd, args)
				return runHeadline(cmd.OutOrStdout(), cmd.ErrOrStderr(), args, o)
			}
			if len(args) == 0 {
				return inputErr(errors.New("table: requires at least 1 arg (a results directory), or a sweep file with --sweep"))
			}
			return runTable(cmd.OutOrStdout(), cmd.ErrOrStderr(), args, o)
		},
	}
	c.Flags().BoolVar(&o.asCSV, "csv", false, "print CSV instead of Markdown")
	c.Flags().BoolVar(&o.last, "last", false, "also show runs with held-out selection at their last iteration (variant VARIANT@last)")
	c.Flags().StringVar(&o.markdownOut, "markdown-out", "", "also write the Markdown table to `FILE` (atomically)")
	c.Flags().StringVar(&o.csvOut, "csv-out", "", "also write the CSV table to `FILE` (atomically)")
	c.Flags().StringVar(&o.sweep, "sweep", "", "write the headline table declared in sweep `FILE` from its results tree")
	c.Flags().StringVar(&o.detailOut, "detail-out", "", "with --sweep, write the detail file to `FILE` (atomically)")
	c.Flags().StringVar(&o.commit, "commit", "", "with --sweep, the version the header states (default: this binary's)")
	c.Flags().StringVar(&o.date, "date", "", "with --sweep, the date the header states (default: today, UTC)")
	return c
}

// runTable loads the directories, prints the table and writes the
// requested files.
func runTable(stdout, stderr io.Writer, dirs []string, o tableOpts) error {
	if o.markdownOut != "" && o.markdownOut == o.csvOut {
		return inputErr(fmt.Errorf("--markdown-out and --csv-out name the same file %s", o.csvOut))
	}
	files, le, err := loadResultDirs(dirs)
	if err != nil {
		return err
	}
	if o.last {
		files = report.WithLastIterations(files)
	}
	sum := report.Summarise(files)
	paper := report.PaperTable3()
	md := report.MarkdownTable(sum.Rows, paper)
	csvText, err := report.CSVTable(sum.Rows, paper)
	if err != nil {
		return err
	}
	return writeTableOutputs([]tableOutput{{o.markdownOut, md}, {o.csvOut, csvText}}, o.asCSV, md, csvText, sum.Notes(), le, stdout, stderr)
}

// tableOutput is one file a table command writes: its path ("" for none)
// and text.
type tableOutput struct{ path, text string }

// writeTableOutputs writes each output atomically, prints the Markdown (or
// with asCSV the CSV) to stdout, then the notes, the skipped files and the
// files written to stderr.
func writeTableOutputs(outs []tableOutput, asCSV bool, md, csvText string, notes []string, le *results.LoadError, stdout, stderr io.Writer) error {
	for _, out := range outs {
		if out.path == "" {
			continue
		}
		if err := results.WriteFileAtomic(out.path, func(w io.Writer) error {
			_, err := io.WriteString(w, out.text)
			return err
		}); err != nil {
			return inputErr(fmt.Errorf("writing %s: %w", out.path, err))
		}
	}
	if asCSV {
		fmt.Fprint(stdout, csvText)
	} else {
		fmt.Fprint(stdout, md)
	}
	for _, line := range notes {
		fmt.Fprintln(stderr, line)
	}
	if le != nil {
		for _, line := range fileErrors(le) {
			fmt.Fprintln(stderr, "skipped "+line)
		}
	}
	for _, out := range outs {
		if out.path != "" {
			fmt.Fprintf(stderr, "wrote %s\n", filepath.Clean(out.path))
		}
	}
	return nil
}

// completeConfigs fills in, in memory, the model defaults that results of
// earlier versions left out of their recorded configs
// (train.CompleteRecordedConfig), so that tables compare the configs of
// old and new runs alike; a record that does not decode is left as it is.
func completeConfigs(files []results.ResultFile) {
	for _, f := range files {
		if f.Result.ConfigFingerprint != "" || len(f.Result.Config) == 0 {
			continue
		}
		if c, err := train.CompleteRecordedConfig(f.Result.Config); err == nil {
			f.Result.Config = c
		}
	}
}

// loadResultDirs reads every result under the directories. Files that are
// not results are returned in the *results.LoadError beside the results; no
// result at all is an input error naming the directories.
func loadResultDirs(dirs []string) ([]results.ResultFile, *results.LoadError, error) {
	var files []results.ResultFile
	var le *results.LoadError
	for _, d := range dirs {
		f, err := results.LoadResultFiles(d)
		var e *results.LoadError
		if err != nil && !errors.As(err, &e) {
			return nil, nil, inputErr(err)
		}
		if e != nil {
			if le == nil {
				le = &results.LoadError{}
			}
			le.Files = append(le.Files, e.Files...)
			le.Scanned += e.Scanned
		}
		files = append(files, f...)
	}
	completeConfigs(files)
	if len(files) == 0 {
		dir := strings.Join(dirs, ", ")
		if le != nil {
			return nil, nil, inputErr(fmt.Errorf("%s: none of the %d JSON files is a result:\n  %s",
				dir, le.Scanned, strings.Join(fileErrors(le), "\n  ")))
		}
		return nil, nil, inputErr(fmt.Errorf("%s: no result files found", dir))
	}
	return files, le, nil
}

// fileErrors lists the files LoadResultFiles skipped and why, one a line.
func fileErrors(le *results.LoadError) []string {
	out := make([]string, len(le.Files))
	for i, f := range le.Files {
		out[i] = f.Error()
	}
	return out
}
