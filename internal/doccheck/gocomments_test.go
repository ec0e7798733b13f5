package doccheck

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

// goDocPath matches a path to a file of this repository in a Go comment:
// a relative path with a directory, ending in .md, .yaml or .sh
// (docs/own-data.md, configs/csv/shgp.yaml, scripts/slurm-local.sh), from
// the repository root or the file's own directory. Data files (.csv) are
// left out: comments name example ones (data/my-set.csv).
var goDocPath = regexp.MustCompile(`(?:^|[\s(\x60"])((?:\.\./)*[A-Za-z0-9_.-]+(?:/[A-Za-z0-9_.<>*-]+)+\.(?:md|yaml|sh))\b`)

// TestGoCommentPathsResolve: every repository path named in the Go
// comments of pkg/ and cmd/ (doc comments included, such as
// fit.Options.Model's, which named docs/models.md, a file that does not
// exist) exists, from the file's directory or from the repository root.
// A path outside the repository (../shared) or with a placeholder
// (<model>, *) is skipped.
func TestGoCommentPathsResolve(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	checked := 0
	for _, dir := range []string{"pkg", "cmd"} {
		err := filepath.WalkDir(filepath.Join(root, dir), func(path string, d fs.DirEntry, err error) error {
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
					_, errHere := os.Stat(filepath.Join(filepath.Dir(path), target))
					_, errRoot := os.Stat(filepath.Join(root, target))
					if errHere != nil && errRoot != nil {
						rel, _ := filepath.Rel(root, path)
						t.Errorf("%s: a comment names %s, which does not exist", rel, target)
					}
				}
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if checked < 5 {
		t.Errorf("only %d paths checked: the pattern no longer finds them", checked)
	}
}
