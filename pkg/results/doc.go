// Package results is the record every run writes: the Result schema, its
// JSON encoding (non-finite numbers kept), reading one file or a whole
// directory tree of them, the dotted-key view of a run's config, and the
// atomic file writes that keep a reader from seeing half a file.
//
// It imports eval and nothing else of this project: no models, data, train
// or report.
package results
