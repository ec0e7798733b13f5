package main

import (
	"errors"
	"fmt"
	"math"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/mgpteam/mgp/pkg/data"
	"github.com/mgpteam/mgp/pkg/eval"
	"github.com/mgpteam/mgp/pkg/models"
	"github.com/mgpteam/mgp/pkg/results"
	"github.com/mgpteam/mgp/pkg/train"
	"github.com/spf13/cobra"
	"gonum.org/v1/gonum/mat"
)

type predictOpts struct {
	run, input, out string
	samples         int
	quantiles       []float64
	raw             bool
	seed            uint64
	partial         bool
	ids             []string
	keepColumns     bool
}

func newPredictCmd(g *globalOpts) *cobra.Command {
	o := &predictOpts{}
	c := &cobra.Command{
		Use:   "predict --run DIR --input X.csv --out PRED.csv",
		Short: "Predict at new inputs: mean, sd, quantiles and (optionally) raw samples, original units",
		Long: `Read a CSV of raw inputs (a header, then one row per point with the training
inputs' columns in training order), draw predictive samples from a saved run and
write one CSV row per input: mean, sd and the requested quantiles on the original
y scale, and with --raw-samples every sample, so that any tool can re-score them.

A run with several outputs (data.target naming several columns) writes one block
of these columns per output, each headed by the target's name: y1_mean, y1_sd,
y1_q0.025, ..., y2_mean, ... A single output keeps the plain names (mean, sd, ...).

--id COL (repeatable, or comma-separated) names input columns the model does
not use, such as a row identifier: they are allowed in the input and copied,
as text, into the first columns of the output, so each prediction row can be
joined back to its input. Any other column the model does not know is refused
(a misspelt input name is an error, not silently dropped).

When done, predict prints one line on stdout: the rows predicted, the output
file, the run and the iteration whose parameters were used, and the predictive
(the model's own draws, or the plug-in with the latent variables at their
means when the run settled on it).`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return runPredict(cmd, g, o) },
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
	for _, f := range []string{"run", "input", "out"} {
		_ = c.MarkFlagRequired(f)
	}
	return c
}

func runPredict(cmd *cobra.Command, g *globalOpts, o *predictOpts) error {
	if o.samples < 2 {
		return inputErr(fmt.Errorf("--samples %d: need at least 2", o.samples))
	}
	if st, err := os.Stat(o.out); err == nil && st.IsDir() {
		return inputErr(fmt.Errorf("--out %s is a directory: give the name of the CSV file to write", o.out))
	}
	for _, q := range o.quantiles {
		if q < 0 || q > 1 {
			return inputErr(fmt.Errorf("--quantiles: %g is not in [0, 1]", q))
		}
	}
	ck, info, m, err := train.LoadForPredict(o.run, resolveDataDirForRun(g, o.run))
	if err != nil {
		return err
	}
	if err := checkFinished(cmd, o.run, ck, o.partial, "predict with"); err != nil {
		return err
	}
	// The run's own predictive (the plug-in when it settled on it).
	if m, err = models.WithPredictive(m, train.RunPredictive(ck)); err != nil {
		return inputErr(err)
	}
	dx := len(info.Std.XMean)
	if o.keepColumns {
		if len(o.ids) > 0 {
			return inputErr(errors.New("--keep-columns copies every non-input column already: drop --id, or --keep-columns to copy only the --id ones"))
		}
		if o.ids, err = nonInputColumns(o.input, info.XNames, dx); err != nil {
			return err
		}
	}
	X, err := readInputs(o.input, dx, info.XNames, info.YNames, o.ids)
	if err != nil {
		return err
	}
	idRows, err := readIDs(o.input, o.ids, X)
	if err != nil {
		return err
	}
	Xs := info.Std.TransformX(X)
	n, _ := Xs.Dims()
	dy := len(info.Std.YMean)
	prefixes := outputPrefixes(info.YNames, dy)
	P := o.samples
	head := make([]string, 0, len(o.ids)+dy*(2+len(o.quantiles)+P))
	head = append(head, o.ids...)
	for _, pre := range prefixes {
		head = append(head, pre+"mean", pre+"sd")
		for _, q := range o.quantiles {
			head = append(head, pre+"q"+strconv.FormatFloat(q, 'g', -1, 64))
		}
		if o.raw {
			for p := 0; p < P; p++ {
				head = append(head, fmt.Sprintf("%ss%d", pre, p))
			}
		}
	}
	ctx := cmd.Context()
	rng := train.NewRNG(o.seed)
	rows := train.BlockRows(P, dy)
	num := results.FormatCSVFloat
	err = results.WriteCSVAtomic(o.out, head, func(emit func([]string) error) error {
		row := make([]string, 0, len(head))
		// Blocks of rows bound the samples held at once; the generator runs
		// on through the blocks, so any input of at most BlockRows rows gets
		// the samples of a single Sample call.
		for i0 := 0; i0 < n; i0 += rows {
			if ctx != nil {
				if err := ctx.Err(); err != nil {
					return err
				}
			}
			i1 := min(n, i0+rows)
			nb := i1 - i0
			ys, _ := m.Sample(Xs.Slice(i0, i1, 0, dx).(*mat.Dense), P, rng)
			if r, c := ys.Dims(); r != P || c != nb*dy {
				return fmt.Errorf("model %s drew %d x %d samples for %d inputs x %d outputs", m.Name(), r, c, nb, dy)
			}
			// Back to the original scale, output d by its own statistics.
			for p := 0; p < P; p++ {
				for i := 0; i < nb; i++ {
					for d := 0; d < dy; d++ {
						j := i*dy + d
						v := info.Std.YMean[d] + info.Std.YStd[d]*ys.At(p, j)
						if math.IsNaN(v) || math.IsInf(v, 0) {
							return fmt.Errorf("the prediction for input row %d is not finite (%v): the saved model overflows; nothing was written", i0+i+1, v)
						}
						ys.Set(p, j, v)
					}
				}
			}
			mean, std := eval.SampleMeanStd(ys)
			qs := eval.SampleQuantiles(ys, o.quantiles)
			for i := 0; i < nb; i++ {
				row = row[:0]
				if idRows != nil {
					row = append(row, idRows[i0+i]...)
				}
				for d := 0; d < dy; d++ {
					j := i*dy + d
					row = append(row, num(mean[j]), num(std[j]))
					for k := range o.quantiles {
						row = append(row, num(qs.At(k, j)))
					}
					if o.raw {
						for p := 0; p < P; p++ {
							row = append(row, num(ys.At(p, j)))
						}
					}
				}
				if err := emit(row); err != nil {
					return err
				}
			}
		}
		return nil
	})
	if err != nil {
		return err
	}
	fmt.Fprintln(cmd.OutOrStdout(), predictSummary(n, o.out, o.run, ck))
	return nil
}

// outputPrefixes returns the column-name prefix of each output's block:
// none for a single output (columns mean, sd, q…, s…), otherwise the
// target's name and an underscore (y1_mean, y1_sd, …), or y1_, y2_, … when
// the run did not record one name per output.
func outputPrefixes(names []string, dy int) []string {
	out := make([]string, dy)
	if dy == 1 {
		return out
	}
	for d := range out {
		name := fmt.Sprintf("y%d", d+1)
		if len(names) == dy && strings.TrimSpace(names[d]) != "" {
			name = names[d]
		}
		out[d] = name + "_"
	}
	return out
}

// readInputs reads a headed CSV of inputs with the training loader's
// reader (data.ReadCSVColumns: byte-order mark stripped, the same number
// syntax). When the run recorded its input columns' names, columns are
// matched by name in any order (columns named like a target are ignored and
// not parsed; any other unknown or missing name is an error); otherwise the
// file must hold exactly d columns in training order. The --id columns ids
// are never parsed as inputs (unless the run names one as an input) and
// are left out of both rules. Errors name the file,
// line and column.
func readInputs(path string, d int, names, targets, ids []string) (*mat.Dense, error) {
	return data.ReadCSVColumns(path, func(header []string) ([]int, error) {
		return inputColumns(path, header, d, names, targets, ids)
	})
}

// inputColumns maps each training input to its column in header.
func inputColumns(path string, header []string, d int, names, targets, ids []string) ([]int, error) {
	if len(names) != d {
		var col []int
		for j, h := range header {
			if !slices.Contains(ids, strings.TrimSpace(h)) {
				col = append(col, j)
			}
		}
		if len(col) != d {
			return nil, inputErr(fmt.Errorf("%s: %d columns besides --id, the model was trained on %d inputs (in training order; this run did not record their names)", path, len(col), d))
		}
		return col, nil
	}
	at := map[string]int{}
	for c, h := range header {
		h = strings.TrimSpace(h)
		if _, dup := at[h]; dup {
			return nil, inputErr(fmt.Errorf("%s: column %q appears twice in the header", path, h))
		}
		at[h] = c
	}
	col := make([]int, d)
	var missing []string
	for j, n := range names {
		c, ok := at[n]
		if !ok {
			missing = append(missing, n)
			continue
		}
		col[j] = c
		delete(at, n)
	}
	for _, t := range slices.Concat(targets, ids) {
		delete(at, t)
	}
	var unknown []string
	for _, h := range header {
		if _, ok := at[strings.TrimSpace(h)]; ok {
			unknown = append(unknown, strings.TrimSpace(h))
		}
	}
	if len(missing) > 0 || len(unknown) > 0 {
		msg := fmt.Sprintf("%s: the header must name the training inputs (%s)", path, strings.Join(names, ", "))
		if len(missing) > 0 {
			msg += "; missing: " + strings.Join(missing, ", ")
		}
		if len(unknown) > 0 {
			msg += "; unknown: " + strings.Join(unknown, ", ")
		}
		return nil, inputErr(errors.New(msg))
	}
	return col, nil
}
