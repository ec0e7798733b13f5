package sweep

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/mgpteam/mgp/pkg/config"
)

// TestWriteSpecReadsBack: a sweep built in code and written by WriteSpec
// reads back (ReadSpec) to the same runs, its seeds as a range or a list;
// a spec that ReadSpec would refuse is refused before anything is written.
func TestWriteSpecReadsBack(t *testing.T) {
	dir := t.TempDir()
	for _, seeds := range []Seeds{{0, 1, 2}, {3, 1}, {7}} {
		path := filepath.Join(dir, "sweep.yaml")
		s := &Spec{Name: "x", Description: "a: b", Out: filepath.Join(dir, "runs"), Datasets: []string{"d"},
			Models: []string{"sgp", "shgp"}, Seeds: seeds, Config: "c/{model}.yaml",
			Variants: []Variant{{Name: "se"}, {Name: "matern52", Models: []string{"sgp"}, Set: Overrides{config.Text("model.kernel", "matern52", path)}}}}
		if err := WriteSpec(path, "# head\n", s); err != nil {
			t.Fatal(err)
		}
		b, _ := os.ReadFile(path)
		if !strings.HasPrefix(string(b), "# head\nname: x\n") || s.Path() != path {
			t.Fatalf("wrote (path %q):\n%s", s.Path(), b)
		}
		back, err := ReadSpec(path)
		if err != nil {
			t.Fatalf("%v\n%s", err, b)
		}
		p1, _ := Expand(s, func(string) bool { return true })
		p2, _ := Expand(back, func(string) bool { return true })
		if len(p1.Runs) != len(p2.Runs) || len(p1.Runs) == 0 {
			t.Fatalf("%d runs written, %d read back", len(p1.Runs), len(p2.Runs))
		}
		for i := range p1.Runs {
			a, b := p1.Runs[i], p2.Runs[i]
			if a.ID() != b.ID() || a.Dir != b.Dir || a.Config != b.Config || len(a.Sets) != len(b.Sets) {
				t.Errorf("run %d: %+v, read back %+v", i, a, b)
			}
			for k := range a.Sets {
				if a.Sets[k].String() != b.Sets[k].String() {
					t.Errorf("run %s: override %s, read back %s", a.ID(), a.Sets[k], b.Sets[k])
				}
			}
		}
		if !reflect.DeepEqual(back.Seeds, seeds) {
			t.Errorf("seeds %v read back as %v", seeds, back.Seeds)
		}
	}
	bad := &Spec{Out: "o", Datasets: []string{"d"}, Models: []string{"sgp", "sgp"}, Seeds: Seeds{0}, Config: "c"}
	path := filepath.Join(dir, "bad.yaml")
	if err := WriteSpec(path, "", bad); err == nil || !strings.Contains(err.Error(), "appears twice") {
		t.Errorf("a model named twice: %v", err)
	}
	if _, err := os.Stat(path); !os.IsNotExist(err) {
		t.Errorf("a refused spec was written: %v", err)
	}
}
