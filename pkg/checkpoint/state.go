package checkpoint

import (
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

// Selection is the state of held-out model selection: the best validation
// NLL so far, where it was reached and the parameters there. It is part of
// a checkpoint, so an interrupted run selects exactly as an uninterrupted
// one.
type Selection struct {
	// Iter is the iteration of the best validation NLL (0 before any).
	Iter int `json:"iter"`
	// NLL is the best validation NLL (original y scale).
	NLL float64 `json:"nll"`
	// Params are the parameters at Iter.
	Params map[string]Matrix `json:"params,omitempty"`
	// Trace is the validation NLL at every check.
	Trace []results.ValPoint `json:"trace,omitempty"`
	// Seconds is the time of the checks in Trace on the process's awake
	// clock (internal/awake); checkpoints before 2026-11-28 lack it.
	Seconds float64 `json:"seconds,omitempty"`
}
