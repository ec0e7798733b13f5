package main

import (
	"fmt"
	"path/filepath"
	"runtime"
	"slices"
	"strings"

	"github.com/mgpteam/mgp/pkg/models"
	"github.com/mgpteam/mgp/pkg/paper"
	"github.com/spf13/cobra"
)

// demoOpts are the flags of mgp demo.
type demoOpts struct {
	models                 []string
	iters, slgpIters, jobs int
	paper, paperFigures    bool
	out                    string
	seed                   uint64
}

func newDemoCmd(g *globalOpts) *cobra.Command {
	o := &demoOpts{}
	c := &cobra.Command{
		Use:   "demo",
		Short: "Train models on the three generated toy cases, print their test NLL table and draw Figs. 2 and 3",
		Long:  helpText("demo"),
		Args:  cobra.NoArgs,
		RunE:  func(cmd *cobra.Command, _ []string) error { return runDemo(cmd, g, o) },
	}
	c.Flags().StringSliceVar(&o.models, "models", paper.DefaultDemoModels(), "models to train (registered: "+strings.Join(models.Names(), ", ")+")")
	c.Flags().IntVar(&o.iters, "iterations", paper.DemoIterations, "Adam steps per model and case (the paper uses 10000)")
	c.Flags().IntVar(&o.slgpIters, "slgp-iterations", paper.DemoSlowIterations, "Adam steps for SLGP and GPCDE (when not given: at most --iterations)")
	c.Flags().BoolVar(&o.paper, "paper", false, "train every model for the paper's 10000 iterations")
	c.Flags().BoolVar(&o.paperFigures, "paper-figures", false, "also draw the paper's Fig. 2 and Fig. 3 into --out (figure2.png, figure3.png)")
	c.Flags().StringVar(&o.out, "out", filepath.Join("runs", "demo"), "directory for the figures")
	c.Flags().Uint64Var(&o.seed, "seed", 0, "seed for the data and the models")
	c.Flags().IntVar(&o.jobs, "jobs", runtime.GOMAXPROCS(0), "trainings to run at once (results do not depend on it)")
	return c
}

// runDemo checks the flags and runs the demo.
func runDemo(cmd *cobra.Command, g *globalOpts, o *demoOpts) error {
	for _, m := range o.models {
		if !slices.Contains(models.Names(), m) {
			return inputErr(fmt.Errorf("--models: unknown model %q: known models are %s", m, strings.Join(models.Names(), ", ")))
		}
	}
	if o.jobs < 1 {
		return inputErr(fmt.Errorf("--jobs: must be at least 1, got %d", o.jobs))
	}
	if err := o.resolveIterations(cmd); err != nil {
		return err
	}
	return paperErr(paper.Demo(cmd.Context(), cmd.OutOrStdout(), paper.DemoOptions{
		Models: o.models, Iterations: o.iters, SlowIterations: o.slgpIters, PaperFigures: o.paperFigures,
		Out: o.out, Seed: o.seed, Jobs: o.jobs, Quiet: g.quiet, Log: g.stderr,
	}))
}

// resolveIterations applies --paper and the default of --slgp-iterations
// (800, or --iterations if that is smaller) and checks the counts.
func (o *demoOpts) resolveIterations(cmd *cobra.Command) error {
	fl := cmd.Flags()
	if o.paper {
		if fl.Changed("iterations") || fl.Changed("slgp-iterations") {
			return inputErr(fmt.Errorf("--paper sets 10000 iterations for every model: drop --iterations and --slgp-iterations"))
		}
		o.iters, o.slgpIters = paper.PaperIterations, paper.PaperIterations
	} else if !fl.Changed("slgp-iterations") {
		o.slgpIters = min(o.slgpIters, o.iters)
	}
	if o.iters < 1 || o.slgpIters < 1 {
		return inputErr(fmt.Errorf("--iterations %d, --slgp-iterations %d: both must be at least 1", o.iters, o.slgpIters))
	}
	return nil
}
