package checkpoint

import (
	"fmt"

	"github.com/mgpteam/mgp/pkg/rundir"
)

// Facts reduces ck to what package rundir's states and rules need of it.
func (ck *Checkpoint) Facts() rundir.Checkpoint {
	f := rundir.Checkpoint{
		Complete: ck.Complete, Total: ck.Config.Train.Iterations,
		KeepsResult: ck.Result != nil, Selection: ck.Selection != nil,
	}
	if ck.State != nil {
		f.Resumable, f.Iter, f.Seconds = true, ck.State.Iter, ck.State.TrainSeconds
	}
	return f
}

// Unfinished reports whether ck is the checkpoint of a run still under way
// or interrupted (rundir.Checkpoint's Unfinished): it holds the training
// loop's state but was not written as the run's last checkpoint.
func (ck *Checkpoint) Unfinished() bool { return ck.Facts().Unfinished() }

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
	f := ck.Facts()
	if !f.Unfinished() {
		return nil
	}
	return &UnfinishedError{Dir: dir, Iter: f.Iter, Total: f.Total}
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
