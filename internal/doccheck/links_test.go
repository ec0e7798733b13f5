package doccheck

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// mdLink matches a Markdown link or image, [text](target) or
// ![alt](target), capturing the target up to a space or the closing
// parenthesis (a title after the target is left out).
var mdLink = regexp.MustCompile(`\]\(([^)\s]+)[^)]*\)`)

// linkedDocs returns, relative to the repository root, the Markdown files
// whose relative links TestRelativeLinksResolve follows: README.md, every
// .md under docs/ and results/ (run trees aside) and configs/README.md.
func linkedDocs(t *testing.T, root string) []string {
	t.Helper()
	var out []string
	for _, rel := range committedDocs(t, root) {
		if strings.HasSuffix(rel, ".md") && (!strings.HasPrefix(rel, "configs"+string(filepath.Separator)) || rel == filepath.Join("configs", "README.md")) {
			out = append(out, rel)
		}
	}
	return out
}

// TestRelativeLinksResolve: every relative link of README.md, docs/ and
// results/'s Markdown files leads to a file or directory that exists
// (anchors are not checked; URLs and in-page anchors are skipped).
func TestRelativeLinksResolve(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	for _, rel := range linkedDocs(t, root) {
		b, err := os.ReadFile(filepath.Join(root, rel))
		if err != nil {
			t.Fatal(err)
		}
		inFence := false
		for i, line := range strings.Split(string(b), "\n") {
			if strings.HasPrefix(strings.TrimSpace(line), "```") {
				inFence = !inFence
			}
			if inFence {
				continue
			}
			for _, m := range mdLink.FindAllStringSubmatch(line, -1) {
				target := m[1]
				if skipTarget(target) {
					continue
				}
				target, _, _ = strings.Cut(target, "#")
				if _, err := os.Stat(filepath.Join(root, filepath.Dir(rel), filepath.FromSlash(target))); err != nil {
					t.Errorf("%s:%d: link to %s: no such file", rel, i+1, m[1])
				}
			}
		}
	}
}

// skipTarget reports whether a link target is not a file of this
// repository to check: a web or mail link, a page anchor, a placeholder
// (<model>, *, $VAR) or the shared data beside the repository.
func skipTarget(target string) bool {
	return strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") || strings.HasPrefix(target, "#") ||
		strings.ContainsAny(target, "<>*$") || strings.HasPrefix(target, "../shared") || strings.Contains(target, "/shared/")
}
