package compare

import (
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"testing"
)

// render makes TestCommittedReportsRender write each committed report.md
// from its report.json (after a change to report.json's recorded paths;
// never to move a number): go test ./pkg/compare -run CommittedReportsRender -render.
var render = flag.Bool("render", false, "rewrite the committed results/compare report.md files from their report.json")

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
		md := filepath.Join(filepath.Dir(f), "report.md")
		if *render {
			if err := os.WriteFile(md, []byte(Markdown(&rep)), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		want, err := os.ReadFile(md)
		if err != nil {
			t.Fatal(err)
		}
		if got := Markdown(&rep); got != string(want) {
			t.Errorf("%s: Markdown(report.json) differs from the committed report.md", filepath.Dir(f))
		}
	}
}
