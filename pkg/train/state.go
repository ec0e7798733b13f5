package train

import (
	"fmt"

	"github.com/mgpteam/mgp/pkg/checkpoint"
	"github.com/mgpteam/mgp/pkg/results"
)

// State captures the trainer's state (not the model's parameters).
func (t *Trainer) State() (*checkpoint.TrainState, error) {
	bs, err := t.batcher.State()
	if err != nil {
		return nil, err
	}
	mc, err := t.mcSrc.MarshalBinary()
	if err != nil {
		return nil, err
	}
	st := &checkpoint.TrainState{
		Iter: t.iter, Adam: t.opt.State(), Batcher: bs, MCRNG: mc, Evals: t.evals,
		Trace: append([]results.TracePoint(nil), t.trace...), TrainSeconds: t.Seconds(),
		EvalSeconds: t.evalSec,
	}
	if t.lbfgs != nil {
		ls := t.lbfgs.State()
		st.LBFGS = &ls
	}
	return st, nil
}

// Restore sets the trainer to st; the model's parameters must be restored
// separately (checkpoint.Checkpoint.Restore).
func (t *Trainer) Restore(st *checkpoint.TrainState) error {
	if st.Iter < 0 || st.Iter > t.cfg.Iterations {
		return fmt.Errorf("checkpoint state is at iteration %d, outside 0..%d", st.Iter, t.cfg.Iterations)
	}
	if err := t.restoreOptimizer(st); err != nil {
		return err
	}
	if err := t.batcher.Restore(st.Batcher); err != nil {
		return err
	}
	if err := t.mcSrc.UnmarshalBinary(st.MCRNG); err != nil {
		return fmt.Errorf("checkpoint state: Monte Carlo generator: %v", err)
	}
	t.iter, t.evals = st.Iter, st.Evals
	t.trace = append([]results.TracePoint(nil), st.Trace...)
	t.elapsed, t.evalSec = st.TrainSeconds, st.EvalSeconds
	return nil
}

// restoreOptimizer restores the optimiser the config names from st: Adam's
// moments, or L-BFGS's pairs at the model's (already restored) parameters.
func (t *Trainer) restoreOptimizer(st *checkpoint.TrainState) error {
	if t.lbfgs == nil {
		if st.LBFGS != nil {
			return fmt.Errorf("checkpoint state: written by an L-BFGS run, and the config trains with Adam")
		}
		if st.Adam.Step != st.Iter {
			return fmt.Errorf("checkpoint state: optimiser took %d steps in %d iterations", st.Adam.Step, st.Iter)
		}
		return t.opt.Restore(st.Adam)
	}
	if st.LBFGS == nil || st.LBFGS.Iter != st.Iter {
		return fmt.Errorf("checkpoint state: the config trains with L-BFGS and the checkpoint has no L-BFGS state at iteration %d", st.Iter)
	}
	return t.lbfgs.Restore(*st.LBFGS, t.m.Params().Flatten(nil))
}
