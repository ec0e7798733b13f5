package main

import (
	"errors"
	"io"
	"path/filepath"
	"strings"

	"github.com/mgpteam/mgp/pkg/paper"
	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

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
			return
		case f.Value.Type() == "bool":
			parts = append(parts, "--"+f.Name)
			return
		}
		parts = append(parts, "--"+f.Name, f.Value.String())
	})
	return strings.Join(append(parts, args...), " ")
}

// runHeadline checks the output flags and writes the headline table of
// the sweep file and its detail file.
func runHeadline(stdout, stderr io.Writer, extra []string, o tableOpts) error {
	if err := distinctOutputs(o.markdownOut, o.csvOut, o.detailOut); err != nil {
		return err
	}
	if err := checkTableOuts(o.markdownOut, o.csvOut, o.detailOut); err != nil {
		return err
	}
	v := o.commit
	if v == "" {
		v = version()
	}
	return paperErr(paper.Headline(stdout, stderr, extra, paper.HeadlineOptions{
		Sweep: o.sweep, CSV: o.asCSV, MarkdownOut: o.markdownOut, CSVOut: o.csvOut, DetailOut: o.detailOut,
		Command: o.command, Version: v, Date: o.date,
	}))
}

// distinctOutputs refuses two outputs naming the same file.
func distinctOutputs(paths ...string) error {
	seen := map[string]bool{}
	for _, p := range paths {
		if p == "" {
			continue
		}
		c := filepath.Clean(p)
		if seen[c] {
			return inputErr(errors.New("two of --markdown-out, --csv-out and --detail-out name the same file " + c))
		}
		seen[c] = true
	}
	return nil
}
