package main

import (
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"

	"github.com/mgpteam/mgp/pkg/eval"
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
y1_q0.025, ..., y2_mean, ... A single output keeps the plain names (mean, sd, ...).`,
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
	for _, f := range []string{"run", "input", "out"} {
		_ = c.MarkFlagRequired(f)
	}
	return c
}

func runPredict(cmd *cobra.Command, g *globalOpts, o *predictOpts) error {
	if o.samples < 2 {
		return inputErr(fmt.Errorf("--samples %d: need at least 2", o.samples))
	}
	for _, q := range o.quantiles {
		if q < 0 || q > 1 {
			return inputErr(fmt.Errorf("--quantiles: %g is not in [0, 1]", q))
		}
	}
	_, exp, m, err := train.LoadRun(o.run, resolveDataDirForRun(g, o.run))
	if err != nil {
		return err
	}
	_, dx := exp.XTrain.Dims()
	X, err := readInputs(o.input, dx)
	if err != nil {
		return err
	}
	Xs := exp.Std.TransformX(X)
	n, _ := Xs.Dims()
	dy := len(exp.Std.YMean)
	prefixes := outputPrefixes(exp.YNames, dy)
	P := o.samples
	head := make([]string, 0, dy*(2+len(o.quantiles)+P))
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
	return eval.WriteFileAtomic(o.out, func(w io.Writer) error {
		cw := csv.NewWriter(w)
		if err := cw.Write(head); err != nil {
			return err
		}
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
						ys.Set(p, j, exp.Std.YMean[d]+exp.Std.YStd[d]*ys.At(p, j))
					}
				}
			}
			mean, std := eval.SampleMeanStd(ys)
			qs := eval.SampleQuantiles(ys, o.quantiles)
			for i := 0; i < nb; i++ {
				row = row[:0]
				for d := 0; d < dy; d++ {
					j := i*dy + d
					row = append(row, fmtF(mean[j]), fmtF(std[j]))
					for k := range o.quantiles {
						row = append(row, fmtF(qs.At(k, j)))
					}
					if o.raw {
						for p := 0; p < P; p++ {
							row = append(row, fmtF(ys.At(p, j)))
						}
					}
				}
				if err := cw.Write(row); err != nil {
					return err
				}
			}
		}
		cw.Flush()
		return cw.Error()
	})
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

func fmtF(x float64) string { return strconv.FormatFloat(x, 'g', 10, 64) }

// readInputs reads a headed CSV of d numeric columns; errors name the line
// and column.
func readInputs(path string, d int) (*mat.Dense, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, inputErr(fmt.Errorf("--input: %w", err))
	}
	defer f.Close()
	r := csv.NewReader(f)
	r.FieldsPerRecord = -1
	recs, err := r.ReadAll()
	if err != nil {
		return nil, inputErr(fmt.Errorf("%s: %v", path, err))
	}
	if len(recs) < 2 {
		return nil, inputErr(fmt.Errorf("%s: need a header line and at least one row of inputs", path))
	}
	X := mat.NewDense(len(recs)-1, d, nil)
	for i, rec := range recs[1:] {
		line := i + 2
		if len(rec) != d {
			return nil, inputErr(fmt.Errorf("%s:%d: %d columns, the model was trained on %d inputs", path, line, len(rec), d))
		}
		for j, s := range rec {
			v, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
			if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
				return nil, inputErr(fmt.Errorf("%s:%d: column %d (%q) is not a finite number", path, line, j+1, s))
			}
			X.Set(i, j, v)
		}
	}
	return X, nil
}
