package paper

import (
	"fmt"
	"io"
	"path/filepath"

	"github.com/mgpteam/mgp/pkg/paper/values"
	"github.com/mgpteam/mgp/pkg/report"
	"github.com/mgpteam/mgp/pkg/results"
)

// TableOptions say how Table writes the table of a results directory.
type TableOptions struct {
	// CSV prints CSV instead of Markdown.
	CSV bool
	// Last also shows runs with held-out selection at their last
	// iteration.
	Last bool
	// MarkdownOut and CSVOut, when set, are files the Markdown and the CSV
	// table are written to (atomically); they must differ.
	MarkdownOut, CSVOut string
}

// Table summarises every result under dirs as the paper's Table 3 (mean ±
// std over seeds beside the paper's values), prints it to stdout, writes
// the files o asks for and reports on stderr what was kept apart, the files
// skipped and the files written.
func Table(stdout, stderr io.Writer, dirs []string, o TableOptions) error {
	files, le, err := LoadResultDirs(dirs)
	if err != nil {
		return err
	}
	if o.Last {
		files = report.WithLastIterations(files)
	}
	sum := report.Summarise(files)
	paper := values.Table3()
	md := report.MarkdownTable(sum.Rows, paper)
	csvText, err := report.CSVTable(sum.Rows, paper)
	if err != nil {
		return err
	}
	return writeTableOutputs([]tableOutput{{o.MarkdownOut, md}, {o.CSVOut, csvText}}, o.CSV, md, csvText, sum.Notes(), le, stdout, stderr)
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
		for _, line := range FileErrors(le) {
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
