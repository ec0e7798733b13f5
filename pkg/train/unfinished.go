package train

import "fmt"

// Unfinished reports whether ck is the checkpoint of a run still under way
// or interrupted: it holds the training loop's state but was not written as
// the run's last checkpoint. Only the checkpoint written with result.json
// is marked Complete (a held-out-selection run's, which holds the selected
// parameters, included), so the mark, not the iteration count, decides: a
// run trained to its last iteration whose evaluation was not done is
// unfinished too. Checkpoints without state come from versions that wrote
// one only at the end and count as finished.
func (ck *Checkpoint) Unfinished() bool { return ck.State != nil && !ck.Complete }

// UnfinishedError reports a run directory whose checkpoint is unfinished
// (see Checkpoint.Unfinished).
type UnfinishedError struct {
	// Dir is the run directory.
	Dir string
	// Iter and Total are the completed and the configured iterations.
	Iter, Total int
}

// CheckFinished returns an *UnfinishedError for the run in dir when its
// checkpoint ck is unfinished, and nil otherwise.
func CheckFinished(dir string, ck *Checkpoint) error {
	if !ck.Unfinished() {
		return nil
	}
	return &UnfinishedError{Dir: dir, Iter: ck.State.Iter, Total: ck.Config.Train.Iterations}
}

// Error says where the run stopped.
func (e *UnfinishedError) Error() string {
	return fmt.Sprintf("%s holds an unfinished run, at %s", e.Dir, e.At())
}

// At says at which iteration the run's parameters are: "iteration K of N",
// noting when training is done but the run's evaluation is not.
func (e *UnfinishedError) At() string {
	s := fmt.Sprintf("iteration %d of %d", e.Iter, e.Total)
	if e.Iter >= e.Total {
		s += " (training done, its evaluation not)"
	}
	return s
}

// Continue says how to finish the run: resume it with the command that
// started it, or re-run the sweep that did.
func (e *UnfinishedError) Continue() string {
	return fmt.Sprintf("continue it with `mgp train -c CONFIG --out %s --resume` (the config and --set overrides it was started with) or by running again the `mgp sweep` that started it", e.Dir)
}
