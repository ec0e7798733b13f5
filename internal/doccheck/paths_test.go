package doccheck

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// committedDocs returns, relative to the repository root, the committed
// reports and docs that must not name a path of the machine that wrote
// them: README.md, everything under docs/ and configs/, and results/'s
// Markdown files and compare reports (report.json), run trees aside.
func committedDocs(t *testing.T, root string) []string {
	t.Helper()
	out := []string{"README.md"}
	for _, top := range []string{"docs", "configs", "results"} {
		err := filepath.WalkDir(filepath.Join(root, top), func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			rel, _ := filepath.Rel(root, p)
			switch {
			case d.IsDir():
				if d.Name() == "runs" && top == "results" {
					return filepath.SkipDir
				}
			case top != "results", strings.HasSuffix(p, ".md"), d.Name() == "report.json":
				out = append(out, rel)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	return out
}

// absPath finds absolute paths in text: a slash and a name at the start
// of a line or after a space, bracket, quote, =, comma or semicolon, or
// after a backtick that opens a code span (not "`--jobs`/threads").
// A URL's "//" never matches: the character before each slash is a
// colon or a slash.
var absPath = regexp.MustCompile("(?:^|[\\s(\\[\"'=,;]|(?:^|[\\s(\\[])`)(/[A-Za-z~][^\\s\"'`)\\],;]*)")

// systemRoots are the first components of absolute paths that name the
// same thing on every machine (system files and tools such as
// /usr/bin/time or /etc/slurm/slurm.conf), and /path/to/..., the usual
// placeholder; every other absolute path is this machine's.
var systemRoots = map[string]bool{"usr": true, "etc": true, "dev": true, "proc": true, "sys": true, "run": true,
	"bin": true, "sbin": true, "lib": true, "lib64": true, "path": true}

// machinePaths returns the absolute paths in text that are not system
// paths or placeholders.
func machinePaths(text string) []string {
	var out []string
	for _, line := range strings.Split(text, "\n") {
		for _, m := range absPath.FindAllStringSubmatch(line, -1) {
			first, _, _ := strings.Cut(strings.TrimPrefix(m[1], "/"), "/")
			if !systemRoots[first] {
				out = append(out, m[1])
			}
		}
	}
	return out
}

// TestMachinePathsAreFound pins the detector: what it must flag and what
// it must let pass.
func TestMachinePathsAreFound(t *testing.T) {
	for _, c := range []struct {
		text string
		want int
	}{
		{"trained into /tmp/x with", 1},
		{`"dir": "/work/owndata/cmp",`, 1},
		{"(`git clone /work/main /tmp/ex-clone`)", 2},
		{"--set data.path=/home/me/train.csv", 1},
		{"`/root/x` and /Users/me", 2},
		{"see https://example.org/a/b and file:///x", 0},
		{"runs/ex-compare/best, ../shared/data, `--jobs`/threads, 1/2", 0},
		{"/usr/bin/time -v, /etc/slurm/slurm.conf, --set data.path=/path/to/train.csv", 0},
	} {
		if got := machinePaths(c.text); len(got) != c.want {
			t.Errorf("%q: found %q, want %d", c.text, got, c.want)
		}
	}
}

// TestNoMachinePathsInCommittedDocs: no committed doc or report names a
// path of the machine that wrote it (/tmp/..., /work/..., /home/...),
// which means nothing on a reader's machine; name the directory relative
// to the repository, or as $TMPDIR/... or SCRATCH/..., instead.
func TestNoMachinePathsInCommittedDocs(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	for _, rel := range committedDocs(t, root) {
		b, err := os.ReadFile(filepath.Join(root, rel))
		if err != nil {
			t.Fatal(err)
		}
		if found := machinePaths(string(b)); len(found) > 0 {
			t.Errorf("%s names paths of the machine that wrote it: %s", rel, strings.Join(found, ", "))
		}
	}
}
