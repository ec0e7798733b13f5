package paper

import (
	"fmt"
	"io"
	"path/filepath"

	"github.com/mgpteam/mgp/pkg/report"
	"github.com/mgpteam/mgp/pkg/results"
	"github.com/mgpteam/mgp/pkg/sweep"
)

// HeadlineOptions say how Headline writes a sweep file's headline table.
type HeadlineOptions struct {
	// Sweep is the sweep file declaring the headline.
	Sweep string
	// CSV prints CSV instead of Markdown.
	CSV bool
	// MarkdownOut, CSVOut and DetailOut, when set, are the files the
	// headline's Markdown and CSV and the detail file are written to
	// (atomically); they must differ.
	MarkdownOut, CSVOut, DetailOut string
	// ClaimsOut, when set, is the file the claims report is written to
	// (report.Headline.ClaimsMarkdown about SLGP, atomically).
	ClaimsOut string
	// Command is the command line the header states.
	Command string
	// Version and Date are the version and date the header states (Date
	// "": today, UTC).
	Version, Date string
}

// Headline writes the headline table of a sweep file and its detail
// file: the headline from the sweep's tree, the detail from that tree and
// the extra dirs.
func Headline(stdout, stderr io.Writer, extra []string, o HeadlineOptions) error {
	spec, err := sweep.ReadSpec(o.Sweep)
	if err != nil {
		return inputErr(err)
	}
	if len(spec.Headline) == 0 {
		return inputErr(fmt.Errorf("%s: no headline: declare its rows under headline: (model, variant, label)", o.Sweep))
	}
	own, le, err := LoadResultDirs([]string{spec.Out})
	if err != nil {
		return err
	}
	all := own
	if len(extra) > 0 {
		more, le2, err := LoadResultDirs(extra)
		if err != nil {
			return err
		}
		all = append([]results.ResultFile(nil), own...)
		seen := map[string]bool{}
		for _, f := range own {
			seen[absPath(f.Path)] = true
		}
		for _, f := range more { // an extra dir inside (or equal to) the sweep's tree adds no second copy
			if !seen[absPath(f.Path)] {
				seen[absPath(f.Path)] = true
				all = append(all, f)
			}
		}
		if le2 != nil {
			if le == nil {
				le = &results.LoadError{}
			}
			le.Files = append(le.Files, le2.Files...)
		}
	}
	paper := report.PaperTable3()
	specs := make([]report.HeadlineSpec, len(spec.Headline))
	for i, h := range spec.Headline {
		specs[i] = report.HeadlineSpec{Model: h.Model, Variant: h.Variant, Label: h.Label, Note: h.Note,
			Settings: headlineSettings(spec, h, own)}
	}
	h := report.BuildHeadlineLookup(report.Summarise(own), specs, report.PaperValues())
	meta := headlineMeta(spec, extra, o)
	detailSum := report.Summarise(report.WithLastIterations(all))
	md := h.Markdown(meta)
	csvText, err := h.CSV()
	if err != nil {
		return err
	}
	detailMeta := meta
	detailMeta.Notes = nil
	outs := []tableOutput{
		{o.MarkdownOut, md}, {o.CSVOut, csvText},
		{o.DetailOut, h.DetailMarkdown(detailMeta, detailSum.Rows, paper)},
	}
	if o.ClaimsOut != "" {
		outs = append(outs, tableOutput{o.ClaimsOut, h.ClaimsMarkdown(detailMeta, "slgp")})
	}
	return writeTableOutputs(outs, o.CSV, md, csvText, detailSum.Notes(), le, stdout, stderr)
}

// absPath is path made absolute and clean (as given when that fails), so
// that one file reached through two spellings counts once.
func absPath(path string) string {
	if a, err := filepath.Abs(path); err == nil {
		return a
	}
	return filepath.Clean(path)
}
