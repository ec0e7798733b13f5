package compare

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// TestCommittedReportsRender: every committed results/compare report.md is
// what Markdown renders from its report.json, so a change to the renderer
// that would move a committed report fails here (old reports, ranked by
// the KDE, keep their layout; new ones show the density beside it).
func TestCommittedReportsRender(t *testing.T) {
	files, _ := filepath.Glob("../../results/compare/*/report.json")
	deeper, _ := filepath.Glob("../../results/compare/*/*/report.json")
	files = append(files, deeper...)
	if len(files) == 0 {
		t.Fatal("no committed compare reports found")
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var rep Report
		if err := json.Unmarshal(b, &rep); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		want, err := os.ReadFile(filepath.Join(filepath.Dir(f), "report.md"))
		if err != nil {
			t.Fatal(err)
		}
		if got := Markdown(&rep); got != string(want) {
			t.Errorf("%s: Markdown(report.json) differs from the committed report.md", filepath.Dir(f))
		}
	}
}
