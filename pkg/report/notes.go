package report

import (
	"fmt"
	"strings"
)

// Notes returns one line per thing Summarise kept apart instead of pooling,
// each starting "kept apart: ": groups whose runs came under several
// protocols (each protocol has its own row) and runs repeating the seeds of
// an earlier run of their row (only the first file in path order is
// pooled), and runs made under another config than their row's.
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
	return append(out, configNotes(s.Configs)...)
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

// modelVariant names a model and its variant: MODEL [beta=0.1].
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
