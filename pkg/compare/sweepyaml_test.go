package compare

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// TestWriteSweepYAMLSyntaxInNames: a target named "y: max", one holding a
// newline, and a data path with a newline give sweep and run config files
// that read back with the names intact.
func TestWriteSweepYAMLSyntaxInNames(t *testing.T) {
	for _, c := range []struct{ target, sub string }{{"y: max", "d"}, {"a\nb", "d"}, {"y", "we\nird: [x]"}} {
		out := filepath.Join(t.TempDir(), "cmp")
		if err := os.MkdirAll(filepath.Join(out, c.sub), 0o755); err != nil {
			t.Fatal(err)
		}
		s := Settings{Name: "d", Path: filepath.Join(out, c.sub, DataFile), Target: c.target, Iterations: 5, NTrain: 30}
		spec, err := WriteSweep(out, []string{"sgp", "shgp"}, []string{"se", "matern52"}, 2, s)
		if err != nil {
			t.Fatalf("target %q, path %q: %v", c.target, s.Path, err)
		}
		if spec.Name != "compare-d" {
			t.Errorf("name %q", spec.Name)
		}
		if len(spec.Variants) != 2 || spec.Variants[0].Name != "se" || spec.Variants[1].Name != "matern52" {
			t.Errorf("variants %+v, want se and matern52", spec.Variants)
		}
		b, err := os.ReadFile(filepath.Join(out, ConfigDir, "sgp.yaml"))
		if err != nil {
			t.Fatal(err)
		}
		var doc struct {
			Data struct {
				Path   string   `yaml:"path"`
				Target []string `yaml:"target"`
			} `yaml:"data"`
		}
		if err := yaml.Unmarshal(b, &doc); err != nil || doc.Data.Path != s.Path || len(doc.Data.Target) != 1 || doc.Data.Target[0] != c.target {
			t.Errorf("run config for %q: %+v, %v\n%s", c.target, doc.Data, err, b)
		}
		if sw, _ := os.ReadFile(filepath.Join(out, SweepFile)); !strings.HasPrefix(string(sw), "# Written by mgp compare") {
			t.Errorf("sweep file:\n%s", sw)
		}
	}
}
