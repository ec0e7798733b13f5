package sweep

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mgpteam/mgp/pkg/config"
	"github.com/mgpteam/mgp/pkg/rundir"
)

// DefaultVariant names the single variant of a sweep that lists none.
const DefaultVariant = "default"

// Run is one (data set, model, variant, seed) of a sweep: the config file
// and overrides that make it, and its directory.
type Run struct {
	Dataset, Model, Variant string
	// Seed is both the split seed and the model seed (as mgp train --seed).
	Seed uint64
	// Config is the run-config file.
	Config string
	// Sets are the overrides, applied in order: the sweep's set, the
	// variant's, its data set's, then the seeds.
	Sets []config.Override
	// Dir is the run's directory in the results tree.
	Dir string
	// Want, when set, is the config and data the run's files must match to
	// count as done or to resume (see RunStatus); nil accepts any finished
	// result.
	Want *Want
}

// ID names the run inside the sweep: dataset/model/variant/s<seed>.
func (r Run) ID() string {
	return fmt.Sprintf("%s/%s/%s/s%d", r.Dataset, r.Model, r.Variant, r.Seed)
}

// Plan is a sweep expanded into runs, in the canonical order (seed, then
// data set, model and variant in the file's order), so that an interrupted
// sweep has every model on the same first splits.
type Plan struct {
	Runs []Run
	// Unavailable counts the runs left out per model that this build does
	// not have (they join when the model is registered).
	Unavailable map[string]int
}

// Expand turns a spec into runs; available says whether a model exists.
func Expand(s *Spec, available func(model string) bool) (*Plan, error) {
	p := &Plan{Unavailable: map[string]int{}}
	variants := s.Variants
	if len(variants) == 0 {
		variants = []Variant{{Name: DefaultVariant}}
	}
	for _, seed := range s.Seeds {
		for _, d := range s.Datasets {
			for _, m := range s.Models {
				for _, v := range variants {
					if len(v.Models) > 0 && !slices.Contains(v.Models, m) {
						continue
					}
					if !available(m) {
						p.Unavailable[m]++
						continue
					}
					sets := slices.Concat(s.Set, v.Set, v.PerDataset[d])
					from := fmt.Sprintf("seed %d of %s", seed, s.path)
					sets = append(sets, config.Uint("data.split_seed", seed, from), config.Uint("train.seed", seed, from))
					r := Run{
						Dataset: d, Model: m, Variant: v.Name, Seed: seed,
						Config: strings.NewReplacer("{dataset}", d, "{model}", m).Replace(s.Config),
						Sets:   sets,
					}
					r.Dir = rundir.Path(s.Out, d, m, v.Name, seed)
					p.Runs = append(p.Runs, r)
				}
			}
		}
	}
	return p, nil
}

// Shard returns shard i (0-based) of n of runs: every n-th run starting at
// i, so that shards 0..n-1 cover every run exactly once.
func Shard(runs []Run, i, n int) ([]Run, error) {
	if n < 1 || i < 0 || i >= n {
		return nil, fmt.Errorf("shard %d/%d: want 0 <= i < n", i, n)
	}
	var out []Run
	for k := i; k < len(runs); k += n {
		out = append(out, runs[k])
	}
	return out, nil
}
