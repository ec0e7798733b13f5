package main

import (
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/mgpteam/mgp/pkg/report"
	"github.com/mgpteam/mgp/pkg/results"
	"github.com/mgpteam/mgp/pkg/sweep"
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

// runHeadline writes the headline table of a sweep file and its detail
// file: the headline from the sweep's tree, the detail from that tree and
// the extra dirs.
func runHeadline(stdout, stderr io.Writer, extra []string, o tableOpts) error {
	if err := distinctOutputs(o.markdownOut, o.csvOut, o.detailOut); err != nil {
		return err
	}
	spec, err := sweep.ReadSpec(o.sweep)
	if err != nil {
		return inputErr(err)
	}
	if len(spec.Headline) == 0 {
		return inputErr(fmt.Errorf("%s: no headline: declare its rows under headline: (model, variant, label)", o.sweep))
	}
	own, le, err := loadResultDirs([]string{spec.Out})
	if err != nil {
		return err
	}
	all := own
	if len(extra) > 0 {
		more, le2, err := loadResultDirs(extra)
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
		{o.markdownOut, md}, {o.csvOut, csvText},
		{o.detailOut, h.DetailMarkdown(detailMeta, detailSum.Rows, paper)},
	}
	return writeTableOutputs(outs, o.asCSV, md, csvText, detailSum.Notes(), le, stdout, stderr)
}

// headlineMeta is the header of the headline files: the sweep's
// description, the command, version and date, the trees read and the
// sweep's notes with their links made relative to the Markdown file.
func headlineMeta(spec *sweep.Spec, extra []string, o tableOpts) report.HeadlineMeta {
	m := report.HeadlineMeta{
		Title: spec.Description, Command: o.command, Version: o.commit, Date: o.date,
		Sources: append([]string{filepath.Clean(spec.Out)}, extra...),
	}
	if m.Title == "" {
		m.Title = spec.Name
	}
	if m.Version == "" {
		m.Version = version()
	}
	if m.Date == "" {
		m.Date = time.Now().UTC().Format("2006-01-02")
	}
	for _, n := range spec.Notes {
		m.Notes = append(m.Notes, relinkFrom(n, o.markdownOut))
	}
	if o.markdownOut != "" && o.detailOut != "" {
		m.DetailLink = relPath(filepath.Dir(o.markdownOut), o.detailOut)
	}
	return m
}

// linkTarget finds the target of a Markdown link: "](target)" or
// "](target#anchor)".
var linkTarget = regexp.MustCompile(`\]\(([^)#\s]+)`)

// relinkFrom rewrites the relative link targets of a note, written
// relative to the working directory, to be relative to the directory of
// out; absolute paths, URLs and anchors are left alone, as is every link
// when out is empty (standard output).
func relinkFrom(note, out string) string {
	if out == "" {
		return note
	}
	dir := filepath.Dir(out)
	return linkTarget.ReplaceAllStringFunc(note, func(m string) string {
		target := m[2:]
		if filepath.IsAbs(target) || strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
			return m
		}
		return "](" + relPath(dir, target)
	})
}

// relPath is target relative to dir, with forward slashes; target itself
// when no relative path exists.
func relPath(dir, target string) string {
	r, err := filepath.Rel(dir, target)
	if err != nil {
		return target
	}
	return filepath.ToSlash(r)
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

// absPath is path made absolute and clean (as given when that fails), so
// that one file reached through two spellings counts once.
func absPath(path string) string {
	if a, err := filepath.Abs(path); err == nil {
		return a
	}
	return filepath.Clean(path)
}
