package rundir

import "errors"

// ErrNoCheckpoint marks a run directory without a checkpoint.
var ErrNoCheckpoint = errors.New("no checkpoint")

// Checkpoint is what the states and rules of this package need of a run's
// checkpoint.json, whose format package train owns and reduces to this
// (checkpoint.Checkpoint's Facts).
type Checkpoint struct {
	// Resumable: the checkpoint holds the training loop's state
	// (checkpoints of versions before resumable state do not).
	Resumable bool
	// Complete: written with result.json, as the run's last checkpoint.
	Complete bool
	// Iter and Total are the completed and the configured iterations.
	Iter, Total int
	// Seconds is the training time of the Iter iterations, over all
	// sessions (0 when not recorded).
	Seconds float64
	// KeepsResult: it holds a copy of result.json (complete checkpoints of
	// recent versions), from which a lost result.json is rebuilt.
	KeepsResult bool
	// Selection: a held-out-selection run's, whose complete checkpoint
	// holds the selected parameters rather than the last iteration's.
	Selection bool
}

// Unfinished reports whether c is the checkpoint of a run still under way
// or interrupted: it holds the training loop's state but was not written
// as the run's last checkpoint. Only the checkpoint written with
// result.json is marked Complete (a held-out-selection run's included), so
// the mark, not the iteration count, decides: a run trained to its last
// iteration whose evaluation was not done is unfinished too. Checkpoints
// without state come from versions that wrote one only at the end and
// count as finished.
func (c Checkpoint) Unfinished() bool { return c.Resumable && !c.Complete }

// Unrebuildable reports whether c is complete but cannot give back a lost
// result.json: written by a version that kept no copy of it, for a
// held-out-selection run, whose last iteration's metrics the selected
// parameters no longer give.
func (c Checkpoint) Unrebuildable() bool { return c.Complete && !c.KeepsResult && c.Selection }
