package main

import (
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/mgpteam/mgp/pkg/results"
)

// seedDir is one seed directory (s<seed>) of a variant.
type seedDir struct {
	seed uint64
	name string
}

// seedDirs returns dir's seed directories (s<seed>) in increasing seed
// order, only those of seeds when it is not nil; a missing dir has none.
func seedDirs(dir string, seeds []uint64) ([]seedDir, error) {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	var found []seedDir
	for _, e := range entries {
		s, ok := strings.CutPrefix(e.Name(), "s")
		seed, perr := strconv.ParseUint(s, 10, 64)
		if !e.IsDir() || !ok || perr != nil || (seeds != nil && !slices.Contains(seeds, seed)) {
			continue
		}
		found = append(found, seedDir{seed, e.Name()})
	}
	slices.SortFunc(found, func(a, b seedDir) int { return cmp.Compare(a.seed, b.seed) })
	return found, nil
}

// eachSeedResult calls fn with the result.json of every finished seed
// directory of dir (only those of seeds when it is not nil), in increasing
// seed order, and returns the number of seed directories without a
// result.json. A result of another data set or model than the tree says
// (ds, model) is an error, and so is fn's.
func eachSeedResult(dir string, seeds []uint64, ds, model string, fn func(seed uint64, file string, r *results.Result) error) (unfinished int, err error) {
	dirs, err := seedDirs(dir, seeds)
	if err != nil {
		return 0, err
	}
	for _, sd := range dirs {
		file := filepath.Join(dir, sd.name, "result.json")
		r, err := results.ReadResult(file)
		if errors.Is(err, fs.ErrNotExist) {
			unfinished++
			continue
		}
		if err != nil {
			return 0, err
		}
		if r.Dataset != ds || r.Model != model {
			return 0, fmt.Errorf("%s: a run of %s on %s, not of %s on %s as its directory says", file, r.Model, r.Dataset, model, ds)
		}
		if err := fn(sd.seed, file, r); err != nil {
			return 0, err
		}
	}
	return unfinished, nil
}
