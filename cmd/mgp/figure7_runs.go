package main

import (
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"github.com/mgpteam/mgp/pkg/results"
)

// figure7Runs returns the test NLL (original scale) of the finished runs
// of model's variant v in p's tree, in increasing seed order (only p.seeds
// when set), and the number of seed directories without a result.json. A
// run whose NLL is not finite, or whose result names another model or data
// set than its directory, is an error.
func figure7Runs(p *figure7Plan, model, v string) (nll []float64, unfinished int, err error) {
	dir := filepath.Join(p.tree, p.dataset, model, v)
	dirs, err := seedDirs(dir, p.seeds)
	if err != nil {
		return nil, 0, err
	}
	for _, sd := range dirs {
		file := filepath.Join(dir, sd, "result.json")
		r, err := results.ReadResult(file)
		if errors.Is(err, fs.ErrNotExist) {
			unfinished++
			continue
		}
		if err != nil {
			return nil, 0, err
		}
		if r.Dataset != p.dataset || r.Model != model {
			return nil, 0, fmt.Errorf("%s: a run of %s on %s, not of %s on %s as its directory says", file, r.Model, r.Dataset, model, p.dataset)
		}
		if math.IsNaN(r.Metrics.NLL) || math.IsInf(r.Metrics.NLL, 0) {
			return nil, 0, fmt.Errorf("%s: test NLL %v is not finite", file, r.Metrics.NLL)
		}
		nll = append(nll, r.Metrics.NLL)
	}
	return nll, unfinished, nil
}

// seedDirs returns the names of dir's seed directories (s<seed>) in
// increasing seed order, only those of seeds when it is not nil; a missing
// dir has none.
func seedDirs(dir string, seeds []uint64) ([]string, error) {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	type seedDir struct {
		seed uint64
		name string
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
	out := make([]string, len(found))
	for i, f := range found {
		out[i] = f.name
	}
	return out, nil
}
