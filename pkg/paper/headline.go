package paper

import (
	"fmt"
	"io"
	"path/filepath"
	"slices"

	"github.com/mgpteam/mgp/pkg/report"
	"github.com/mgpteam/mgp/pkg/results"
	"github.com/mgpteam/mgp/pkg/rundir"
	"github.com/mgpteam/mgp/pkg/sweep"

	"github.com/mgpteam/mgp/pkg/paper/values"
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
	// (headlineTable.ClaimsMarkdown about SLGP, atomically).
	ClaimsOut string
	// Command is the command line the header states.
	Command string
	// Version and Date are the version and date the header states (Date
	// "": today, UTC).
	Version, Date string
	// Seeds, when set, keeps only the runs of these of the sweep's seeds
	// (as sweep's --seeds: "0-3" or "0,3"; a seed the sweep does not
	// declare is refused) and says so in the header.
	Seeds string
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
	all := spec.Seeds
	if err := spec.Restrict(nil, nil, o.Seeds); err != nil {
		return inputErr(fmt.Errorf("%s: %w", o.Sweep, err))
	}
	own, le, err := LoadResultDirs([]string{spec.Out})
	if err != nil {
		return err
	}
	if o.Seeds != "" {
		own = ofSeeds(own, spec.Seeds)
	}
	files := own
	if len(extra) > 0 {
		more, le2, err := LoadResultDirs(extra)
		if err != nil {
			return err
		}
		files = append([]results.ResultFile(nil), own...)
		seen := map[string]bool{}
		for _, f := range own {
			seen[absPath(f.Path)] = true
		}
		for _, f := range more { // an extra dir inside (or equal to) the sweep's tree adds no second copy
			if !seen[absPath(f.Path)] {
				seen[absPath(f.Path)] = true
				files = append(files, f)
			}
		}
		if le2 != nil {
			if le == nil {
				le = &results.LoadError{}
			}
			le.Files = append(le.Files, le2.Files...)
		}
	}
	paper := values.Table3()
	specs := make([]headlineSpec, len(spec.Headline))
	for i, h := range spec.Headline {
		specs[i] = headlineSpec{Model: h.Model, Variant: h.Variant, Label: h.Label, Note: h.Note,
			Settings: headlineSettings(spec, h, own)}
	}
	h := buildHeadlineLookup(report.Summarise(own), specs, paperValues())
	meta := metaOf(spec, extra, o)
	if o.Seeds != "" {
		meta.Seeds = seedRanges(spec.Seeds) + " of the sweep's " + seedRanges(all)
	}
	detailSum := report.Summarise(report.WithLastIterations(files))
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

// ofSeeds keeps the results in a seed directory (rundir.SeedName) of one
// of seeds: the sweep tree's layout names each run's seed.
func ofSeeds(files []results.ResultFile, seeds []uint64) []results.ResultFile {
	var kept []results.ResultFile
	for _, f := range files {
		if s, ok := rundir.ParseSeedName(filepath.Base(filepath.Dir(f.Path))); ok && slices.Contains(seeds, s) {
			kept = append(kept, f)
		}
	}
	return kept
}
