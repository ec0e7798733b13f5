package report

import (
	"fmt"
	"slices"
	"strings"

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
		return compareCellKeys(cellKey{a.Model, a.Variant, a.Dataset, Protocol{}}, cellKey{b.Model, b.Variant, b.Dataset, Protocol{}})
	})
	return out
}

// Notes returns one line per thing Summarise kept apart instead of pooling,
// each starting "kept apart: ": groups whose runs came under several
// protocols (each protocol has its own row) and runs repeating the seeds of
// an earlier run of their row (only the first file in path order is pooled).
func (s Summary) Notes() []string {
	var out []string
	for _, p := range s.Protocols {
		ps := make([]Protocol, len(p.Rows))
		for i, r := range p.Rows {
			ps[i] = r.Protocol
		}
		parts := varyingParts(ps)
		var groups []string
		for _, r := range p.Rows {
			groups = append(groups, fmt.Sprintf("%d %s %s", r.N, plural(r.N, "run", "runs"), r.Protocol.text(parts, proseWords)))
		}
		out = append(out, fmt.Sprintf("kept apart: %s on %s: %s",
			modelVariant(p.Model, p.Variant), p.Dataset, strings.Join(groups, ", ")))
	}
	for _, d := range s.Duplicates {
		n := len(d.LeftApart)
		out = append(out, fmt.Sprintf("kept apart: %d %s of split %d / model seed %d for %s on %s (%s): pooled only %s; not pooled: %s",
			n, plural(n, "repeat", "repeats"), d.SplitSeed, d.ModelSeed, modelVariant(d.Model, d.Variant), d.Dataset,
			d.Protocol.text(allParts(d.Protocol), shortWords), pathOrUnknown(d.Kept), joinRepeats(d.LeftApart)))
	}
	return out
}

// joinRepeats lists left-out runs, each with the config keys that set it
// apart from the pooled run: "a/result.json (config differs in model.ard)".
func joinRepeats(rs []Repeat) string {
	const maxKeys = 4
	s := make([]string, len(rs))
	for i, r := range rs {
		s[i] = pathOrUnknown(r.Path)
		switch keys := r.ConfigDiff; {
		case len(keys) == 0:
			s[i] += " (same config)"
		case len(keys) > maxKeys:
			s[i] += fmt.Sprintf(" (config differs in %s and %d more)", strings.Join(keys[:maxKeys], ", "), len(keys)-maxKeys)
		default:
			s[i] += " (config differs in " + strings.Join(keys, ", ") + ")"
		}
	}
	return strings.Join(s, ", ")
}

// modelVariant names a model and its variant: "slgp [beta=0.1]".
func modelVariant(model, variant string) string {
	if variant == "" {
		return model
	}
	return model + " [" + variant + "]"
}

// pathOrUnknown names a result file, or says that it has no path.
func pathOrUnknown(p string) string {
	if p == "" {
		return "(a result given without a path)"
	}
	return p
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
