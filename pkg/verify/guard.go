package verify

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// ResultsDir is the repository's directory of committed results, beside
// its go.mod.
const ResultsDir = "results"

// checkOut refuses a scratch directory out that lies inside the results/
// directory of a module (a directory holding go.mod: this repository, from
// wherever out is), or inside, or around, a committed run to verify: the
// re-derivations must never be written among committed runs.
func checkOut(out string, runs []Committed) error {
	abs, err := realPath(out)
	if err != nil {
		return fmt.Errorf("--out %s: %v", out, err)
	}
	for d := abs; ; d = filepath.Dir(d) {
		parent := filepath.Dir(d)
		if filepath.Base(d) == ResultsDir {
			if _, err := os.Stat(filepath.Join(parent, "go.mod")); err == nil {
				return fmt.Errorf("--out %s is inside the repository's %s directory (%s), where committed runs live: choose a scratch directory outside it, e.g. bin/verify",
					out, ResultsDir, d)
			}
		}
		if parent == d {
			break
		}
	}
	for _, c := range runs {
		dir, err := realPath(c.Dir())
		if err != nil {
			continue
		}
		if under(abs, dir) || under(dir, abs) {
			return fmt.Errorf("--out %s overlaps the committed run %s: choose a scratch directory apart from the runs to verify", out, c.Dir())
		}
	}
	return nil
}

// realPath is p made absolute with the symbolic links of its longest
// existing ancestor resolved (p itself need not exist).
func realPath(p string) (string, error) {
	abs, err := filepath.Abs(p)
	if err != nil {
		return "", err
	}
	rest := ""
	for d := abs; ; d = filepath.Dir(d) {
		if r, err := filepath.EvalSymlinks(d); err == nil {
			return filepath.Join(r, rest), nil
		}
		if filepath.Dir(d) == d {
			return abs, nil
		}
		rest = filepath.Join(filepath.Base(d), rest)
	}
}

// under says whether p is dir or lies inside it.
func under(p, dir string) bool {
	return p == dir || strings.HasPrefix(p, dir+string(filepath.Separator))
}
