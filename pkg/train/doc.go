// Package train owns the run: it turns a run config into data, a model and
// an optimiser (BuildModel), trains with minibatch Adam, selects on a
// held-out part and stops early, evaluates through package score with the
// paper's KDE protocol and writes the result and a checkpoint atomically,
// resuming bit-identically from the checkpoint (Run). It also owns what a
// saved run is re-scored or predicted with (LoadRun, Reevaluate,
// LoadForPredict) and the run directory's checks before a run (RunDirError).
// The run config is package runconfig's (decoding, validation,
// fingerprint) and the checkpoint file package checkpoint's (its checksum,
// arrays file and training state): train fills the one from the other.
// The data come from the data source of the config's kind (data.Load),
// which also says how the test set is scored (per point, or once per
// distinct input row for mnist's labels: score.Options.PerClass); train
// never asks a data set's name.
package train
