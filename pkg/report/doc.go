// Package report turns result files into the tables `mgp table` and
// `mgp runs` print: runs grouped into cells (one per model, variant, data
// set and protocol), the paper's Table 3 beside them, per-run listings and
// side-by-side comparisons, written as Markdown or CSV.
//
// It reads results (package results) and uses eval's quantile rule; it
// never imports models, data or train, so a table can be made on a machine
// that cannot train. The paper's values are embedded from paperdata/.
package report
