// Package results is the record every run writes: the Result schema, its
// JSON encoding (non-finite numbers kept), reading one file or a whole
// directory tree of them, the dotted-key view of a run's config, and the
// atomic file writes that keep a reader from seeing half a file.
//
// It imports no other package of this project (not eval, models, data,
// train or report), so anything may read or write results.
package results
