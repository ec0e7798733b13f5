package compare

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRecordedPath: a relative path is kept as given, an absolute one
// under the working directory becomes relative to it, and any other
// absolute one is reduced to its base name.
func TestRecordedPath(t *testing.T) {
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	outside := filepath.Join(t.TempDir(), "runs", "cmp")
	for _, c := range []struct{ in, want string }{
		{"", ""},
		{"configs/csv/x.csv", filepath.Join("configs", "csv", "x.csv")},
		{"./runs//cmp/", filepath.Join("runs", "cmp")},
		{"../data/x.csv", filepath.Join("..", "data", "x.csv")},
		{filepath.Join(wd, "runs", "cmp"), filepath.Join("runs", "cmp")},
		{wd, "."},
		{outside, "cmp"},
	} {
		if got := RecordedPath(c.in); got != c.want {
			t.Errorf("RecordedPath(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// absolutePaths returns the string values in a JSON document that are
// absolute paths.
func absolutePaths(v any) []string {
	var out []string
	switch x := v.(type) {
	case string:
		if filepath.IsAbs(x) || strings.HasPrefix(x, "/") {
			out = append(out, x)
		}
	case []any:
		for _, e := range x {
			out = append(out, absolutePaths(e)...)
		}
	case map[string]any:
		for _, e := range x {
			out = append(out, absolutePaths(e)...)
		}
	}
	return out
}

// checkNoAbsolutePaths fails t when out's report.json holds an absolute
// path (compare ran on data and into a directory outside the working
// directory, both given absolute).
func checkNoAbsolutePaths(t *testing.T, out string) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(out, "report.json"))
	if err != nil {
		t.Fatal(err)
	}
	var doc any
	if err := json.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	if abs := absolutePaths(doc); len(abs) > 0 {
		t.Errorf("report.json holds absolute paths of this machine: %v", abs)
	}
}
