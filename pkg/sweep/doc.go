// Package sweep expands a sweep file (data sets x models x variants x
// seeds) into runs, each with its own directory under one results tree,
// and executes them: finished runs are skipped, half-done runs resume from
// their checkpoints, failed runs record their error, several run at once,
// and a deterministic shard of the runs can go to each machine of a
// cluster sharing the results tree.
//
// It sits on top of package train and may import it (train never imports
// sweep; deps_test.go holds both rules): Prepare reads each run's config
// through train, TrainRunner trains a run with train.Run, a run's progress
// is read from train's checkpoint and result files, and Measure times a
// runconfig.RunConfig by building a train.Trainer for a few steps. Execute
// calls the Runner it is given, so a caller may train runs another way;
// RunFile is a whole `mgp sweep` invocation (or its dry run) with
// TrainRunner.
package sweep
