package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestSweepCSVNeedsNoDataName checks that a sweep over a user's CSV config
// without data.name runs when the sweep lists the file's base name, and
// that another name is refused (exit 2) saying which name to list.
func TestSweepCSVNeedsNoDataName(t *testing.T) {
	dir := t.TempDir()
	var b strings.Builder
	b.WriteString("x,y\n")
	for i := range 60 {
		x := float64(i) / 10
		fmt.Fprintf(&b, "%g,%g\n", x, x*x/10-x)
	}
	writeFile(t, dir, "my-set.csv", b.String())
	writeFile(t, dir, "sgp.yaml", "model: {name: sgp, m: 5}\ndata: {kind: csv, path: my-set.csv, target: [y]}\ntrain: {iterations: 5, batch_size: 0}\neval: {samples: 20}\n")
	spec := func(name string) string {
		return writeFile(t, dir, name+".yaml", fmt.Sprintf("name: t\nout: %s\ndatasets: [%s]\nmodels: [sgp]\nseeds: [0]\nconfig: %s\n",
			filepath.Join(dir, "out"), name, filepath.Join(dir, "sgp.yaml")))
	}
	if _, _, err := run(t, "sweep", "-q", "-c", spec("my-set")); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(filepath.Join(dir, "out", "my-set", "sgp", "default", "s0", "result.json")); err != nil {
		t.Fatal(err)
	}
	_, _, err := run(t, "sweep", "-q", "-c", spec("other"))
	if exitCode(err) != 2 || !strings.Contains(err.Error(), `list "my-set" under datasets`) {
		t.Fatalf("a CSV sweep listing another name: err = %v", err)
	}
}
