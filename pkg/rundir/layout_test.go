package rundir

import (
	"os"
	"path/filepath"
	"testing"
)

func TestParseSeedName(t *testing.T) {
	for _, c := range []struct {
		name string
		seed uint64
		ok   bool
	}{
		{"s0", 0, true}, {"s12", 12, true}, {"s", 0, false}, {"s01", 0, false},
		{"s-1", 0, false}, {"seed1", 0, false}, {"1", 0, false}, {"s1x", 0, false},
	} {
		seed, ok := ParseSeedName(c.name)
		if seed != c.seed || ok != c.ok {
			t.Errorf("ParseSeedName(%q) = %d, %v; want %d, %v", c.name, seed, ok, c.seed, c.ok)
		}
	}
	if got := Path("out", "boston", "sgp", "paper", 3); got != filepath.Join("out", "boston", "sgp", "paper", "s3") {
		t.Errorf("Path = %s", got)
	}
}

func TestSeedDirsOrderAndFilter(t *testing.T) {
	dir := t.TempDir()
	for _, n := range []string{"s10", "s2", "s1", "notes", "s03"} {
		if err := os.Mkdir(filepath.Join(dir, n), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	if err := os.WriteFile(filepath.Join(dir, "s5"), nil, 0o644); err != nil { // a file, not a run
		t.Fatal(err)
	}
	got, err := SeedDirs(dir, nil)
	if err != nil {
		t.Fatal(err)
	}
	var seeds []uint64
	for _, s := range got {
		seeds = append(seeds, s.Seed)
	}
	if len(seeds) != 3 || seeds[0] != 1 || seeds[1] != 2 || seeds[2] != 10 {
		t.Fatalf("seeds %v, want [1 2 10]", seeds)
	}
	got, _ = SeedDirs(dir, []uint64{2, 7})
	if len(got) != 1 || got[0].Seed != 2 || got[0].Path != filepath.Join(dir, "s2") {
		t.Fatalf("filtered %v", got)
	}
	if got, err := SeedDirs(filepath.Join(dir, "missing"), nil); err != nil || got != nil {
		t.Fatalf("missing dir: %v %v", got, err)
	}
}
