package report

import (
	"strconv"
	"strings"

	"github.com/mgpteam/mgp/pkg/results"
)

// SplitKind is how a run's train/test split was made.
type SplitKind string

// The split kinds a Result's Split description (or its config's
// data.split) can name.
const (
	// SplitRandom is a random split drawn from a split seed (Table 3's protocol).
	SplitRandom SplitKind = "random"
	// SplitFixed is one of the published fixed splits, chosen by index.
	SplitFixed SplitKind = "fixed"
	// SplitToy is a toy data set: training data and a held-out draw from seeds.
	SplitToy SplitKind = "toy"
	// SplitUnknown is a split the result does not describe in a known way.
	SplitUnknown SplitKind = "unknown"
)

// Protocol is what runs must share to be pooled into one table cell: runs
// trained for a different number of iterations, scored with a different
// number of predictive samples or on a different kind of split measure
// different things, so they are never averaged together.
type Protocol struct {
	// Iterations is the number of optimiser steps (Result.Iterations).
	Iterations int
	// Samples is the number of predictive samples per test point
	// (Result.Metrics.Samples).
	Samples int
	// Split is the kind of train/test split.
	Split SplitKind
	// Validation is the fraction of the training split held out for
	// model selection (Result.Selection; 0 = none).
	Validation float64
}

// ProtocolOf derives the protocol of r from fields every result file has:
// Iterations, Metrics.Samples, and the kind of split from the start of the
// Split description ("random seed", "fixed split", "toy:"), or else from
// Config["data"]["split"]; and the held-out fraction of a Selection.
func ProtocolOf(r *results.Result) Protocol {
	p := Protocol{Iterations: r.Iterations, Samples: r.Metrics.Samples, Split: splitKindOf(r)}
	if r.Selection != nil {
		p.Validation = r.Selection.Validation
	}
	return p
}

// splitKindOf reads the kind of split of r.
func splitKindOf(r *results.Result) SplitKind {
	s := strings.ToLower(strings.TrimSpace(r.Split))
	switch {
	case strings.HasPrefix(s, "random seed"):
		return SplitRandom
	case strings.HasPrefix(s, "fixed split"):
		return SplitFixed
	case strings.HasPrefix(s, "toy:"):
		return SplitToy
	}
	if v, ok := r.ConfigString("data", "split"); ok {
		switch k := SplitKind(strings.ToLower(strings.TrimSpace(v))); k {
		case SplitRandom, SplitFixed:
			return k
		}
	}
	return SplitUnknown
}

// splitID is the number that identifies r's split among runs of the same
// protocol: the split index for a fixed split ("fixed split 3, ..." or
// data.split_index), the split seed otherwise.
func splitID(r *results.Result, kind SplitKind) uint64 {
	if kind != SplitFixed {
		return r.SplitSeed
	}
	const prefix = "fixed split"
	if s := strings.TrimSpace(r.Split); len(s) > len(prefix) && strings.EqualFold(s[:len(prefix)], prefix) {
		rest := strings.TrimSpace(s[len(prefix):])
		if i := strings.IndexAny(rest, ", "); i >= 0 {
			rest = rest[:i]
		}
		if n, err := strconv.ParseUint(rest, 10, 64); err == nil {
			return n
		}
	}
	if data, ok := r.Config["data"].(map[string]any); ok {
		if f, ok := data["split_index"].(float64); ok && f >= 0 && f == float64(uint64(f)) {
			return uint64(f)
		}
	}
	return r.SplitSeed
}
