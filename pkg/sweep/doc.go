// Package sweep expands a sweep file (data sets x models x variants x
// seeds) into runs, each with its own directory under one results tree,
// and executes them: finished runs are skipped, half-done runs resume from
// their checkpoints, failed runs record their error, several run at once,
// and a deterministic shard of the runs can go to each machine of a
// cluster sharing the results tree. It knows nothing of how a run trains:
// the caller supplies that.
package sweep
