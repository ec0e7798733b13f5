package paper

import (
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/mgpteam/mgp/pkg/sweep"
)

// metaOf is the header of the headline files: the sweep's
// description, the command, version and date, the trees read and the
// sweep's notes with their links made relative to the Markdown file.
func metaOf(spec *sweep.Spec, extra []string, o HeadlineOptions) headlineMeta {
	m := headlineMeta{
		Title: spec.Description, Command: o.Command, Version: o.Version, Date: o.Date,
		Sources: append([]string{filepath.Clean(spec.Out)}, extra...),
	}
	if m.Title == "" {
		m.Title = spec.Name
	}
	if m.Date == "" {
		m.Date = time.Now().UTC().Format("2006-01-02")
	}
	for _, n := range spec.Notes {
		m.Notes = append(m.Notes, relinkFrom(n, o.MarkdownOut))
	}
	if o.MarkdownOut != "" && o.DetailOut != "" {
		m.DetailLink = relPath(filepath.Dir(o.MarkdownOut), o.DetailOut)
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
