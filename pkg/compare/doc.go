// Package compare is what `mgp compare` does with a user's CSV file beyond
// running the sweep: the run configs of the candidate models (the settings
// this package recommends for each), the summary of their test metrics
// over K repeated random splits, the rule that picks one model, and the
// report (report.md, report.json and the figures) that says which and why.
//
// Every split standardises on its training rows only (data.stats: train)
// and selects, where a model needs it, on a held-out part of those rows:
// the test rows are read by the final evaluation alone.
package compare
