// Package train owns the run: it turns a run config into data, a model and
// an optimiser (BuildModel), trains with minibatch Adam, selects on a
// held-out part and stops early, evaluates through package score with the
// paper's KDE protocol and writes the result and a checkpoint atomically,
// resuming bit-identically from the checkpoint (Run). It also owns the run
// config (RunConfig, its decoding and fingerprint), the checkpoint
// (Checkpoint, its checksum and arrays file) and what a saved run is
// re-scored or predicted with (LoadRun, Reevaluate, LoadForPredict).
// The data come from the data source of the config's kind (data.Load),
// which also says how the test set is scored (per point, or once per
// distinct input row for mnist's labels: score.Options.PerClass); train
// never asks a data set's name.
package train
