// Package compare is `mgp compare` without the CLI: Run compares candidate
// models on a user's CSV file over K repeated random splits. It writes the
// run configs of the candidates (the settings this package recommends for
// each) and a sweep file, trains every split through package sweep's
// train-backed Runner, summarises the test metrics, picks one model by its
// rule, optionally retrains that model on every row, and writes the report
// (report.md, report.json and the figures) that says which and why.
//
// Every split standardises on its training rows only (data.stats: train)
// and selects, where a model needs it, on a held-out part of those rows:
// the test rows are read by the final evaluation alone.
package compare
