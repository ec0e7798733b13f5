package compare

import (
	"os"
	"path/filepath"
)

// RecordedPath is how report.json records a path the user gave (the data
// file, the compare directory), so that a report carries no path of the
// machine that wrote it and stays true when committed or moved: a
// relative path as given (cleaned); an absolute one relative to the
// working directory when it lies inside it (what a relative --out
// becomes); otherwise, outside the working directory or when that is
// unknown, its base name alone. The runs inside the compare directory
// are recorded relative to it (SplitMetrics.Dir, Report.BestSplit).
func RecordedPath(p string) string {
	if p == "" {
		return ""
	}
	if !filepath.IsAbs(p) {
		return filepath.Clean(p)
	}
	if wd, err := os.Getwd(); err == nil {
		if rel, err := filepath.Rel(wd, p); err == nil && filepath.IsLocal(rel) {
			return rel
		}
	}
	return filepath.Base(p)
}
