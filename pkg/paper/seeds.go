package paper

import (
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"

	"github.com/mgpteam/mgp/pkg/results"
	"github.com/mgpteam/mgp/pkg/rundir"
)

// eachSeedResult calls fn with the result.json of every finished seed
// directory of the variant directory dir (only those of seeds when it is
// not nil), in increasing seed order, and returns the number of seed
// directories without a result.json. A result of another data set or
// model than the tree says (ds, model) is an error, and so is fn's.
func eachSeedResult(dir string, seeds []uint64, ds, model string, fn func(seed uint64, file string, r *results.Result) error) (unfinished int, err error) {
	dirs, err := rundir.SeedDirs(dir, seeds)
	if err != nil {
		return 0, err
	}
	for _, sd := range dirs {
		file := filepath.Join(sd.Path, rundir.ResultFile)
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
		if err := fn(sd.Seed, file, r); err != nil {
			return 0, err
		}
	}
	return unfinished, nil
}
