// Package sweep expands a sweep file (data sets x models x variants x
// seeds) into runs, each with its own directory under one results tree,
// and executes them: finished runs are skipped, half-done runs resume from
// their checkpoints, failed runs record their error, several run at once,
// and a deterministic shard of the runs can go to each machine of a
// cluster sharing the results tree.
//
// It sits on top of package train and may import it (train never imports
// sweep; deps_test.go holds both rules): a run's progress is read from
// train's checkpoint and result files, and Measure times a train.RunConfig
// by building a train.Trainer for a few steps. Executing a run is still the
// caller's: Execute calls the Runner it is given for each run, so the CLI
// decides how a run trains and where its output goes.
package sweep
