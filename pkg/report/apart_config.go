package report

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/mgpteam/mgp/pkg/results"
)

// ConfigSplit is a table cell whose runs were made under more than one
// config (configKey: another lr, another m, ...): only the runs of one
// config are pooled, the others are left out of the table and listed.
type ConfigSplit struct {
	// Model, Variant and Dataset name the cell; Protocol is its protocol.
	Model, Variant, Dataset string
	Protocol                Protocol
	// Pooled is the number of runs pooled: those of the config most runs
	// share (on a tie, the config of the first run in path order).
	Pooled int
	// Apart are the runs left out, one group per other config.
	Apart []ConfigGroup
}

// ConfigGroup is the runs of a cell made under one config that is not
// the pooled one.
type ConfigGroup struct {
	// Changes names the keys that differ from the pooled runs' config,
	// with both values ("train.lr 0.01 → 0.03").
	Changes string
	// Paths are the runs' result files, in path order.
	Paths []string
}

// splitConfigs keeps the runs of one cell that share the config most of
// them share (configKey; on a tie, that of the first run in path order)
// and reports the others. A cell of one config comes back whole, with a
// nil split.
func splitConfigs(k cellKey, runs []results.ResultFile) ([]results.ResultFile, *ConfigSplit) {
	runs = slices.Clone(runs)
	slices.SortStableFunc(runs, func(a, b results.ResultFile) int { return comparePaths(a.Path, b.Path) })
	var order []string
	byKey := map[string][]results.ResultFile{}
	for _, f := range runs {
		c := configKey(f.Result)
		if _, ok := byKey[c]; !ok {
			order = append(order, c)
		}
		byKey[c] = append(byKey[c], f)
	}
	if len(order) < 2 {
		return runs, nil
	}
	pooled := order[0]
	for _, c := range order[1:] {
		if len(byKey[c]) > len(byKey[pooled]) {
			pooled = c
		}
	}
	s := &ConfigSplit{Model: k.model, Variant: k.variant, Dataset: k.dataset, Protocol: k.protocol, Pooled: len(byKey[pooled])}
	for _, c := range order {
		if c == pooled {
			continue
		}
		g := ConfigGroup{Changes: configChanges(pooled, c)}
		for _, f := range byKey[c] {
			g.Paths = append(g.Paths, pathOrUnknown(f.Path))
		}
		s.Apart = append(s.Apart, g)
	}
	return byKey[pooled], s
}

// configNotes are the "kept apart" lines of the config splits.
func configNotes(splits []ConfigSplit) []string {
	var out []string
	for _, s := range splits {
		var groups []string
		for _, g := range s.Apart {
			n := len(g.Paths)
			groups = append(groups, fmt.Sprintf("%d %s under another config (%s): %s", n, plural(n, "run", "runs"), g.Changes, strings.Join(g.Paths, ", ")))
		}
		out = append(out, fmt.Sprintf("kept apart: %s on %s (%s): runs made under different configs are never pooled; pooled %d %s of one config; not pooled: %s",
			modelVariant(s.Model, s.Variant), s.Dataset, s.Protocol.text(allParts(s.Protocol), shortWords),
			s.Pooled, plural(s.Pooled, "run", "runs"), strings.Join(groups, "; ")))
	}
	return out
}

// RunCellNotes returns a "kept apart" line for every (data set, model,
// variant, protocol) whose runs RunCells put in several cells because they
// were made under different configs, naming the keys that differ from the
// first cell's config.
func RunCellNotes(cells []RunCell) []string {
	type group struct{ model, variant, dataset string }
	first := map[group]RunCell{}
	var out []string
	for _, c := range cells {
		g := group{c.Model, c.Variant, c.Dataset}
		f, ok := first[g]
		if !ok {
			first[g] = c
			continue
		}
		if f.Config == c.Config || f.Protocol != c.Protocol {
			continue
		}
		out = append(out, fmt.Sprintf("kept apart: %s on %s (%s): %d %s under %s, %d under %s (%s)",
			modelVariant(c.Model, c.Variant), c.Dataset, c.Protocol.text(allParts(c.Protocol), shortWords),
			f.N, plural(f.N, "run", "runs"), configLabel(f.Config), c.N, configLabel(c.Config), configChanges(f.Config, c.Config)))
	}
	return out
}

// checkColumnConfigs refuses a --compare column whose runs on one data
// set were made under different configs (configKey): they are never
// pooled into one mean.
func checkColumnConfigs(cols []CompareColumn, sets []map[string]compareSet) error {
	for i, c := range cols {
		for ds, set := range sets[i] {
			var first *RunRow
			for _, seed := range slices.Sorted(maps.Keys(set)) {
				r := set[seed]
				if first == nil {
					first = &r
					continue
				}
				if r.Config != first.Config {
					return fmt.Errorf("column %s on %s has runs of different configs, which are never pooled: %s and %s (%s); keep them apart with a variant of their own, or give fewer directories",
						c, ds, first.Path, r.Path, configChanges(first.Config, r.Config))
				}
			}
		}
	}
	return nil
}
