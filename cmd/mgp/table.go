package main

import (
	"errors"
	"io"
	"strings"

	"github.com/mgpteam/mgp/pkg/paper"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// tableOpts are the flags of mgp table.
type tableOpts struct {
	asCSV, last         bool
	markdownOut, csvOut string
	// sweep, detailOut, claimsOut, commit, date and seeds are the
	// headline mode's (see the headline functions below); command is the
	// command line it states.
	sweep, detailOut, claimsOut, commit, date, command, seeds string
}

func newTableCmd(_ *globalOpts) *cobra.Command {
	var o tableOpts
	c := &cobra.Command{
		Use:   "table DIR... | table --sweep FILE [DIR...]",
		Short: "Summarise a results directory: mean ± std over seeds, next to the paper's Table 3",
		Long:  helpText("table"),
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
	c.Flags().StringVar(&o.claimsOut, "claims-out", "", "with --sweep, write the paper's claims about SLGP beside ours to `FILE` (atomically)")
	c.Flags().StringVar(&o.commit, "commit", "", "with --sweep, the version the header states (default: this binary's)")
	c.Flags().StringVar(&o.seeds, "seeds", "", "with --sweep, only the runs of these of the sweep's seeds, e.g. 0-3 or 0,3 (a table at one seed count while the sweep goes on; the header says so)")
	c.Flags().StringVar(&o.date, "date", "", "with --sweep, the date the header states (default: today, UTC)")
	return c
}

// runTable checks the output flags and writes the table of the
// directories.
func runTable(stdout, stderr io.Writer, dirs []string, o tableOpts) error {
	if o.seeds != "" {
		return inputErr(errors.New("table: --seeds picks seeds of a sweep: give the sweep file with --sweep, or pass only the seed directories wanted"))
	}
	if err := checkTableOuts(o); err != nil {
		return err
	}
	return paperErr(paper.Table(stdout, stderr, dirs, paper.TableOptions{
		CSV: o.asCSV, Last: o.last, MarkdownOut: o.markdownOut, CSVOut: o.csvOut,
	}))
}

// tableCommandLine rebuilds the command as given: its path, --sweep, the
// other flags set (in name order) and the arguments.
func tableCommandLine(cmd *cobra.Command, args []string) string {
	parts := []string{cmd.CommandPath()}
	if f := cmd.Flags().Lookup("sweep"); f != nil && f.Changed {
		parts = append(parts, "--sweep", f.Value.String())
	}
	cmd.Flags().Visit(func(f *pflag.Flag) {
		switch {
		case f.Name == "sweep":
		case f.Value.Type() == "bool":
			parts = append(parts, "--"+f.Name)
		default:
			parts = append(parts, "--"+f.Name, f.Value.String())
		}
	})
	return strings.Join(append(parts, args...), " ")
}

// runHeadline checks the output flags and writes the headline table of
// the sweep file and its detail file.
func runHeadline(stdout, stderr io.Writer, extra []string, o tableOpts) error {
	if err := checkTableOuts(o); err != nil {
		return err
	}
	v := o.commit
	if v == "" {
		v = version()
	}
	return paperErr(paper.Headline(stdout, stderr, extra, paper.HeadlineOptions{
		Sweep: o.sweep, CSV: o.asCSV, MarkdownOut: o.markdownOut, CSVOut: o.csvOut, DetailOut: o.detailOut,
		ClaimsOut: o.claimsOut, Command: o.command, Version: v, Date: o.date, Seeds: o.seeds,
	}))
}
