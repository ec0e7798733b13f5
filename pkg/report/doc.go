// Package report turns result files into the tables `mgp table` and
// `mgp runs` print: runs grouped into cells (one per model, variant, data
// set and protocol), the cells beside a table of reference values (the
// paper's Table 3, passed in), per-run listings and side-by-side
// comparisons, and a run's summary, written as Markdown or CSV.
//
// It reads results (package results) and uses eval's quantile rule; it
// never imports models, data or train, so a table can be made on a machine
// that cannot train. The paper's numbers and the order its tables list
// models and data sets in come from package paper/values; the paper's own
// tables (the headline table, its claims, Table 4) are package paper's.
package report
