package sweep

import (
	"fmt"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
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
	// Sets are the key=value overrides, applied in order.
	Sets []string
	// Dir is the run's directory in the results tree.
	Dir string
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
	base, err := setList("set", s.Set)
	if err != nil {
		return nil, err
	}
	for _, seed := range s.Seeds {
		for _, d := range s.Datasets {
			for _, m := range s.Models {
				for vi, v := range variants {
					if len(v.Models) > 0 && !contains(v.Models, m) {
						continue
					}
					if !available(m) {
						p.Unavailable[m]++
						continue
					}
					vs, err := setList(fmt.Sprintf("variants[%d].set", vi), v.Set)
					if err != nil {
						return nil, err
					}
					ds, err := setList(fmt.Sprintf("variants[%d].per_dataset.%s", vi, d), v.PerDataset[d])
					if err != nil {
						return nil, err
					}
					sets := append(append(append([]string{}, base...), vs...), ds...)
					sets = append(sets, fmt.Sprintf("data.split_seed=%d", seed), fmt.Sprintf("train.seed=%d", seed))
					r := Run{
						Dataset: d, Model: m, Variant: v.Name, Seed: seed,
						Config: strings.NewReplacer("{dataset}", d, "{model}", m).Replace(s.Config),
						Sets:   sets,
					}
					r.Dir = filepath.Join(s.Out, d, m, v.Name, fmt.Sprintf("s%d", seed))
					p.Runs = append(p.Runs, r)
				}
			}
		}
	}
	return p, nil
}

// setList renders overrides as sorted key=value strings, refusing values
// that cannot be written on one line (maps).
func setList(where string, m map[string]any) ([]string, error) {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	out := make([]string, 0, len(keys))
	for _, k := range keys {
		v, err := formatValue(m[k])
		if err != nil {
			return nil, fmt.Errorf("%s.%s: %v", where, k, err)
		}
		out = append(out, k+"="+v)
	}
	return out, nil
}

// formatValue writes a YAML scalar or list of scalars as an override value.
func formatValue(v any) (string, error) {
	switch x := v.(type) {
	case nil:
		return "", fmt.Errorf("no value")
	case string:
		return x, nil
	case bool:
		return strconv.FormatBool(x), nil
	case int:
		return strconv.Itoa(x), nil
	case int64:
		return strconv.FormatInt(x, 10), nil
	case uint64:
		return strconv.FormatUint(x, 10), nil
	case float64:
		return strconv.FormatFloat(x, 'g', -1, 64), nil
	case []any:
		parts := make([]string, len(x))
		for i, e := range x {
			s, err := formatValue(e)
			if err != nil {
				return "", err
			}
			parts[i] = s
		}
		return "[" + strings.Join(parts, ",") + "]", nil
	}
	return "", fmt.Errorf("value %v: use a number, a string, true/false or a list of those", v)
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
