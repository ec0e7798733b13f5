package main

import (
	"errors"
	"fmt"
	"slices"

	"github.com/mgpteam/mgp/pkg/checkpoint"
	"github.com/mgpteam/mgp/pkg/outpath"
	"github.com/mgpteam/mgp/pkg/predict"
	"github.com/mgpteam/mgp/pkg/runconfig"
	"github.com/spf13/cobra"
)

// predictOpts are the flags of mgp predict.
type predictOpts struct {
	run, input, out                      string
	samples                              int
	quantiles                            []float64
	seed                                 uint64
	ids                                  []string
	raw, partial, keepColumns, overwrite bool
}

func newPredictCmd(g *globalOpts) *cobra.Command {
	o := &predictOpts{}
	c := &cobra.Command{
		Use:   "predict --run DIR --input X.csv --out PRED.csv",
		Short: "Predict at new inputs: mean, sd, quantiles and (optionally) raw samples, original units",
		Long:  helpText("predict"),
		Args:  cobra.NoArgs,
		RunE:  func(cmd *cobra.Command, _ []string) error { return runPredict(cmd, g, o) },
	}
	c.Flags().StringVar(&o.run, "run", "", "run directory written by mgp train (required)")
	c.Flags().StringVar(&o.input, "input", "", "CSV of inputs (required)")
	c.Flags().StringVar(&o.out, "out", "", "output CSV (required)")
	c.Flags().IntVar(&o.samples, "samples", 200, "predictive samples per input")
	c.Flags().Float64SliceVar(&o.quantiles, "quantiles", []float64{0.025, 0.5, 0.975}, "quantiles to report")
	c.Flags().BoolVar(&o.raw, "raw-samples", false, "also write every predictive sample (columns s0..s{P-1})")
	c.Flags().Uint64Var(&o.seed, "seed", 0, "sampling seed")
	c.Flags().BoolVar(&o.partial, "partial", false, "predict with an unfinished run's parameters as they are")
	c.Flags().StringSliceVar(&o.ids, "id", nil, "input column(s) to copy into the output, e.g. a row id (not model inputs)")
	c.Flags().BoolVar(&o.keepColumns, "keep-columns", false, "copy every column that is not a model input into the output (as --id does for named ones)")
	c.Flags().BoolVar(&o.overwrite, "overwrite", false, "replace an existing --out file even when it is not a CSV file (by its extension)")
	markRequired(c, "run", "input", "out")
	return c
}

// runPredict checks the flags, restores the run (pkg/predict), reads the
// inputs and writes the predictions.
func runPredict(cmd *cobra.Command, g *globalOpts, o *predictOpts) error {
	if err := checkPredictFlags(o); err != nil {
		return err
	}
	if err := checkNotCompareDir("--run", o.run); err != nil {
		return err
	}
	p, err := predict.Load(o.run, resolveDataDirForRun(g, o.run))
	if err != nil {
		return err
	}
	if err := checkFinished(cmd, o.run, p.Checkpoint, o.partial, "predict with"); err != nil {
		return err
	}
	ids := o.ids
	if o.keepColumns {
		if len(ids) > 0 {
			return inputErr(errors.New("--keep-columns copies every non-input column already: drop --id, or --keep-columns to copy only the --id ones"))
		}
		if ids, err = p.OtherColumns(o.input); err != nil {
			return predictErr(err)
		}
	}
	in, err := p.ReadCSV(o.input, ids)
	if err != nil {
		return predictErr(err)
	}
	opts := predict.Options{Samples: o.samples, Quantiles: o.quantiles, Seed: o.seed, KeepSamples: o.raw}
	if err := p.WriteCSV(cmd.Context(), o.out, in, opts); err != nil {
		return err
	}
	n, _ := in.X.Dims()
	fmt.Fprintln(cmd.OutOrStdout(), predictSummary(n, o.out, o.run, p.Checkpoint))
	return nil
}

// checkPredictFlags refuses too few --samples, an --out that package
// outpath does not allow (the input, a run's file, a directory, ...) and
// --quantiles levels that are not distinct numbers strictly between 0 and 1.
func checkPredictFlags(o *predictOpts) error {
	if o.samples < predict.MinSamples || o.samples > runconfig.MaxSamples {
		return inputErr(fmt.Errorf("--samples %d: need at least %d and at most %d", o.samples, predict.MinSamples, runconfig.MaxSamples))
	}
	if err := checkOutFlag("--out", o.out, outpath.Policy{Inputs: []string{o.input}, Exts: csvOutput, Overwrite: o.overwrite}, true); err != nil {
		return err
	}
	for i, q := range o.quantiles {
		if !(q > 0 && q < 1) {
			return inputErr(fmt.Errorf("--quantiles: %g is not strictly between 0 and 1 (the sample minimum and maximum are not quantile estimates)", q))
		}
		if slices.Contains(o.quantiles[:i], q) {
			return inputErr(fmt.Errorf("--quantiles: %g is given twice", q))
		}
	}
	return nil
}

// predictErr words pkg/predict's errors about the input file with the
// flags that set it up (--id, --keep-columns).
func predictErr(err error) error {
	var (
		ce *predict.ColumnCountError
		ie *predict.IDError
	)
	switch {
	case errors.As(err, &ce):
		return inputErr(fmt.Errorf("%s: %d columns besides --id, the model was trained on %d inputs (in training order; this run did not record their names)", ce.Path, ce.Have, ce.Want))
	case errors.As(err, new(*predict.NoInputNamesError)):
		return inputErr(errors.New("--keep-columns: this run did not record its input columns' names, so the other columns cannot be told apart: name them with --id"))
	case !errors.As(err, &ie):
		return err
	case ie.Problem == predict.IDSpaces:
		return inputErr(fmt.Errorf("--id %q: give a column name without surrounding spaces", ie.Name))
	case ie.Problem == predict.IDTwice:
		return inputErr(fmt.Errorf("--id %s: named twice", ie.Name))
	case ie.Problem == predict.IDRows:
		return fmt.Errorf("%s: read %d rows of --id columns but %d rows of inputs", ie.Path, ie.Rows, ie.InputRows)
	}
	return inputErr(fmt.Errorf("--id: %w", ie.Err))
}

// predictSummary is the line predict prints when done: rows predicted, the
// output file, the run, the iteration whose parameters it used and the
// predictive.
func predictSummary(n int, out, run string, ck *checkpoint.Checkpoint) string {
	at, unfinished := predict.ParamsAt(ck)
	if unfinished {
		at += ", --partial"
	}
	return fmt.Sprintf("predicted %d rows into %s with run %s (%s, model %s), predictive: %s",
		n, out, run, at, ck.Config.ModelName(), predict.PredictiveWords(ck))
}
