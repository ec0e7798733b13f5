package paper

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/mgpteam/mgp/pkg/rundir"
)

// TestFigure8DefaultSeed: without a seed, Figure8 draws the lowest seed
// whose four runs are finished with a checkpoint or a points file, else the
// seed with the most such runs; a finished run with neither is not counted.
func TestFigure8DefaultSeed(t *testing.T) {
	tree := t.TempDir()
	put := func(seed int, model string, files ...string) {
		dir := filepath.Join(tree, "nytaxi", model, "paper", fmt.Sprintf("s%d", seed))
		for _, f := range files {
			if err := os.MkdirAll(dir, 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, f), []byte("x"), 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	dirsOf := func(seed uint64) []string {
		var d []string
		for _, m := range figure8Models {
			d = append(d, filepath.Join(tree, "nytaxi", m, "paper", fmt.Sprintf("s%d", seed)))
		}
		return d
	}
	for _, m := range figure8Models {
		put(0, m, rundir.ResultFile) // finished, nothing to draw from
		put(2, m, rundir.ResultFile, Figure8PointsFile)
	}
	put(0, "smgp", rundir.CheckpointFile)
	put(1, "sgp", rundir.ResultFile, rundir.CheckpointFile)
	put(1, "shgp", rundir.ResultFile, Figure8PointsFile)
	seeds := treeSeeds(tree, "nytaxi", "paper")
	slices.Sort(seeds)
	if !slices.Equal(seeds, []uint64{0, 1, 2}) {
		t.Fatalf("seeds in the tree: %v", seeds)
	}
	if got := drawableSeed(seeds, dirsOf); got != 2 {
		t.Errorf("seed %d, want 2 (all four drawable)", got)
	}
	if got := drawableSeed([]uint64{1, 0}, dirsOf); got != 1 {
		t.Errorf("seed %d, want 1 (two drawable against one)", got)
	}
	if got := drawableSeed(nil, dirsOf); got != 0 {
		t.Errorf("seed %d with no seeds, want 0", got)
	}
}
