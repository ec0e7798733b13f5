// Package verify re-derives committed runs with the current binary: `mgp
// verify`. Each run is re-trained from its own result.json (the config it
// recorded, hence its seeds) into a scratch tree, through the sweep
// machinery (sweep.Prepare, sweep.Execute, sweep.TrainRunner), so that it
// resumes like a sweep, and its new metrics are compared with the
// committed ones: identical bit for bit, equal within a stated tolerance,
// different (side by side), or not re-runnable and why (a data file
// missing, a config key this binary no longer knows, the data changed).
//
// A truncated re-run (Options.Iterations) trains only the first N
// iterations and compares the trace entries (ELBO, traced test NLL,
// diagnostics, held-out checks) at iterations up to N instead of the final
// metrics.
//
// The sample is chosen by rule: the runs found under the paths given,
// optionally only the headline rows of a sweep file, K runs of each cell
// (data set, model, variant) with the oldest binary first (the run's
// recorded date stands for its binary's age), and a budget in single-core
// time by the sweep's cost model. Committed runs are only read: the
// scratch tree may not lie inside the repository's results/ directory.
package verify
