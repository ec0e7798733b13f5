// Package values holds the numbers the paper (Liu et al. 2020) reports and
// the order its tables follow: Table 3 (UCI test NLL, with the SLGP β row)
// and Table 4 (mnist test NLL per image at two settings of d_w), embedded
// from paperdata/ and checked against the specification's own
// transcription, and the paper's ten models and eight UCI data sets in
// Table 3's order.
//
// It imports nothing of the module, so that both the generic tables of
// package report and the paper's own tables and figures (package paper)
// can read the paper's values from this one place.
package values
