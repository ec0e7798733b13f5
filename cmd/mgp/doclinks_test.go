package main

import (
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// mdLink matches a Markdown link or image, [text](target "title"); the
// target is group 1.
var mdLink = regexp.MustCompile(`\]\(([^)\s]+)(?:\s+"[^"]*")?\)`)

// goDocPath matches a path to a file of this repository in a Go comment:
// a relative path with a directory, ending in .md, .yaml or .sh
// (docs/own-data.md, configs/csv/shgp.yaml, scripts/slurm-local.sh), from
// the repository root or the file's own directory. Data files (.csv) are
// left out: comments name example ones (data/my-set.csv).
var goDocPath = regexp.MustCompile(`(?:^|[\s(\x60"])((?:\.\./)*[A-Za-z0-9_.-]+(?:/[A-Za-z0-9_.<>*-]+)+\.(?:md|yaml|sh))\b`)

// docRoot is the module root, two directories up from cmd/mgp.
const docRoot = "../.."

// TestDocLinksResolve reads every link of the Markdown files (README.md,
// docs/, configs/README.md, results/README.md) and every repository path
// named in the Go comments of pkg/ and cmd/ (doc comments included, such
// as Options.Model's, which named docs/models.md, a file that does not
// exist) and fails on a target that is missing. Web links and anchors
// within a page are not followed; a path outside the repository
// (../shared, the data) or with a placeholder (<model>, *) is skipped.
func TestDocLinksResolve(t *testing.T) {
	var mds []string
	mds = append(mds, filepath.Join(docRoot, "README.md"), filepath.Join(docRoot, "configs", "README.md"), filepath.Join(docRoot, "results", "README.md"))
	docs, _ := filepath.Glob(filepath.Join(docRoot, "docs", "*.md"))
	mds = append(mds, docs...)
	checked := 0
	for _, md := range mds {
		b, err := os.ReadFile(md)
		if err != nil {
			t.Fatal(err)
		}
		for _, m := range mdLink.FindAllStringSubmatch(string(b), -1) {
			target := m[1]
			if skipTarget(target) {
				continue
			}
			target, _, _ = strings.Cut(target, "#")
			if target == "" {
				continue
			}
			checked++
			if _, err := os.Stat(filepath.Join(filepath.Dir(md), target)); err != nil {
				t.Errorf("%s links to %s, which does not exist", rel(md), m[1])
			}
		}
	}
	fset := token.NewFileSet()
	for _, dir := range []string{"pkg", "cmd"} {
		err := filepath.WalkDir(filepath.Join(docRoot, dir), func(path string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
				return err
			}
			f, err := parser.ParseFile(fset, path, nil, parser.ParseComments|parser.SkipObjectResolution)
			if err != nil {
				return err
			}
			for _, cg := range f.Comments {
				for _, m := range goDocPath.FindAllStringSubmatch(cg.Text(), -1) {
					target := m[1]
					if skipTarget(target) || strings.HasPrefix(target, "../") {
						continue
					}
					checked++
					if _, err := os.Stat(filepath.Join(filepath.Dir(path), target)); err != nil && !existsInRepo(target) {
						t.Errorf("%s: a comment names %s, which does not exist", rel(path), target)
					}
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if checked < 50 {
		t.Errorf("only %d links checked: the patterns no longer find them", checked)
	}
}

// skipTarget reports whether a link target is not a file of this
// repository to check: a web or mail link, a page anchor, a placeholder.
func skipTarget(target string) bool {
	return strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") || strings.HasPrefix(target, "#") ||
		strings.ContainsAny(target, "<>*$") || strings.HasPrefix(target, "../shared") || strings.Contains(target, "/shared/")
}

// existsInRepo reports whether path exists from the repository root.
func existsInRepo(path string) bool {
	_, err := os.Stat(filepath.Join(docRoot, path))
	return err == nil
}

// rel names path from the repository root.
func rel(path string) string {
	r, err := filepath.Rel(docRoot, path)
	if err != nil {
		return path
	}
	return r
}
