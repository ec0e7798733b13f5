package report

import (
	"fmt"
	"strings"
)

// protocolParts says which parts of a protocol a text names.
type protocolParts struct{ iterations, samples, split, validation bool }

// allParts names every part of p, the held-out fraction only when p has one.
func allParts(p Protocol) protocolParts {
	return protocolParts{iterations: true, samples: true, split: true, validation: p.Validation > 0}
}

// varyingParts returns the parts that are not the same in all of ps.
func varyingParts(ps []Protocol) protocolParts {
	var v protocolParts
	for _, p := range ps[1:] {
		v.iterations = v.iterations || p.Iterations != ps[0].Iterations
		v.samples = v.samples || p.Samples != ps[0].Samples
		v.split = v.split || p.Split != ps[0].Split
		v.validation = v.validation || p.Validation != ps[0].Validation
	}
	return v
}

// protocolWords is the vocabulary of one way of writing a protocol: the
// format of each part and what joins them.
type protocolWords struct {
	iterations, samples string                 // formats of the two counts
	split               func(SplitKind) string // the kind of split
	validation          func(float64) string   // the held-out fraction
	sep                 string
}

// The three vocabularies: the full sentence of a table's protocol line
// ("20000 iterations, 200 samples per test point, random split"), the
// short form of row labels and notes ("2000 its, fixed split") and prose
// ("at 2000 iterations on fixed splits").
var (
	fullWords = protocolWords{
		iterations: "%d iterations", samples: "%d samples per test point", split: SplitKind.phrase,
		validation: func(v float64) string { return fmt.Sprintf("best of a %g%% validation hold-out", 100*v) },
		sep:        ", ",
	}
	shortWords = protocolWords{
		iterations: "%d its", samples: "%d samples", split: SplitKind.phrase,
		validation: validationPhrase, sep: ", ",
	}
	proseWords = protocolWords{
		iterations: "at %d iterations", samples: "with %d samples", split: splitProse,
		validation: validationPhrase, sep: " ",
	}
)

// text writes the given parts of p in the words of w: the one renderer of
// a protocol.
func (p Protocol) text(parts protocolParts, w protocolWords) string {
	var s []string
	if parts.iterations {
		s = append(s, fmt.Sprintf(w.iterations, p.Iterations))
	}
	if parts.samples {
		s = append(s, fmt.Sprintf(w.samples, p.Samples))
	}
	if parts.split {
		s = append(s, w.split(p.Split))
	}
	if parts.validation {
		s = append(s, w.validation(p.Validation))
	}
	return strings.Join(s, w.sep)
}

// String describes p in full, e.g. "20000 iterations, 200 samples per test
// point, random split".
func (p Protocol) String() string { return p.text(allParts(p), fullWords) }

// phrase names the split kind: "random split", "toy data".
func (k SplitKind) phrase() string {
	switch k {
	case SplitToy:
		return "toy data"
	case SplitUnknown:
		return "unknown split"
	}
	return string(k) + " split"
}

// splitProse names the split kind in prose: "on random splits", "on toy data".
func splitProse(k SplitKind) string {
	if k == SplitToy {
		return "on toy data"
	}
	return "on " + string(k) + " splits"
}

// validationPhrase names the held-out selection: "selected on 10% held out"
// or "last iteration".
func validationPhrase(v float64) string {
	if v > 0 {
		return fmt.Sprintf("selected on %g%% held out", 100*v)
	}
	return "last iteration"
}
