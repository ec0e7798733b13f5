package train

import (
	"fmt"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"github.com/mgpteam/mgp/pkg/data"
	"github.com/mgpteam/mgp/pkg/results"
)

// TrainState is the training loop's state after Iter completed iterations,
// everything beyond the model's parameters that an exact continuation
// needs. It serialises to JSON inside a checkpoint.
type TrainState struct {
	// Iter is the number of completed iterations.
	Iter int `json:"iter"`
	// Adam holds the optimiser's step count and moments.
	Adam ad.AdamState `json:"adam"`
	// LBFGS holds the L-BFGS optimiser's curvature pairs and counters
	// (train.optimizer: lbfgs; absent for Adam).
	LBFGS *ad.LBFGSState `json:"lbfgs,omitempty"`
	// Batcher holds the minibatch order and its generator.
	Batcher data.BatcherState `json:"batcher"`
	// MCRNG is the Monte Carlo generator's binary PCG state.
	MCRNG []byte `json:"mc_rng"`
	// Evals is the number of periodic evaluations made so far (each seeds
	// its own stream from its index).
	Evals uint64 `json:"evals"`
	// Trace is the training trace so far.
	Trace []results.TracePoint `json:"trace,omitempty"`
	// TrainSeconds is the training time spent so far, over all sessions,
	// on the process's awake clock (internal/awake: stops are left out;
	// versions before 2026-11-28 counted them).
	TrainSeconds float64 `json:"train_seconds"`
	// EvalSeconds is the part of TrainSeconds spent on the traced test
	// evaluations (train.eval_every); checkpoints before 2026-11-28 lack
	// it.
	EvalSeconds float64 `json:"eval_seconds,omitempty"`
}

// State captures the trainer's state (not the model's parameters).
func (t *Trainer) State() (*TrainState, error) {
	bs, err := t.batcher.State()
	if err != nil {
		return nil, err
	}
	mc, err := t.mcSrc.MarshalBinary()
	if err != nil {
		return nil, err
	}
	st := &TrainState{
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
// separately (Checkpoint.Restore).
func (t *Trainer) Restore(st *TrainState) error {
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
func (t *Trainer) restoreOptimizer(st *TrainState) error {
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
