// Package checkpoint is the checkpoint and arrays store: a saved run's
// checkpoint.json (Checkpoint: its run config, the parameters by name, the
// training loop's state with Adam's or L-BFGS's, the held-out selection,
// the data's standardisation and fingerprints, and the complete run's copy
// of result.json), written atomically under a SHA-256 checksum (Save,
// Encode) and read back checked (Load, LoadHeader; a damaged file is a
// *CorruptError). A large checkpoint keeps its float arrays in a binary
// arrays file beside it, named after its content's hash (arrays.go).
// It also says whether a checkpoint is unfinished (Facts, CheckFinished).
// It stores what others compute: train runs and resumes from it, sweep
// reads its state, predict and fit restore a model from it; the run
// directory's file names and states are package rundir's.
package checkpoint
