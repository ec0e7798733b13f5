package paper

import (
	"context"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/mgpteam/mgp/pkg/data"
	"github.com/mgpteam/mgp/pkg/models"
	"github.com/mgpteam/mgp/pkg/runconfig"
)

// Iteration counts of the demo.
const (
	// DemoIterations is the default number of Adam steps per model and case.
	DemoIterations = 2000
	// DemoSlowIterations is the default for the slow latent-input models.
	DemoSlowIterations = 800
	// PaperIterations is the paper's toy setting (models.md §9.1).
	PaperIterations = 10000
)

// DemoOptions say what Demo trains and draws.
type DemoOptions struct {
	// Models are the models to train.
	Models []string
	// Iterations is the number of Adam steps per model and case.
	Iterations int
	// SlowIterations is the number of Adam steps of the slow
	// latent-input models (SLGP, GPCDE).
	SlowIterations int
	// PaperFigures also draws the paper's Figs. 2 and 3 into Out.
	PaperFigures bool
	// Out is the directory of the figures.
	Out string
	// Seed seeds the data and the models.
	Seed uint64
	// Jobs is the number of trainings run at once (the results do not
	// depend on it).
	Jobs int
	// Quiet turns off the trainings' progress output.
	Quiet bool
	// Log receives the trainings' log lines and the figures' notes.
	Log io.Writer
}

// slowModel reports whether model is a latent-input model (the registry's
// LatentPredictive capability), trained for SlowIterations: with S = 10
// Monte Carlo samples through three MLPs a step costs them 15 to 35 SGP
// steps (SLGP on the hetero case: about 9 steps/s on one idle core).
func slowModel(model string) bool {
	e, err := models.Lookup(model)
	return err == nil && e.Caps.LatentPredictive
}

// DefaultDemoModels are the models the demo trains by default: the
// paper's models of Fig. 2 that are registered, in its order, then SVHGP
// (always registered; TestRegisteredPaperModels checks it).
func DefaultDemoModels() []string {
	return append(registeredPaperModels(models.Names()), "svhgp")
}

// toyRunConfig is the paper's toy setting for one model (models.md §9.1).
func toyRunConfig(model, toy string, iters int, seed uint64) runconfig.RunConfig {
	cfg := runconfig.DefaultRunConfig()
	set := map[string]any{"m": 50}
	if models.HasKey(model, "inducing") {
		set["inducing"] = "encoded" // SLGP's design E on the toys (models.md §5.3)
	}
	cfg.Model = runconfig.MustModelConfig(model, set)
	cfg.Data = runconfig.DataConfig{Name: toy, SplitSeed: seed}
	cfg.Train.Iterations = iters
	cfg.Train.BatchSize = 0
	cfg.Train.Seed = seed
	cfg.Train.LogEvery = max(iters/4, 1)
	return cfg
}

// Demo trains every model of o on the three toy cases, o.Jobs at a time,
// draws each fit into o.Out, prints the table of their test NLLs to stdout
// and, with o.PaperFigures, draws the paper's Figs. 2 and 3.
func Demo(ctx context.Context, stdout io.Writer, o DemoOptions) error {
	nll, fits, err := demoTrainAll(ctx, o)
	if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "\nTest NLL on the toy cases (KDE, 200 samples, standardised y; lower is better; %s)\n\n", o.iterationInfo())
	tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
	fmt.Fprint(tw, "model")
	for _, toy := range data.ToyNames() {
		fmt.Fprintf(tw, "\t%s", toy)
	}
	fmt.Fprintln(tw)
	for _, mname := range o.Models {
		fmt.Fprint(tw, mname)
		for _, toy := range data.ToyNames() {
			fmt.Fprintf(tw, "\t%.4f", nll[mname][toy])
		}
		fmt.Fprintln(tw)
	}
	tw.Flush()
	fmt.Fprintf(stdout, "\nfigures (one predictive sample per test input, as the paper's Fig. 2): %s\n", o.Out)
	if !o.PaperFigures {
		return nil
	}
	paths, err := writePaperFigures(fits, data.ToyNames(), o.Out, o.Seed, fmt.Sprintf("%s, seed %d", o.iterationInfo(), o.Seed), o.Log)
	if err != nil {
		return err
	}
	for _, p := range paths {
		fmt.Fprintf(stdout, "wrote %s\n", p)
	}
	return nil
}

// itersFor is the number of Adam steps for model.
func (o DemoOptions) itersFor(model string) int {
	if slowModel(model) {
		return o.SlowIterations
	}
	return o.Iterations
}

// iterationInfo describes the iteration counts of the models trained.
func (o DemoOptions) iterationInfo() string {
	var slow []string
	for _, m := range o.Models {
		if slowModel(m) && o.SlowIterations != o.Iterations {
			slow = append(slow, strings.ToUpper(m))
		}
	}
	if len(slow) == 0 {
		return fmt.Sprintf("%d iterations", o.Iterations)
	}
	return fmt.Sprintf("%d iterations, %s %d", o.Iterations, strings.Join(slow, " and "), o.SlowIterations)
}
