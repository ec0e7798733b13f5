package main

import (
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"text/tabwriter"

	"github.com/mgpteam/mgp/pkg/data"
	"github.com/mgpteam/mgp/pkg/models"
	"github.com/mgpteam/mgp/pkg/plot"
	"github.com/mgpteam/mgp/pkg/train"
	"github.com/spf13/cobra"
	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/plot/vg"
)

type demoOpts struct {
	models       []string
	iters        int
	slgpIters    int
	paper        bool
	paperFigures bool
	out          string
	seed         uint64
	jobs         int
}

// Iteration counts of the demo.
const (
	demoIterations     = 2000  // default Adam steps per model and case
	demoSLGPIterations = 800   // default for the slow latent-input models
	paperIterations    = 10000 // the paper's toy setting (models.md §9.1)
)

// slowModels are the latent-input models, trained for --slgp-iterations:
// with S = 10 Monte Carlo samples through three MLPs a step costs them
// 15 to 35 SGP steps (SLGP on the hetero case: about 9 steps/s on one
// idle core).
var slowModels = []string{"slgp", "gpcde"}

// defaultDemoModels are the models the demo trains by default: the
// paper's models of Fig. 2 that are registered, in its order, then SVHGP
// (always registered; TestRegisteredPaperModels checks it).
func defaultDemoModels() []string {
	return append(registeredPaperModels(models.Names()), "svhgp")
}

func newDemoCmd(g *globalOpts) *cobra.Command {
	o := &demoOpts{}
	c := &cobra.Command{
		Use:   "demo",
		Short: "Train models on the three generated toy cases, print their test NLL table and draw Figs. 2 and 3",
		Long: `The demo needs no data files: it generates the heteroscedastic, step and moons
toy cases of the paper (models.md §9.1), trains each model full batch with Adam
(lr 0.005, M = 50), scores a held-out draw of each generator with the KDE NLL and
writes one PNG of predictive samples per model and case into --out.

With --paper-figures (make demo sets it) it also draws the paper's figures into
--out: figure2.png, one grid with the training data and one row per model of
SGP, SHGP, SMGP and SLGP that was trained (one sample of y and of f at each
test input), and figure3.png with SHGP's w(x) on hetero, a mixture model's
experts on step (a model with an Experts method, as SMGP) and SLGP's
latent means on moons; panels without a model are skipped with a note.

The paper trains every toy model for 10000 iterations. To keep the demo at
about 2 minutes on 2 cores it trains the GP models for 2000 iterations and
the latent-input models SLGP and GPCDE for 800 (--slgp-iterations): an SLGP
step costs 15-35 SGP steps, and 800 already separate the moons. --paper
trains every model for the paper's 10000 iterations (about 20 minutes on 2
idle cores, most of it SLGP on the hetero case at about 9 steps/s).`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return runDemo(cmd, g, o) },
	}
	c.Flags().StringSliceVar(&o.models, "models", defaultDemoModels(), "models to train (registered: "+strings.Join(models.Names(), ", ")+")")
	c.Flags().IntVar(&o.iters, "iterations", demoIterations, "Adam steps per model and case (the paper uses 10000)")
	c.Flags().IntVar(&o.slgpIters, "slgp-iterations", demoSLGPIterations, "Adam steps for SLGP and GPCDE (when not given: at most --iterations)")
	c.Flags().BoolVar(&o.paper, "paper", false, "train every model for the paper's 10000 iterations")
	c.Flags().BoolVar(&o.paperFigures, "paper-figures", false, "also draw the paper's Fig. 2 and Fig. 3 into --out (figure2.png, figure3.png)")
	c.Flags().StringVar(&o.out, "out", filepath.Join("runs", "demo"), "directory for the figures")
	c.Flags().Uint64Var(&o.seed, "seed", 0, "seed for the data and the models")
	c.Flags().IntVar(&o.jobs, "jobs", runtime.GOMAXPROCS(0), "trainings to run at once (results do not depend on it)")
	return c
}

// toyRunConfig is the paper's toy setting for one model (models.md §9.1).
func toyRunConfig(model, toy string, iters int, seed uint64) train.RunConfig {
	cfg := train.DefaultRunConfig()
	set := map[string]any{"m": 50}
	if model == "slgp" {
		set["inducing"] = "encoded" // models.md §5.3: design E on the toys
	}
	cfg.Model = train.MustModelConfig(model, set)
	cfg.Data = train.DataConfig{Name: toy, SplitSeed: seed}
	cfg.Train.Iterations = iters
	cfg.Train.BatchSize = 0
	cfg.Train.Seed = seed
	cfg.Train.LogEvery = max(iters/4, 1)
	return cfg
}

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
	w := cmd.OutOrStdout()
	nll, fits, err := demoTrainAll(cmd, g, o)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "\nTest NLL on the toy cases (KDE, 200 samples, standardised y; lower is better; %s)\n\n", o.iterationInfo())
	tw := tabwriter.NewWriter(w, 0, 4, 2, ' ', 0)
	fmt.Fprint(tw, "model")
	for _, toy := range data.ToyNames() {
		fmt.Fprintf(tw, "\t%s", toy)
	}
	fmt.Fprintln(tw)
	for _, mname := range o.models {
		fmt.Fprint(tw, mname)
		for _, toy := range data.ToyNames() {
			fmt.Fprintf(tw, "\t%.4f", nll[mname][toy])
		}
		fmt.Fprintln(tw)
	}
	tw.Flush()
	fmt.Fprintf(w, "\nfigures (one predictive sample per test input, as the paper's Fig. 2): %s\n", o.out)
	if !o.paperFigures {
		return nil
	}
	paths, err := writePaperFigures(fits, data.ToyNames(), o.out, o.seed, fmt.Sprintf("%s, seed %d", o.iterationInfo(), o.seed), g.stderr)
	if err != nil {
		return err
	}
	for _, p := range paths {
		fmt.Fprintf(w, "wrote %s\n", p)
	}
	return nil
}

// resolveIterations applies --paper and the default of --slgp-iterations
// (800, or --iterations if that is smaller) and checks the counts.
func (o *demoOpts) resolveIterations(cmd *cobra.Command) error {
	fl := cmd.Flags()
	if o.paper {
		if fl.Changed("iterations") || fl.Changed("slgp-iterations") {
			return inputErr(fmt.Errorf("--paper sets 10000 iterations for every model: drop --iterations and --slgp-iterations"))
		}
		o.iters, o.slgpIters = paperIterations, paperIterations
	} else if !fl.Changed("slgp-iterations") {
		o.slgpIters = min(o.slgpIters, o.iters)
	}
	if o.iters < 1 || o.slgpIters < 1 {
		return inputErr(fmt.Errorf("--iterations %d, --slgp-iterations %d: both must be at least 1", o.iters, o.slgpIters))
	}
	return nil
}

// itersFor is the number of Adam steps for model.
func (o *demoOpts) itersFor(model string) int {
	if slices.Contains(slowModels, model) {
		return o.slgpIters
	}
	return o.iters
}

// iterationInfo describes the iteration counts of the models trained.
func (o *demoOpts) iterationInfo() string {
	var slow []string
	for _, m := range o.models {
		if slices.Contains(slowModels, m) && o.slgpIters != o.iters {
			slow = append(slow, strings.ToUpper(m))
		}
	}
	if len(slow) == 0 {
		return fmt.Sprintf("%d iterations", o.iters)
	}
	return fmt.Sprintf("%d iterations, %s %d", o.iters, strings.Join(slow, " and "), o.slgpIters)
}

// demoJob is one (model, toy) training of the demo.
type demoJob struct{ model, toy string }

// demoJobs lists the demo's trainings, the costliest first so that the
// long ones do not start last: latent-input models before the others,
// larger toy cases (hetero 1000 points, step 500, moons 200) before
// smaller ones. The order changes only the wall time, not the results.
func demoJobs(o *demoOpts, toys []string) []demoJob {
	var jobs []demoJob
	for _, m := range o.models {
		for _, toy := range toys {
			jobs = append(jobs, demoJob{m, toy})
		}
	}
	cost := func(j demoJob) int {
		c := o.itersFor(j.model) * (len(toys) - slices.Index(toys, j.toy))
		if slices.Contains(slowModels, j.model) {
			c *= 15
		}
		return c
	}
	slices.SortStableFunc(jobs, func(a, b demoJob) int { return cost(b) - cost(a) })
	return jobs
}

// demoTrainAll trains every (model, toy) pair, o.jobs at a time, draws each
// pair's figures and returns the test NLLs by model and toy and the fits
// for the paper's figures. Every run has its own seeded RNG, so the numbers
// do not depend on o.jobs; with more than one job the progress bar gives
// way to plain log lines.
func demoTrainAll(cmd *cobra.Command, g *globalOpts, o *demoOpts) (map[string]map[string]float64, toyFits, error) {
	jobs := demoJobs(o, data.ToyNames())
	tty := train.IsTerminal(os.Stderr) && o.jobs == 1
	var logw io.Writer = g.stderr
	if o.jobs > 1 {
		logw = &lockedWriter{w: g.stderr}
	}
	nlls := make([]float64, len(jobs))
	outs := make([]*train.Outcome, len(jobs))
	errs := make([]error, len(jobs))
	sem := make(chan struct{}, o.jobs)
	var wg sync.WaitGroup
	var plotMu sync.Mutex // gonum/plot's font cache is shared: draw one figure at a time
	for i, j := range jobs {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			cfg := toyRunConfig(j.model, j.toy, o.itersFor(j.model), o.seed)
			out, err := train.Run(cmd.Context(), cfg, train.Options{Log: logw, TTY: tty, Quiet: g.quiet})
			if err != nil {
				errs[i] = fmt.Errorf("%s on %s: %w", j.model, j.toy, err)
				return
			}
			nlls[i], outs[i] = out.Result.Metrics.NLLStd, out
			plotMu.Lock()
			defer plotMu.Unlock()
			errs[i] = demoFigure(fitOf(out, j.toy), filepath.Join(o.out, fmt.Sprintf("%s-%s.png", j.toy, j.model)), o.seed)
		}()
	}
	wg.Wait()
	nll := map[string]map[string]float64{}
	fits := toyFits{}
	for i, j := range jobs {
		if errs[i] != nil {
			return nil, nil, errs[i]
		}
		if nll[j.model] == nil {
			nll[j.model] = map[string]float64{}
		}
		nll[j.model][j.toy] = nlls[i]
		fits.add(j.model, fitOf(outs[i], j.toy))
	}
	return nll, fits, nil
}

// fitOf is the toyFit of a finished toy run.
func fitOf(out *train.Outcome, toy string) *toyFit {
	return &toyFit{model: out.Model, toy: toy, xTrain: out.Exp.XTrain, yTrain: out.Exp.YTrain, xTest: out.Exp.PlotX}
}

// lockedWriter serialises writes from concurrent trainings.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

// Write writes p to the underlying writer under the lock.
func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

// demoFigure draws one y- and one f-sample per test input over the training
// data (normalised units), and the model's latent variable where it has
// one, with the legends beside the plots.
func demoFigure(f *toyFit, path string, seed uint64) error {
	name := strings.ToUpper(f.model.Name())
	x, ys, fs := oneSample(f, seed)
	latent := strings.TrimSuffix(path, ".png") + "-latent.png"
	if mod, ok := f.model.(models.Modulator); ok {
		mean, v := mod.Modulation(f.xTest)
		sd := make([]float64, len(v))
		for i, x := range v {
			sd[i] = math.Sqrt(max(x, 0))
		}
		bp, err := plot.Band(fmt.Sprintf("%s on %s: latent modulation (Fig. 3)", name, f.toy), x, mean, sd, "mean of q(w)")
		if err != nil {
			return err
		}
		bp.Y.Label.Text = "w"
		if err := plot.SavePNGLegendRight(bp, 6*vg.Inch, 3.5*vg.Inch, latent); err != nil {
			return err
		}
	}
	if lm, ok := f.model.(models.LatentMeaner); ok {
		post, prior := lm.LatentMeans(f.xTrain, f.yTrain)
		xtr := mat.Col(nil, 0, f.xTrain)
		lp, err := plot.Points(fmt.Sprintf("%s on %s: means of q(w|x,y) and p(w|x) (Fig. 3)", name, f.toy),
			"x (normalised)", "w", map[string][2][]float64{"posterior q(w|x,y)": {xtr, post}, "prior p(w|x)": {xtr, prior}})
		if err != nil {
			return err
		}
		if err := plot.SavePNGLegendRight(lp, 6.5*vg.Inch, 3.5*vg.Inch, latent); err != nil {
			return err
		}
	}
	p, err := plot.ToyScatter(fmt.Sprintf("%s on %s", name, f.toy), x, perPoint(ys), perPoint(fs),
		mat.Col(nil, 0, f.xTrain), mat.Col(nil, 0, f.yTrain))
	if err != nil {
		return err
	}
	return plot.SavePNGLegendRight(p, 6*vg.Inch, 3.5*vg.Inch, path)
}
