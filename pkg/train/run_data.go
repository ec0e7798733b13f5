package train

import (
	"context"
	"encoding/json"
	"errors"

	"github.com/mgpteam/mgp/pkg/checkpoint"
	"github.com/mgpteam/mgp/pkg/inputerr"
	"github.com/mgpteam/mgp/pkg/runconfig"
)

// Trained is a run trained on data in memory (RunData): what Run returns,
// with the complete checkpoint and the result's JSON that a run directory
// would hold, kept in memory.
type Trained struct {
	Outcome
	// Checkpoint is the complete checkpoint (config, parameters, the
	// training state, the standardisation and column names, the result).
	Checkpoint *checkpoint.Checkpoint
	// ResultJSON is result.json's content (checkpoint.ResultBytes).
	ResultJSON []byte
}

// ErrRunDataOutDir marks RunData called with an output directory: it
// writes nothing.
var ErrRunDataOutDir = errors.New("train.RunData writes nothing: leave Options.OutDir, Resume and Restart unset")

// RunData trains and evaluates cfg on exp, data the caller holds (for
// example data.FromMemory's), instead of loading cfg.Data; cfg.Data must
// still describe them (it is recorded, and validated). Nothing is
// written: the complete checkpoint and the result come back in memory,
// the same as Run with an output directory would write for the same
// config and data, parameters bit for bit.
func RunData(ctx context.Context, cfg runconfig.RunConfig, exp *Experiment, opts Options) (*Trained, error) {
	if opts.OutDir != "" || opts.Resume || opts.Restart {
		return nil, ErrRunDataOutDir
	}
	if exp == nil {
		return nil, &inputerr.Error{Err: errors.New("train.RunData: no data")}
	}
	r, err := prepare(ctx, cfg, opts)
	if err != nil {
		return nil, err
	}
	r.given = exp
	if err := r.load(); err != nil {
		return nil, err
	}
	if err := r.newTrainer(); err != nil {
		return nil, err
	}
	res, err := r.train()
	if err != nil {
		return nil, err
	}
	raw, err := json.Marshal(res)
	if err != nil {
		return nil, err
	}
	r.result = raw
	ck, err := r.checkpoint(true)
	if err != nil {
		return nil, err
	}
	b, err := checkpoint.ResultBytes(raw)
	if err != nil {
		return nil, err
	}
	return &Trained{Outcome: Outcome{Result: res, Model: r.m, Exp: r.exp}, Checkpoint: ck, ResultJSON: b}, nil
}

// experiment is the data the run trains on: those handed to RunData, or
// cfg.Data loaded below the data directory.
func (r *run) experiment() (*Experiment, error) {
	if r.given != nil {
		return r.given, nil
	}
	return LoadExperiment(r.cfg.Data, r.opts.DataDir)
}
