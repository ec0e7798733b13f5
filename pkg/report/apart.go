package report

import (
	"slices"

	"github.com/mgpteam/mgp/pkg/results"
)

// ProtocolSplit is a (model, variant, data set) whose runs came under more
// than one protocol.
type ProtocolSplit struct {
	// Model, Variant and Dataset name the group.
	Model, Variant, Dataset string
	// Rows are the protocols and how many runs each row pools, in row order.
	Rows []ProtocolCount
}

// ProtocolCount is one protocol of a ProtocolSplit and its number of runs.
type ProtocolCount struct {
	// Protocol is the row's protocol.
	Protocol Protocol
	// N is the number of runs the row pools.
	N int
}

// Duplicate is a set of runs of one row that share a (split, model seed):
// repeats, not independent runs, so only the first is pooled.
type Duplicate struct {
	// Model, Variant and Dataset name the row.
	Model, Variant, Dataset string
	// Protocol is the row's protocol.
	Protocol Protocol
	// SplitSeed (the split index for a fixed split) and ModelSeed are the
	// shared seeds.
	SplitSeed, ModelSeed uint64
	// Kept is the file that was pooled: the first in path order.
	Kept string
	// LeftApart are the other runs with the same seeds, in path order.
	LeftApart []Repeat
}

// Repeat is a run left out of its row because an earlier run has its seeds.
type Repeat struct {
	// Path is its result file.
	Path string
	// ConfigDiff lists the config keys (dotted, e.g. "model.ard") whose
	// values differ from the pooled run's; empty for a plain repeat.
	ConfigDiff []string
}

// dropRepeats orders the runs of one row by path and keeps the first run of
// each (split, model seed), reporting the others.
func dropRepeats(k cellKey, runs []results.ResultFile) ([]results.ResultFile, []Duplicate) {
	runs = slices.Clone(runs)
	slices.SortStableFunc(runs, func(a, b results.ResultFile) int { return comparePaths(a.Path, b.Path) })
	type seeds struct{ split, model uint64 }
	first := map[seeds]int{}
	var kept []results.ResultFile
	var dups []Duplicate
	for _, f := range runs {
		s := seeds{splitID(f.Result, k.protocol.Split), f.Result.ModelSeed}
		i, seen := first[s]
		if !seen {
			first[s] = len(dups)
			dups = append(dups, Duplicate{
				Model: k.model, Variant: k.variant, Dataset: k.dataset, Protocol: k.protocol,
				SplitSeed: s.split, ModelSeed: s.model, Kept: f.Path,
			})
			kept = append(kept, f)
			continue
		}
		dups[i].LeftApart = append(dups[i].LeftApart, Repeat{
			Path: f.Path, ConfigDiff: changedKeys(kept[i].Result.Config, f.Result.Config),
		})
	}
	dups = slices.DeleteFunc(dups, func(d Duplicate) bool { return len(d.LeftApart) == 0 })
	return kept, dups
}

// protocolSplits lists the (model, variant, data set) groups of rows (in
// row order) that span more than one protocol.
func protocolSplits(rows []Row) []ProtocolSplit {
	type key struct{ model, variant, dataset string }
	idx := map[key]int{}
	var out []ProtocolSplit
	for _, r := range rows {
		k := key{r.Model, r.Variant, r.Dataset}
		i, ok := idx[k]
		if !ok {
			i = len(out)
			idx[k] = i
			out = append(out, ProtocolSplit{Model: r.Model, Variant: r.Variant, Dataset: r.Dataset})
		}
		out[i].Rows = append(out[i].Rows, ProtocolCount{Protocol: r.Protocol, N: r.N})
	}
	out = slices.DeleteFunc(out, func(p ProtocolSplit) bool { return len(p.Rows) < 2 })
	slices.SortStableFunc(out, func(a, b ProtocolSplit) int {
		return compareCellKeys(cellKey{a.Model, a.Variant, a.Dataset, Protocol{}, ""}, cellKey{b.Model, b.Variant, b.Dataset, Protocol{}, ""})
	})
	return out
}

// changedKeys lists the dotted config keys that differ between a pooled run
// and a repeat of its seeds.
func changedKeys(a, b map[string]any) []string {
	var keys []string
	for _, c := range results.DiffConfigs(a, b) {
		keys = append(keys, c.Key)
	}
	return keys
}
