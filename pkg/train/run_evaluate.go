package train

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"path/filepath"
	"runtime"
	"time"

	"github.com/mgpteam/mgp/internal/awake"
	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"github.com/mgpteam/mgp/pkg/checkpoint"
	"github.com/mgpteam/mgp/pkg/data"
	"github.com/mgpteam/mgp/pkg/models"
	"github.com/mgpteam/mgp/pkg/results"
	"github.com/mgpteam/mgp/pkg/runconfig"
	"github.com/mgpteam/mgp/pkg/rundir"
	"github.com/mgpteam/mgp/pkg/score"
)

// testMetrics scores the model's current parameters with the predictive
// pred on the test split (the run seed's evaluation draws); an ended
// context is an interruption during evaluation.
func (r *run) testMetrics(pred models.Predictive) (results.Metrics, error) {
	exp := r.exp
	if noTest(exp) {
		return results.Metrics{}, nil // no test rows (data.split: none): nothing to score; evaluate records why
	}
	m, err := models.WithPredictive(r.m, pred)
	if err != nil {
		return results.Metrics{}, err
	}
	seed := score.DeriveSeed(r.cfg.Train.Seed, streamEval)
	ev, err := score.Evaluate(r.ctx, m, exp.XTest, exp.YTest, exp.Std.YStd, r.cfg.Eval.Samples, seed, r.evalOptions())
	met := ev.Metrics
	if err != nil && r.ctx.Err() != nil {
		return met, r.interrupted("evaluation", r.tr.Iter(), r.ckPath, err)
	}
	return met, err
}

// evalOptions scores as the data set is scored (once per class for
// mnist: scoredPerClass), otherwise with the run's eval.jobs, reporting a
// long test evaluation's progress on the run's log (unless quiet).
func (r *run) evalOptions() score.Options {
	switch {
	case scoredPerClass(r.exp):
		return score.Options{PerClass: true}
	case r.opts.Quiet || r.opts.Log == nil:
		return score.Options{Jobs: r.cfg.Eval.Jobs}
	}
	return score.Options{Jobs: r.cfg.Eval.Jobs, Progress: r.opts.Log, Label: fmt.Sprintf("%s/%s: test evaluation", r.cfg.ModelName(), r.exp.Name)}
}

// scoredPerClass reports whether exp's test set is scored once per
// distinct input row (its source's data.ScorePerInputRow: mnist's labels)
// rather than per test point (score.Options.PerClass); the run's test
// evaluation, the traced test NLL, held-out selection and Reevaluate all
// ask it.
func scoredPerClass(exp *Experiment) bool { return exp.Scoring == data.ScorePerInputRow }

// evaluate settles the parameters (the selected ones with a held-out part,
// the last otherwise) and the predictive, scores them on the test split
// (and with the draws too when the plug-in was chosen) and assembles the
// result with the diagnostics (which describe the draws).
func (r *run) evaluate() (*results.Result, error) {
	cfg, exp, m := r.cfg, r.exp, r.m
	t1 := awake.Now() // stopped time is not evaluation time
	if r.sel == nil {
		r.pred = PredictiveFor(cfg.Eval.Latent)
	}
	met, err := r.testMetrics(r.pred)
	if err != nil {
		return nil, err
	}
	var selInfo *results.Selection
	if r.sel != nil {
		if selInfo, err = r.selected(met); err != nil {
			return nil, err
		}
		if met, err = r.testMetrics(r.pred); err != nil {
			return nil, err
		}
	}
	if err := r.densityMetrics(&met); err != nil {
		return nil, err
	}
	var drawsMet *results.Metrics
	if r.pred == models.PlugIn && !noTest(exp) {
		// The same parameters with the model's own predictive, for the record.
		dm, err := r.testMetrics(models.Draws)
		if err != nil {
			return nil, err
		}
		drawsMet = &dm
	}
	evalSec := (awake.Now() - t1).Seconds()
	trainSec := r.tr.Seconds()
	res := &results.Result{
		Model: cfg.ModelName(), Dataset: exp.Name, Variant: r.opts.Variant, Config: cfg.Map(),
		SplitSeed: cfg.Data.SplitSeed, ModelSeed: cfg.Train.Seed, Split: exp.Split,
		Iterations: cfg.Train.Iterations, TrainSeconds: trainSec, EvalSeconds: evalSec,
		TraceEvalSeconds: r.tr.EvalSeconds(), CheckSeconds: checkSeconds(r.sel),
		ItersPerSecond: float64(r.tr.Iter()) / max(trainSec, 1e-9),
		Metrics:        met, Trace: r.tr.Trace(), Selection: selInfo,
		Version: r.opts.Version, EarlierVersions: r.earlier, GoVersion: runtime.Version(), BLAS: ad.Backend(),
		Date: time.Now().UTC().Format(time.RFC3339), Command: r.opts.Command,
	}
	res.Predictive, res.DrawsMetrics = recordedPredictive(r.pred), drawsMet
	res.Converged = r.convergence()
	if noTest(exp) {
		n, _ := exp.XTrain.Dims()
		res.NoTest = fmt.Sprintf("trained on all %d rows (data.split: none): no test set, so no test metrics; "+
			"judge the model by the held-out metrics of the splits it was chosen on (mgp compare's report)", n)
	}
	if d, ok := m.(models.Diagnoser); ok {
		res.Diagnostics = d.Diagnostics(exp.XTrain, exp.YTrain)
	}
	_, dy := exp.YTrain.Dims()
	res.Warnings = runWarnings(res, dy, cfg.Data.Stats)
	res.Complete = true
	res.ConfigFingerprint, res.DataFingerprint = runconfig.ConfigFingerprint(cfg), exp.Fingerprint
	return res, nil
}

// selected records the last iteration's test metrics last and diagnostics,
// puts the selected parameters into the model and settles the predictive
// on the held-out part (choosePredictive).
func (r *run) selected(last results.Metrics) (*results.Selection, error) {
	var lastDiag map[string]float64
	if d, ok := r.m.(models.Diagnoser); ok {
		lastDiag = d.Diagnostics(r.exp.XTrain, r.exp.YTrain)
	}
	if err := r.sel.restoreBest(); err != nil {
		return nil, err
	}
	pred, valPlugIn, err := choosePredictive(r.ctx, r.cfg, r.sel)
	if err != nil {
		return nil, r.selectErr(err)
	}
	r.pred = pred
	nv, _ := r.hold.X.Dims()
	nt, _ := r.exp.XTrain.Dims()
	st := r.sel.state
	why := r.stopReason()
	stoppedAt := 0
	if why != "" {
		stoppedAt = r.tr.Iter()
	}
	return &results.Selection{Validation: r.cfg.Train.Validation, NValidation: nv, NTrain: nt, Every: r.sel.every,
		Iter: st.Iter, ValNLL: st.NLL, LastMetrics: last, LastDiagnostics: lastDiag, Trace: st.Trace,
		ValNLLPlugIn: valPlugIn, StoppedAt: stoppedAt, StopReason: why}, nil
}

// write reports the result's warnings and, when the run has a directory,
// writes the complete checkpoint and then result.json.
func (r *run) write(res *results.Result) error {
	if r.opts.Log != nil {
		for _, w := range res.Warnings {
			fmt.Fprintf(r.opts.Log, "warning: %s\n", w)
		}
	}
	if r.opts.OutDir == "" {
		return nil
	}
	raw, err := json.Marshal(res)
	if err != nil {
		return err
	}
	r.result = raw
	if err := r.save(true); err != nil {
		return err
	}
	if afterCompleteCheckpoint != nil {
		if err := afterCompleteCheckpoint(); err != nil {
			return err
		}
	}
	return writeResult(r.opts.OutDir, raw)
}

// afterCompleteCheckpoint, when set (by tests only), is called between
// the complete checkpoint and result.json; an error stops the run there,
// as a kill would.
var afterCompleteCheckpoint func() error

// writeResult writes result.json into dir from the result's compact JSON
// (see checkpoint.ResultBytes).
func writeResult(dir string, raw json.RawMessage) error {
	b, err := checkpoint.ResultBytes(raw)
	if err != nil {
		return err
	}
	return results.WriteFileAtomic(filepath.Join(dir, rundir.ResultFile), func(w io.Writer) error {
		_, err := w.Write(b)
		return err
	})
}

// noTest reports whether exp has no test rows (data.split: none).
func noTest(exp *Experiment) bool { return exp.XTest == nil || exp.XTest.IsEmpty() }

// checkSeconds is the time of sel's held-out checks (0 without a held-out
// part).
func checkSeconds(sel *selector) float64 {
	if sel == nil {
		return 0
	}
	return sel.state.Seconds
}

// convergence describes where and why L-BFGS converged ("" when it did
// not, or the run trains with Adam).
func (r *run) convergence() string {
	c := r.tr.Converged()
	if c == "" {
		return ""
	}
	return fmt.Sprintf("L-BFGS converged at iteration %d of %d (%d objective evaluations): %s",
		r.tr.Iter(), r.cfg.Train.Iterations, r.tr.lbfgs.FEvals(), c)
}

// stopReason is why training ended where it did, for result.json and the
// log: L-BFGS's convergence, or else early stopping's record ("" for a
// run without either).
func (r *run) stopReason() string {
	if c := r.convergence(); c != "" {
		return c
	}
	if r.sel == nil {
		return ""
	}
	return r.sel.stopRecord(r.tr.Iter(), r.cfg.Train.Iterations)
}

// densityMetrics adds the test split's DensityNLL to met when
// eval.density_draws asks for it and the model, with the run's predictive,
// has a density.
func (r *run) densityMetrics(met *results.Metrics) error {
	d, err := TestDensity(r.ctx, r.m, r.exp, r.pred, r.cfg.Eval.DensityDraws, r.cfg.Train.Seed)
	if err != nil && r.ctx.Err() != nil {
		return r.interrupted("evaluation", r.tr.Iter(), r.ckPath, err)
	}
	if err == nil {
		met.DensityNLL = d
	}
	return nil
}

// TestDensity is the test split's DensityNLL of m with the predictive pred
// and draws mixture components, drawn as a run of model seed seed draws
// them (so that a re-score reproduces the run's own density_nll); nil when
// draws is 0, the split has no test rows, it is scored per class (mnist),
// or the model has no density there.
func TestDensity(ctx context.Context, m models.Model, exp *Experiment, pred models.Predictive, draws int, seed uint64) (*float64, error) {
	if draws <= 0 || noTest(exp) || scoredPerClass(exp) {
		return nil, nil
	}
	m, err := models.WithPredictive(m, pred)
	if err != nil {
		return nil, err
	}
	nll, ok, err := score.DensityNLL(ctx, m, exp.XTest, exp.YTest, exp.Std.YStd, draws, score.DeriveSeed(seed, streamDensityTest))
	if err != nil || !ok {
		return nil, err
	}
	return &nll, nil
}
