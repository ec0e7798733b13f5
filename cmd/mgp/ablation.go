package main

import (
	"errors"
	"fmt"
	"math"

	"github.com/mgpteam/mgp/pkg/paper"
	"github.com/spf13/cobra"
)

// ablationOpts are the flags of mgp ablation.
type ablationOpts struct {
	runs, sweepFile, model, title, out string
	datasets, variants, labels         []string
	ymin, ymax                         float64
}

func newAblationCmd(_ *globalOpts) *cobra.Command {
	o := &ablationOpts{}
	c := &cobra.Command{
		Use:   "ablation (--sweep SWEEP.yaml | --runs DIR --model M --datasets A,B) -o FIG.png",
		Short: "Draw test NLL against iteration for the variants of a sweep tree (the paper's Figs. 4-6)",
		Long:  helpText("ablation"),
		Args:  cobra.NoArgs,
		RunE:  func(cmd *cobra.Command, _ []string) error { return runAblation(cmd, o) },
	}
	c.Flags().StringVar(&o.sweepFile, "sweep", "", "sweep file whose tree, model, data sets, variants and seeds to draw")
	c.Flags().StringVar(&o.runs, "runs", "", "sweep tree (default: the sweep file's out)")
	c.Flags().StringVar(&o.model, "model", "", "model whose runs to draw (default: the sweep file's only model)")
	c.Flags().StringSliceVar(&o.datasets, "datasets", nil, "data sets, one panel each, in this order (comma-separated)")
	c.Flags().StringSliceVar(&o.variants, "variants", nil, "variants, one line each, in this order (default: the sweep file's, or every one in the tree)")
	c.Flags().StringSliceVar(&o.labels, "labels", nil, "legend names of the variants, in the order of --variants (comma-separated)")
	c.Flags().StringVar(&o.title, "title", "", "title above the panels (default: the sweep file's description)")
	c.Flags().StringVarP(&o.out, "out", "o", "", "PNG file to write (required)")
	c.Flags().Float64Var(&o.ymin, "ymin", math.NaN(), "lower end of the test-NLL axis (default: fitted to the data)")
	c.Flags().Float64Var(&o.ymax, "ymax", math.NaN(), "upper end of the test-NLL axis (default: fitted to the data)")
	return c
}

// runAblation checks the flags and draws the figure.
func runAblation(cmd *cobra.Command, o *ablationOpts) error {
	switch {
	case o.out == "":
		return inputErr(fmt.Errorf("--out: give the PNG file to write"))
	case checkYRange(cmd, o.ymin, o.ymax) != nil:
		return inputErr(checkYRange(cmd, o.ymin, o.ymax))
	case o.runs == "" && o.sweepFile == "":
		return inputErr(fmt.Errorf("--runs: give the sweep tree (or --sweep FILE)"))
	case checkPictureOut(o.out) != nil:
		return checkPictureOut(o.out)
	}
	err := paper.Ablation(cmd.OutOrStdout(), cmd.ErrOrStderr(), paper.AblationOptions{
		Sweep: o.sweepFile, Runs: o.runs, Model: o.model, Datasets: o.datasets, Variants: o.variants,
		Labels: o.labels, Title: o.title, YMin: o.ymin, YMax: o.ymax, Out: o.out,
	})
	var nt *paper.NoTraceError
	if errors.As(err, &nt) {
		return inputErr(fmt.Errorf("%v: train with train.eval_every (e.g. --set train.eval_every=1000) to record it", nt))
	}
	return paperErr(err)
}

// checkYRange refuses an axis end given as NaN or infinite, or a --ymin
// not below --ymax; NaN (the flag's default) leaves that end to the data.
func checkYRange(cmd *cobra.Command, lo, hi float64) error {
	for _, name := range []string{"ymin", "ymax"} {
		if f := cmd.Flags().Lookup(name); f.Changed && f.Value.String() == "NaN" {
			return fmt.Errorf("--%s NaN: give a number, or leave the flag out to fit the axis to the data", name)
		}
	}
	for _, f := range []struct {
		name string
		v    float64
	}{{"--ymin", lo}, {"--ymax", hi}} {
		if math.IsInf(f.v, 0) {
			return fmt.Errorf("%s %v: give a finite value, or leave it out to fit the axis to the data", f.name, f.v)
		}
	}
	if lo >= hi {
		return fmt.Errorf("--ymin %v, --ymax %v: the lower end must be below the upper", lo, hi)
	}
	return nil
}
