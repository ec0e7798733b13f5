package main

import (
	"errors"
	"fmt"
	"path/filepath"

	"github.com/mgpteam/mgp/pkg/outpath"
)

// csvOutput is the kind of file predict and eval write: an existing file
// with one of these extensions may be replaced without --overwrite.
var csvOutput = []string{".csv", ".tsv", ".txt", ""}

// checkOutFlag refuses (exit 2, naming flag) an output path that package
// outpath does not allow; the advice for a file of another kind names
// --overwrite when the command has it.
func checkOutFlag(flag, path string, p outpath.Policy, hasOverwrite bool) error {
	err := outpath.Check(path, p)
	if err == nil {
		return nil
	}
	var e *outpath.Error
	if hasOverwrite && errors.As(err, &e) && e.Problem == outpath.OtherKind {
		return inputErr(fmt.Errorf("%s %s exists and is not a CSV file (by its extension): give another name, or add --overwrite to replace it", flag, path))
	}
	return inputErr(fmt.Errorf("%s %w", flag, err))
}

// pictureOutput is the kind of file the figure commands write.
var pictureOutput = []string{".png", ".pdf", ".svg", ".jpg", ""}

// markdownOutput and tableCSVOutput are the kinds mgp table writes.
var (
	markdownOutput = []string{".md", ".txt", ""}
	tableCSVOutput = []string{".csv", ""}
)

// checkPictureOut refuses a figure's --out that package outpath does not
// allow (an input's or a run's own file, a directory, a file of another
// kind); "" is left to the command's own "give the PNG file" check.
func checkPictureOut(path string) error {
	if path == "" {
		return nil
	}
	return checkOutFlag("--out", path, outpath.Policy{Exts: pictureOutput}, false)
}

// checkTableOuts refuses mgp table's output files that name one file
// twice or that package outpath does not allow; an empty flag is not
// checked, nor --detail-out without --sweep (the headline mode's).
func checkTableOuts(o tableOpts) error {
	detail, claims, seen := o.detailOut, o.claimsOut, map[string]bool{}
	if o.sweep == "" {
		detail, claims = "", ""
	}
	outs := []struct {
		flag, path string
		exts       []string
	}{{"--markdown-out", o.markdownOut, markdownOutput}, {"--csv-out", o.csvOut, tableCSVOutput}, {"--detail-out", detail, markdownOutput}, {"--claims-out", claims, markdownOutput}}
	for _, f := range outs {
		key := f.path
		if o.sweep != "" {
			key = filepath.Clean(f.path)
		}
		switch {
		case f.path == "":
			continue
		case seen[key] && o.sweep == "":
			return inputErr(fmt.Errorf("--markdown-out and --csv-out name the same file %s", o.csvOut))
		case seen[key]:
			return inputErr(errors.New("two of --markdown-out, --csv-out, --detail-out and --claims-out name the same file " + key))
		}
		seen[key] = true
	}
	for _, f := range outs {
		if f.path == "" {
			continue
		}
		if err := checkOutFlag(f.flag, f.path, outpath.Policy{Exts: f.exts}, false); err != nil {
			return err
		}
	}
	return nil
}
