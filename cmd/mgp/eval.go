package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"path/filepath"
	"slices"
	"strings"

	"github.com/mgpteam/mgp/pkg/models"
	"github.com/mgpteam/mgp/pkg/results"
	"github.com/mgpteam/mgp/pkg/train"
	"github.com/spf13/cobra"
	"gonum.org/v1/gonum/mat"
)

type evalOpts struct {
	run     string
	samples int
	seed    int64
	write   bool
	latent  string
	partial bool
	nll     string
	points  string
}

func newEvalCmd(g *globalOpts) *cobra.Command {
	o := &evalOpts{}
	c := &cobra.Command{
		Use:   "eval --run DIR",
		Short: "Re-score a saved run on its test set (KDE NLL, RMSE, exact NLL) and recompute its diagnostics",
		Args:  cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if cmd.Flags().Changed("samples") && o.samples < 2 {
				return inputErr(fmt.Errorf("--samples %d: the KDE needs at least 2 predictive samples per test point (the paper uses 200)", o.samples))
			}
			if cmd.Flags().Changed("seed") && o.seed < 0 {
				return inputErr(fmt.Errorf("--seed %d: seeds are non-negative integers", o.seed))
			}
			switch o.latent {
			case "", train.LatentDraws, train.LatentMean, train.LatentSelect:
			default:
				return inputErr(fmt.Errorf("--latent %q: give draws (the model's predictive), mean (the plug-in predictive) or select (the better of the two on the held-out validation part); leave it out for the run's own", o.latent))
			}
			if err := checkEstimator(o); err != nil {
				return err
			}
			if o.latent != "" && o.write {
				return inputErr(fmt.Errorf("--latent %s may score another predictive than the run's own: it is never written to result.json; leave out --write", o.latent))
			}
			ck, exp, m, err := train.LoadRun(o.run, resolveDataDirForRun(g, o.run))
			if err != nil {
				return err
			}
			if err := checkEvalFinished(cmd, o, ck); err != nil {
				return err
			}
			if ck.Config.Data.Split == train.SplitNone {
				return inputErr(fmt.Errorf("%s was trained on every row (data.split: none, mgp compare --refit): it has no test set to score; "+
					"its held-out metrics are those of the splits it was chosen on (the compare report)", o.run))
			}
			seed := ck.Config.Train.Seed
			if o.seed >= 0 {
				seed = uint64(o.seed)
			}
			pred, err := evalPredictive(cmd, o.latent, ck, exp, m)
			if err != nil {
				return err
			}
			opts := train.EvalOptions{Progress: progressTo(g, cmd), Label: "mgp eval", Estimator: o.nll}
			if o.points != "" { // mnist refuses LogDensities in ReevaluateWith (exit 2)
				n, dy := exp.YTest.Dims()
				opts.LogDensities = mat.NewDense(n, dy, nil)
			}
			ev, err := train.ReevaluateWith(cmd.Context(), ck, exp, m, pred, o.samples, seed, opts)
			if err != nil {
				return err
			}
			met := ev.Metrics
			if pred == models.PlugIn {
				fmt.Fprintln(cmd.OutOrStdout(), "plug-in predictive: w and h at their means")
			}
			if o.nll != "" && o.nll != train.EstimatorKDE {
				fmt.Fprintf(cmd.OutOrStdout(), "NLL estimator: %s (not the paper's KDE of the raw samples)\n", o.nll)
			}
			res, err := results.ReadResult(filepath.Join(o.run, train.ResultFile))
			if err != nil {
				res = &results.Result{Model: ck.Config.ModelName(), Dataset: exp.Name, Split: exp.Split}
				if ck.Result != nil { // a lost result.json: the complete checkpoint keeps a copy
					var kept results.Result
					if json.Unmarshal(ck.Result, &kept) == nil {
						res = &kept
					}
				}
			}
			res.Metrics = met
			bad := nonFiniteMetrics(met)
			if bad == "" {
				// The diagnostics of the parameters scored (a model whose
				// predictions overflow has none worth computing).
				if res.Diagnostics, err = train.RunDiagnostics(ck, exp, m); err != nil {
					return err
				}
			}
			printMetrics(cmd.OutOrStdout(), res)
			if bad != "" {
				return fmt.Errorf("the re-evaluation gives a non-finite %s; nothing was written (a model whose predictions overflow, or too few samples for the KDE)", bad)
			}
			if o.points != "" {
				if err := writeEvalPoints(o.points, exp, opts.LogDensities); err != nil {
					return err
				}
				fmt.Fprintf(cmd.OutOrStdout(), "wrote %s (%d test points)\n", o.points, opts.LogDensities.RawMatrix().Rows)
			}
			if o.write {
				if err := results.WriteJSONAtomic(filepath.Join(o.run, train.ResultFile), res); err != nil {
					return err
				}
				fmt.Fprintf(cmd.OutOrStdout(), "updated %s\n", filepath.Join(o.run, train.ResultFile))
			}
			return nil
		},
	}
	c.Flags().StringVar(&o.run, "run", "", "run directory written by mgp train (required)")
	c.Flags().IntVar(&o.samples, "samples", 0, "predictive samples per test point (default: the run's eval.samples)")
	c.Flags().Int64Var(&o.seed, "seed", -1, "sampling seed (default: the run's seed, which reproduces its result)")
	c.Flags().BoolVar(&o.write, "write", false, "store the new metrics in the run's result.json")
	c.Flags().StringVar(&o.latent, "latent", "", "SLGP/GPCDE: draws (w from p(w|x*), h from the encoder: the model's predictive), mean (the plug-in predictive, w and h at their means: what the draws add) or select (the one with the lower NLL on the run's held-out validation part); default: the run's own (eval.latent); never written when given")
	c.Flags().BoolVar(&o.partial, "partial", false, "score an unfinished run's parameters as they are (never with --write)")
	c.Flags().StringVar(&o.nll, "nll", "", "mnist runs: the Table 4 NLL estimator, kde (the paper's reading: per-pixel KDE of the samples; the default), joint (-log of the mean over the 200 Gaussian components of the product of the pixel densities, SLGP only) or kde-clipped (the KDE of the samples clipped to [0, 1], as Fig. 9 draws them: a diagnostic, not the paper's estimator); never written")
	c.Flags().StringVar(&o.points, "points-out", "", "also write one CSV row per test point: its inputs and outputs (original scale) and its NLL; the NLL column's mean is the test NLL (not for mnist)")
	_ = c.MarkFlagRequired("run")
	return c
}

// checkEstimator refuses an unknown --nll and any but the paper's KDE
// with --write (result.json holds the paper's estimator only).
func checkEstimator(o *evalOpts) error {
	if o.nll == "" {
		return nil
	}
	if !slices.Contains(train.Estimators, o.nll) {
		return inputErr(fmt.Errorf("--nll %q: give one of %s", o.nll, strings.Join(train.Estimators, ", ")))
	}
	if o.write && o.nll != train.EstimatorKDE {
		return inputErr(fmt.Errorf("--nll %s is not the estimator result.json records (the paper's kde): leave out --write", o.nll))
	}
	return nil
}

// checkEvalFinished refuses --write on an unfinished run (a result.json
// would mark it done) and hands any other eval to checkFinished.
func checkEvalFinished(cmd *cobra.Command, o *evalOpts, ck *train.Checkpoint) error {
	var ue *train.UnfinishedError
	if o.write && errors.As(train.CheckFinished(o.run, ck), &ue) {
		return inputErr(fmt.Errorf("--write: %v: nothing was written, a result.json would mark the run done; %s", ue, ue.Continue()))
	}
	return checkFinished(cmd, o.run, ck, o.partial, "score")
}

// checkFinished refuses (exit 2) the run in dir when its checkpoint ck is
// unfinished, unless partial: then it says on stderr at which iteration
// the parameters are. verb is what the command does with them.
func checkFinished(cmd *cobra.Command, dir string, ck *train.Checkpoint, partial bool, verb string) error {
	var ue *train.UnfinishedError
	if !errors.As(train.CheckFinished(dir, ck), &ue) {
		return nil
	}
	if !partial {
		return inputErr(fmt.Errorf("%v: its parameters are not the run's result; %s, or add --partial to %s the parameters as they are", ue, ue.Continue(), verb))
	}
	fmt.Fprintf(cmd.ErrOrStderr(), "warning: %s holds an unfinished run (--partial): its parameters are at %s, not the run's result\n", dir, ue.At())
	return nil
}

// resolveDataDirForRun applies the data-dir precedence with the saved
// config's data.dir as the config value.
func resolveDataDirForRun(g *globalOpts, run string) string {
	ck, err := train.LoadCheckpoint(filepath.Join(run, train.CheckpointFile))
	if err != nil {
		return resolveDataDir(g.dataDir, "")
	}
	return resolveDataDir(g.dataDir, ck.Config.Data.Dir)
}

// nonFiniteMetrics names the metrics that are NaN or infinite ("" if none).
func nonFiniteMetrics(m results.Metrics) string {
	var bad []string
	for _, x := range []struct {
		name string
		v    float64
	}{{"NLL", m.NLL}, {"standardised NLL", m.NLLStd}, {"RMSE", m.RMSE}} {
		if math.IsNaN(x.v) || math.IsInf(x.v, 0) {
			bad = append(bad, x.name)
		}
	}
	if m.ExactNLL != nil && (math.IsNaN(*m.ExactNLL) || math.IsInf(*m.ExactNLL, 0)) {
		bad = append(bad, "exact NLL")
	}
	return strings.Join(bad, ", ")
}

// evalPredictive returns the predictive that latent asks for (draws, mean,
// select; "" for the run's own, eval.latent).
func evalPredictive(cmd *cobra.Command, latent string, ck *train.Checkpoint, exp *train.Experiment, m models.Model) (models.Predictive, error) {
	if _, ok := m.(models.PlugInSampler); latent != "" && !ok {
		return "", inputErr(fmt.Errorf("--latent %s: %s has no latent variables to fix", latent, ck.Config.ModelName()))
	}
	switch latent {
	case "":
		return train.RunPredictive(ck), nil
	case train.LatentSelect:
		return selectPredictive(cmd, ck, exp, m)
	}
	return train.PredictiveFor(latent), nil
}

// selectPredictive scores the run's held-out validation part with the
// model's predictive (draws) and the plug-in one (mean) and returns the
// one train.ChoosePredictive picks; the test split is not read.
func selectPredictive(cmd *cobra.Command, ck *train.Checkpoint, exp *train.Experiment, m models.Model) (models.Predictive, error) {
	draws, err := train.ValidationNLL(cmd.Context(), ck, exp, m, models.Draws)
	if err != nil {
		return "", fmt.Errorf("--latent select: %w", err)
	}
	mean, err := train.ValidationNLL(cmd.Context(), ck, exp, m, models.PlugIn)
	if err != nil {
		return "", fmt.Errorf("--latent select: %w", err)
	}
	choice := train.ChoosePredictive(draws, mean)
	fmt.Fprintf(cmd.OutOrStdout(), "held-out choice of the predictive: %s (validation NLL %.4f with draws, %.4f with w and h at their means)\n", choice, draws, mean)
	return choice, nil
}
