package verify

import (
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/mgpteam/mgp/pkg/results"
	"github.com/mgpteam/mgp/pkg/rundir"
	"github.com/mgpteam/mgp/pkg/sweep"
)

// Committed is one committed run found for verification.
type Committed struct {
	// Path is its result.json, as found under the path given.
	Path string
	// Result is the file's content (nil when it could not be read: Err).
	Result *results.Result
	// Err says why the file could not be read.
	Err error
}

// Dir is the run's directory.
func (c Committed) Dir() string { return filepath.Dir(c.Path) }

// cell is the run's cell: the directory of its seeds (<tree>/<data
// set>/<model>/<variant>), so that runs of different trees stay apart.
func (c Committed) cell() string { return filepath.Dir(c.Dir()) }

// age is the run's recorded date (the zero time when it has none: such a
// run counts as the newest).
func (c Committed) age() time.Time {
	if c.Result == nil {
		return time.Time{}
	}
	t, err := time.Parse(time.RFC3339, c.Result.Date)
	if err != nil {
		return time.Time{}
	}
	return t
}

// collect finds the committed runs under paths: a result.json file, a run
// directory holding one, or a directory walked for every result.json
// under it (in lexical order). A path that does not exist, or names
// neither, is an error; a result.json that cannot be read is kept with
// its error (reported as not re-runnable). A run named twice counts once.
func collect(paths []string) ([]Committed, error) {
	var out []Committed
	seen := map[string]bool{}
	add := func(p string) {
		key, err := filepath.Abs(p)
		if err != nil {
			key = p
		}
		if seen[key] {
			return
		}
		seen[key] = true
		r, err := results.ReadResult(p)
		out = append(out, Committed{Path: p, Result: r, Err: err})
	}
	for _, p := range paths {
		fi, err := os.Stat(p)
		switch {
		case err != nil:
			return nil, fmt.Errorf("%s: %w", p, err)
		case !fi.IsDir() && filepath.Base(p) == rundir.ResultFile:
			add(p)
			continue
		case !fi.IsDir():
			return nil, fmt.Errorf("%s is neither a run's %s nor a directory", p, rundir.ResultFile)
		}
		n := len(out)
		err = filepath.WalkDir(p, func(path string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if !d.IsDir() && d.Name() == rundir.ResultFile {
				add(path)
			}
			return nil
		})
		if err != nil {
			return nil, err
		}
		if len(out) == n {
			return nil, fmt.Errorf("%s holds no %s", p, rundir.ResultFile)
		}
	}
	return out, nil
}

// onlyHeadline keeps the runs whose (model, variant) is a headline row of
// the sweep file at path.
func onlyHeadline(runs []Committed, path string) ([]Committed, error) {
	spec, err := sweep.ReadSpec(path)
	if err != nil {
		return nil, err
	}
	if len(spec.Headline) == 0 {
		return nil, fmt.Errorf("%s declares no headline rows", path)
	}
	var out []Committed
	for _, c := range runs {
		if c.Result == nil {
			continue
		}
		for _, h := range spec.Headline {
			if h.Model == c.Result.Model && h.Variant == variantOf(c.Result) {
				out = append(out, c)
				break
			}
		}
	}
	if len(out) == 0 {
		return nil, errors.New("no run found is of a headline row of " + path)
	}
	return out, nil
}

// variantOf is the run's variant as a sweep names it.
func variantOf(r *results.Result) string {
	if r.Variant == "" {
		return sweep.DefaultVariant
	}
	return r.Variant
}

// perCell keeps k runs of each cell, those with the oldest recorded date
// first (ties: by path), cells in the order first found; k <= 0 keeps all.
// The runs come back grouped by their rank in their cell: every cell's
// first choice, then every cell's second, and so on, so that a budget
// cuts the later choices first.
func perCell(runs []Committed, k int) []Committed {
	var cells []string
	by := map[string][]Committed{}
	for _, c := range runs {
		if _, ok := by[c.cell()]; !ok {
			cells = append(cells, c.cell())
		}
		by[c.cell()] = append(by[c.cell()], c)
	}
	var out []Committed
	for rank := 0; ; rank++ {
		added := false
		for _, cell := range cells {
			cs := by[cell]
			if rank == 0 {
				slices.SortStableFunc(cs, func(a, b Committed) int {
					ta, tb := a.age(), b.age()
					switch {
					case ta.IsZero() != tb.IsZero():
						return cmp.Compare(boolInt(ta.IsZero()), boolInt(tb.IsZero()))
					case !ta.Equal(tb):
						return ta.Compare(tb)
					}
					return cmp.Compare(a.Path, b.Path)
				})
			}
			if rank < len(cs) && (k <= 0 || rank < k) {
				out = append(out, cs[rank])
				added = true
			}
		}
		if !added {
			return out
		}
	}
}

// boolInt is 1 for true.
func boolInt(b bool) int {
	if b {
		return 1
	}
	return 0
}
