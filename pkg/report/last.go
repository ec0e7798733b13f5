package report

import "github.com/mgpteam/mgp/pkg/results"

// LastSuffix marks the variant of a selecting run scored at its last
// iteration (WithLastIterations).
const LastSuffix = "@last"

// WithLastIterations returns files followed by, for every run that
// selected its parameters on a held-out part, a copy scored at its last
// iteration: Metrics are Selection.LastMetrics and the variant gets
// LastSuffix (the protocol is then "last iteration"; the variant's name
// says the run trained on the rest of a held-out split), so that a table shows the selected and the last-iteration
// results of the same runs side by side, in rows of their own.
func WithLastIterations(files []results.ResultFile) []results.ResultFile {
	out := append([]results.ResultFile(nil), files...)
	for _, f := range files {
		r := f.Result
		if r == nil || r.Selection == nil {
			continue
		}
		c := *r
		c.Metrics = r.Selection.LastMetrics
		c.Variant = r.Variant + LastSuffix
		c.Diagnostics = r.Selection.LastDiagnostics
		c.Selection = nil // scored at the last iteration; the variant says it held out
		out = append(out, results.ResultFile{Path: f.Path, Result: &c})
	}
	return out
}
