package train

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"path/filepath"
	"strings"
	"time"

	"github.com/mgpteam/mgp/pkg/checkpoint"
	"github.com/mgpteam/mgp/pkg/config"
	"github.com/mgpteam/mgp/pkg/inputerr"
	"github.com/mgpteam/mgp/pkg/models"
	"github.com/mgpteam/mgp/pkg/results"
	"github.com/mgpteam/mgp/pkg/runconfig"
	"github.com/mgpteam/mgp/pkg/rundir"
	"github.com/mgpteam/mgp/pkg/score"
)

// run is one call of Run: its input, environment and what its stages
// (prepare, load, newTrainer, fit, evaluate, write) hand on to each other.
type run struct {
	ctx  context.Context
	cfg  runconfig.RunConfig
	opts Options
	// ckPath is the checkpoint's path ("" when nothing is written), prev
	// the checkpoint resumed from (nil for a fresh run).
	ckPath string
	prev   *checkpoint.Checkpoint
	// earlier lists the versions that wrote the run before this one.
	earlier []string
	// resume says how to continue after an interruption.
	resume string
	exp    *Experiment
	hold   *Holdout // nil without train.validation
	m      models.Model
	tr     *Trainer
	sel    *selector // nil without train.validation
	// pred is the predictive the run settles on (the draws unless
	// eval.latent says otherwise); written with the complete checkpoint.
	pred models.Predictive
	// lastCk is when the last periodic checkpoint was written.
	lastCk time.Time
	// result is the result's compact JSON, kept in the complete checkpoint.
	result json.RawMessage
	// given is the data handed to RunData (nil: load cfg.Data).
	given *Experiment
}

// prepare validates cfg, checks the output directory (reading the
// checkpoint to resume from, removing the temporary files a killed write
// left there) and works out how an interruption would be
// resumed.
func prepare(ctx context.Context, cfg runconfig.RunConfig, opts Options) (*run, error) {
	if err := cfg.Validate(); err != nil {
		return nil, &inputerr.Error{Err: err}
	}
	r := &run{ctx: ctx, cfg: cfg, opts: opts, pred: models.Draws}
	if opts.OutDir != "" {
		r.ckPath = filepath.Join(opts.OutDir, rundir.CheckpointFile)
		if opts.Restart && opts.Resume {
			return nil, &inputerr.Error{Err: ErrRestartAndResume}
		}
		if opts.Restart {
			if err := checkWritable(opts.OutDir); err != nil {
				return nil, &inputerr.Error{Err: err}
			}
			if err := discardRun(opts); err != nil {
				return nil, err
			}
			opts.Resume, r.opts.Resume = false, false
		}
		var err error
		if r.prev, err = checkRunDir(opts.OutDir, cfg, opts.Resume); err != nil {
			return nil, err
		}
		if err := removeStaleTemps(opts); err != nil {
			return nil, err
		}
	}
	r.earlier = versionsBefore(r.prev, opts.Version)
	r.resume = opts.ResumeHint
	if r.resume == "" && opts.Command != "" {
		r.resume = opts.Command
		if !opts.Resume {
			r.resume += " --resume"
		}
	}
	if opts.Restart { // resuming must not discard the progress again
		r.resume = strings.Replace(r.resume, " --restart", "", 1)
	}
	return r, nil
}

// interrupted reports the run stopped by its context during phase after
// iter iterations, with the checkpoint ck ("" when none was written).
func (r *run) interrupted(phase string, iter int, ck string, err error) error {
	return &InterruptedError{Iter: iter, Total: r.cfg.Train.Iterations, Phase: phase, Checkpoint: ck, Resume: r.resume, Err: err}
}

// load reads the data (less the held-out part) and builds the model.
func (r *run) load() error {
	cfg := r.cfg
	exp, err := r.experiment()
	if err != nil {
		return &inputerr.Error{Err: err}
	}
	if err := r.checkData(exp); err != nil {
		return err
	}
	if cfg.Train.Validation > 0 {
		if exp, r.hold, err = splitValidation(exp, cfg.Train.Validation, score.DeriveSeed(cfg.Train.Seed, streamValidation)); err != nil {
			return &inputerr.Error{Err: err}
		}
	}
	r.exp = exp
	if err := r.ctx.Err(); err != nil {
		return r.interrupted("loading", 0, "", err)
	}
	if err := checkInducing(cfg, exp); err != nil {
		return &inputerr.Error{Err: err}
	}
	var m models.Model
	if r.prev != nil { // resuming: the checkpoint's parameters replace the start
		m, err = BuildModel(r.ctx, cfg, exp, BuildOptions{Restoring: true})
	} else {
		m, err = BuildModel(r.ctx, cfg, exp, BuildOptions{})
	}
	if err := r.ctx.Err(); err != nil {
		return r.interrupted("loading", 0, "", err)
	}
	if err != nil {
		return &inputerr.Error{Err: err}
	}
	r.m = m
	if err := checkLatent(cfg, m); err != nil {
		return &inputerr.Error{Err: err}
	}
	if err := checkInducingParams(m, exp); err != nil {
		return &inputerr.Error{Err: err}
	}
	if err := checkLBFGS(cfg.Train, m, exp.XTrain.RawMatrix().Rows); err != nil {
		return &inputerr.Error{Err: config.Errorf("train.optimizer", "%v", err)}
	}
	if err := checkSelectBy(cfg, m); err != nil {
		return &inputerr.Error{Err: err}
	}
	return nil
}

// newTrainer sets up the trainer (restored from the checkpoint when
// resuming), its progress report, the held-out selection (catching up on
// a check an interruption skipped), the periodic test evaluation and the
// periodic checkpoints.
func (r *run) newTrainer() error {
	cfg, opts, exp, m, prev := r.cfg, r.opts, r.exp, r.m, r.prev
	tr := NewTrainer(m, exp.XTrain, exp.YTrain, cfg.Train)
	r.tr = tr
	if prev != nil {
		if err := prev.Restore(m.Params()); err != nil {
			return &inputerr.Error{Err: fmt.Errorf("%s: %w", r.ckPath, err)}
		}
		if err := tr.Restore(prev.State); err != nil {
			return &inputerr.Error{Err: fmt.Errorf("%s: %w", r.ckPath, err)}
		}
	}
	if !opts.Quiet && opts.Log != nil {
		label := fmt.Sprintf("%s/%s", cfg.ModelName(), exp.Name)
		tr.Progress = &Progress{W: opts.Log, TTY: opts.TTY, Every: cfg.Train.LogEvery, Label: label}
		if prev != nil {
			fmt.Fprintf(opts.Log, "%s: resuming from %s at iteration %d of %d\n", label, r.ckPath, prev.State.Iter, cfg.Train.Iterations)
			if prev.Version != opts.Version {
				fmt.Fprintf(opts.Log, "%s: the checkpoint was written by version %s, this is %s (result.json lists both)\n",
					label, prev.Version, opts.Version)
			}
		}
	}
	if r.hold != nil {
		r.sel = newSelector(m, r.hold, exp, cfg)
		if r.sel.every == 0 {
			r.sel.every = runconfig.DefaultSelectEvery
		}
		if prev != nil && prev.Selection != nil {
			r.sel.state = *prev.Selection
		}
		if err := r.sel.catchUp(r.ctx, tr.Iter()); err != nil {
			return r.selectErr(err)
		}
		if cfg.Train.Stop.Enabled() {
			tr.Stop = r.sel.stopNow
		}
	}
	if cfg.Train.EvalEvery > 0 {
		opts := score.Options{PerClass: scoredPerClass(exp)}
		tr.Eval = func(k uint64) float64 {
			ev, err := score.Evaluate(context.Background(), m, exp.XTest, exp.YTest, exp.Std.YStd, cfg.Eval.Samples, score.DeriveSeed(cfg.Train.Seed, streamEval+16*k), opts)
			if err != nil {
				return math.NaN()
			}
			return ev.NLL
		}
		if d, ok := m.(models.Diagnoser); ok {
			tr.Diag = func() map[string]float64 { return d.Diagnostics(exp.XTrain, exp.YTrain) }
		}
	}
	r.lastCk = time.Now()
	tr.AfterStep = r.afterStep
	return nil
}

// afterStep runs after training iteration it: the held-out check when due,
// a periodic checkpoint when due, then Options.AfterStep.
func (r *run) afterStep(it int) error {
	if r.sel != nil && it%r.sel.every == 0 {
		if err := r.sel.check(r.ctx, it); err != nil {
			return err
		}
	}
	every, interval := r.cfg.Train.CheckpointEvery, r.opts.CheckpointInterval
	if interval <= 0 {
		interval = DefaultCheckpointInterval
	}
	if it < r.cfg.Train.Iterations && ((every > 0 && it%every == 0) || (every == 0 && time.Since(r.lastCk) >= interval)) {
		if err := r.save(false); err != nil {
			return err
		}
		r.lastCk = time.Now()
	}
	if r.opts.AfterStep != nil {
		r.opts.AfterStep(it)
	}
	return nil
}

// save writes the checkpoint (when the run writes one); complete marks the
// run finished and records its predictive.
func (r *run) save(complete bool) error {
	if r.ckPath == "" {
		return nil
	}
	ck, err := r.checkpoint(complete)
	if err != nil {
		return err
	}
	if err := ck.Save(r.ckPath); err != nil {
		return fmt.Errorf("writing checkpoint: %w", err)
	}
	return nil
}

// checkpoint captures the run as it stands; complete marks it finished
// and records its predictive.
func (r *run) checkpoint(complete bool) (*checkpoint.Checkpoint, error) {
	st, err := r.tr.State()
	if err != nil {
		return nil, err
	}
	ck := checkpoint.New(r.cfg, r.m.Params(), r.opts.Version)
	ck.Variant, ck.State, ck.Data = r.opts.Variant, st, dataInfo(r.exp)
	ck.EarlierVersions = r.earlier
	ck.Trained = st.Iter == r.cfg.Train.Iterations || (r.sel != nil && r.sel.stopNow()) || r.tr.Converged() != ""
	ck.Complete = complete
	ck.ConfigFingerprint, ck.DataFingerprint = runconfig.ConfigFingerprint(r.cfg), r.exp.Fingerprint
	if r.sel != nil {
		ck.Selection = &r.sel.state
	}
	if complete {
		ck.Predictive, ck.Result = recordedPredictive(r.pred), r.result
	}
	return ck, nil
}

// selectErr turns a failed validation check into an interruption when the
// run's context ended (the checkpoint, if any, resumes with the check) and
// returns other errors as they are.
func (r *run) selectErr(err error) error {
	if r.ctx.Err() != nil {
		return r.interrupted("validation", r.tr.Iter(), r.ckPath, err)
	}
	return err
}

// fit trains to the last iteration or until early stopping ends training
// (checkpointing on an interruption) and makes the last held-out check.
func (r *run) fit() error {
	if err := r.tr.Run(r.ctx); err != nil {
		if r.ctx.Err() != nil && errors.Is(err, r.ctx.Err()) {
			if serr := r.save(false); serr != nil {
				return fmt.Errorf("%w (and the checkpoint could not be written: %v)", r.interrupted("training", r.tr.Iter(), "", err), serr)
			}
			return r.interrupted("training", r.tr.Iter(), r.ckPath, err)
		}
		return err
	}
	if err := r.save(false); err != nil {
		return err
	}
	if r.sel == nil {
		return nil
	}
	if it, p := r.tr.Iter(), r.tr.Progress; it < r.cfg.Train.Iterations && p != nil {
		nl := "" // end the progress bar's line
		if p.TTY {
			nl = "\n"
		}
		fmt.Fprintf(r.opts.Log, "%s%s: %s\n", nl, p.Label, r.stopReason())
	}
	if err := r.sel.finish(r.ctx, r.tr.Iter()); err != nil {
		return r.selectErr(err)
	}
	return r.save(false)
}

// removeStaleTemps removes the temporary files of the run's own atomic
// writes (checkpoint.json, result.json) that a kill mid-write left in the
// run directory, saying so unless quiet. Nothing else is touched.
func removeStaleTemps(opts Options) error {
	removed, err := results.RemoveStaleTemps(opts.OutDir, rundir.CheckpointFile, rundir.ArraysTempBase, rundir.ResultFile)
	if err != nil {
		return fmt.Errorf("removing a stale temporary file: %w", err)
	}
	if !opts.Quiet && opts.Log != nil {
		for _, p := range removed {
			fmt.Fprintf(opts.Log, "removed %s, left by an interrupted write\n", p)
		}
	}
	return nil
}

// versionsBefore returns the versions that trained a run resumed from prev
// by a binary of version now, before now: prev's earlier versions and
// prev's own when it differs from now.
func versionsBefore(prev *checkpoint.Checkpoint, now string) []string {
	if prev == nil {
		return nil
	}
	out := append([]string(nil), prev.EarlierVersions...)
	if prev.Version != now && (len(out) == 0 || out[len(out)-1] != prev.Version) {
		out = append(out, prev.Version)
	}
	return out
}
