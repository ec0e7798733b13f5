package rundir

import (
	"cmp"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
)

// SeedName is the directory name of seed's run inside a variant: s<seed>.
func SeedName(seed uint64) string { return "s" + strconv.FormatUint(seed, 10) }

// ParseSeedName returns the seed a directory name s<seed> stands for, and
// false for any other name (s, s-1, s01x, seed1). A leading zero is
// refused too, so that each seed has one name.
func ParseSeedName(name string) (uint64, bool) {
	s, ok := strings.CutPrefix(name, "s")
	if !ok || s == "" {
		return 0, false
	}
	seed, err := strconv.ParseUint(s, 10, 64)
	if err != nil || SeedName(seed) != name {
		return 0, false
	}
	return seed, true
}

// VariantDir is the directory of a variant's runs in the tree out:
// out/dataset/model/variant.
func VariantDir(out, dataset, model, variant string) string {
	return filepath.Join(out, dataset, model, variant)
}

// Path is the run directory of one run in the tree out:
// out/dataset/model/variant/s<seed>.
func Path(out, dataset, model, variant string, seed uint64) string {
	return filepath.Join(VariantDir(out, dataset, model, variant), SeedName(seed))
}

// Pattern is Path with placeholders, for messages that say where runs
// were looked for.
func Pattern(out string) string {
	return filepath.Join(out, "<dataset>", "<model>", "<variant>", "s<seed>")
}

// SeedDir is one seed directory of a variant.
type SeedDir struct {
	// Seed is the run's seed.
	Seed uint64
	// Path is the run directory.
	Path string
}

// SeedDirs returns the seed directories (s<seed>) of the variant directory
// dir in increasing seed order, only those of seeds when seeds is not nil.
// A missing dir has none; other entries of dir are passed over.
func SeedDirs(dir string, seeds []uint64) ([]SeedDir, error) {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var found []SeedDir
	for _, e := range entries {
		seed, ok := ParseSeedName(e.Name())
		if !e.IsDir() || !ok || (seeds != nil && !slices.Contains(seeds, seed)) {
			continue
		}
		found = append(found, SeedDir{Seed: seed, Path: filepath.Join(dir, e.Name())})
	}
	slices.SortFunc(found, func(a, b SeedDir) int { return cmp.Compare(a.Seed, b.Seed) })
	return found, nil
}

// Variants returns the names of the variant directories of model on
// dataset in the tree out, in directory order (sorted by name); a missing
// directory has none.
func Variants(out, dataset, model string) ([]string, error) {
	entries, err := os.ReadDir(filepath.Join(out, dataset, model))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var names []string
	for _, e := range entries {
		if e.IsDir() {
			names = append(names, e.Name())
		}
	}
	return names, nil
}
