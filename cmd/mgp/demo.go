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
	"github.com/mgpteam/mgp/pkg/eval/plot"
	"github.com/mgpteam/mgp/pkg/models"
	"github.com/mgpteam/mgp/pkg/train"
	"github.com/spf13/cobra"
	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/plot/vg"
)

type demoOpts struct {
	models []string
	iters  int
	out    string
	seed   uint64
	jobs   int
}

// demoModels are the models the demo trains by default.
var demoModels = []string{"sgp", "shgp", "svhgp"}

func newDemoCmd(g *globalOpts) *cobra.Command {
	o := &demoOpts{}
	c := &cobra.Command{
		Use:   "demo",
		Short: "Train models on the three generated toy cases, print their test NLL table and draw Fig. 2",
		Long: `The demo needs no data files: it generates the heteroscedastic, step and moons
toy cases of the paper (models.md §9.1), trains each model full batch with Adam
(lr 0.005, M = 50), scores a held-out draw of each generator with the KDE NLL and
writes one PNG of predictive samples per model and case into --out.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return runDemo(cmd, g, o) },
	}
	c.Flags().StringSliceVar(&o.models, "models", demoModels, "models to train (registered: "+strings.Join(models.Names(), ", ")+")")
	c.Flags().IntVar(&o.iters, "iterations", 2000, "Adam steps per model and case (the paper uses 10000)")
	c.Flags().StringVar(&o.out, "out", filepath.Join("runs", "demo"), "directory for the figures")
	c.Flags().Uint64Var(&o.seed, "seed", 0, "seed for the data and the models")
	c.Flags().IntVar(&o.jobs, "jobs", runtime.GOMAXPROCS(0), "trainings to run at once (results do not depend on it)")
	return c
}

// toyRunConfig is the paper's toy setting for one model (models.md §9.1).
func toyRunConfig(model, toy string, iters int, seed uint64) train.RunConfig {
	cfg := train.DefaultRunConfig()
	cfg.Model = map[string]any{"name": model, "m": 50}
	if model == "slgp" {
		cfg.Model["inducing"] = "encoded" // models.md §5.3: design E on the toys
	}
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
	w := cmd.OutOrStdout()
	nll, err := demoTrainAll(cmd, g, o)
	if err != nil {
		return err
	}
	fmt.Fprintf(w, "\nTest NLL on the toy cases (KDE, 200 samples, standardised y; lower is better; %d iterations)\n\n", o.iters)
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
	return nil
}

// demoTrainAll trains every (model, toy) pair, o.jobs at a time, draws each
// pair's figures and returns the test NLLs by model and toy. Every run has its
// own seeded RNG, so the numbers do not depend on o.jobs; with more than one
// job the progress bar gives way to plain log lines.
func demoTrainAll(cmd *cobra.Command, g *globalOpts, o *demoOpts) (map[string]map[string]float64, error) {
	type job struct{ model, toy string }
	var jobs []job
	for _, m := range o.models {
		for _, toy := range data.ToyNames() {
			jobs = append(jobs, job{m, toy})
		}
	}
	tty := train.IsTerminal(os.Stderr) && o.jobs == 1
	var logw io.Writer = g.stderr
	if o.jobs > 1 {
		logw = &lockedWriter{w: g.stderr}
	}
	nlls := make([]float64, len(jobs))
	errs := make([]error, len(jobs))
	sem := make(chan struct{}, o.jobs)
	var wg sync.WaitGroup
	var plotMu sync.Mutex // gonum/plot's font cache is shared: draw one figure at a time
	for i, j := range jobs {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			cfg := toyRunConfig(j.model, j.toy, o.iters, o.seed)
			out, err := train.Run(cmd.Context(), cfg, train.Options{Log: logw, TTY: tty, Quiet: g.quiet})
			if err != nil {
				errs[i] = fmt.Errorf("%s on %s: %w", j.model, j.toy, err)
				return
			}
			nlls[i] = out.Result.Metrics.NLLStd
			plotMu.Lock()
			defer plotMu.Unlock()
			errs[i] = demoFigure(out, filepath.Join(o.out, fmt.Sprintf("%s-%s.png", j.toy, j.model)), o.seed)
		}()
	}
	wg.Wait()
	nll := map[string]map[string]float64{}
	for i, j := range jobs {
		if errs[i] != nil {
			return nil, errs[i]
		}
		if nll[j.model] == nil {
			nll[j.model] = map[string]float64{}
		}
		nll[j.model][j.toy] = nlls[i]
	}
	return nll, nil
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
// data (normalised units).
func demoFigure(out *train.Outcome, path string, seed uint64) error {
	exp := out.Exp
	ys, fs := out.Model.Sample(exp.PlotX, 1, train.NewRNG(seed+7))
	n, _ := exp.PlotX.Dims()
	xt := mat.Col(nil, 0, exp.PlotX)
	yS, fS := make([][]float64, n), make([][]float64, n)
	for i := 0; i < n; i++ {
		yS[i] = []float64{ys.At(0, i)}
		if fs != nil {
			fS[i] = []float64{fs.At(0, i)}
		}
	}
	if fs == nil {
		fS = nil
	}
	if mod, ok := out.Model.(models.Modulator); ok {
		mean, v := mod.Modulation(exp.PlotX)
		sd := make([]float64, len(v))
		for i, x := range v {
			sd[i] = math.Sqrt(max(x, 0))
		}
		bp, err := plot.Band(fmt.Sprintf("%s on %s: latent modulation (Fig. 3)", strings.ToUpper(out.Result.Model), exp.Name), xt, mean, sd, "95% CI")
		if err != nil {
			return err
		}
		if err := plot.SavePNG(bp, 5*vg.Inch, 3.5*vg.Inch, strings.TrimSuffix(path, ".png")+"-latent.png"); err != nil {
			return err
		}
	}
	if lm, ok := out.Model.(models.LatentMeaner); ok {
		post, prior := lm.LatentMeans(exp.XTrain, exp.YTrain)
		xtr := mat.Col(nil, 0, exp.XTrain)
		lp, err := plot.Points(fmt.Sprintf("%s on %s: means of q(w|x,y) and p(w|x) (Fig. 3)", strings.ToUpper(out.Result.Model), exp.Name),
			"x", "w", map[string][2][]float64{"posterior q(w|x,y)": {xtr, post}, "prior p(w|x)": {xtr, prior}})
		if err != nil {
			return err
		}
		if err := plot.SavePNG(lp, 5*vg.Inch, 3.5*vg.Inch, strings.TrimSuffix(path, ".png")+"-latent.png"); err != nil {
			return err
		}
	}
	p, err := plot.ToyScatter(fmt.Sprintf("%s on %s", strings.ToUpper(out.Result.Model), exp.Name), xt, yS, fS,
		mat.Col(nil, 0, exp.XTrain), mat.Col(nil, 0, exp.YTrain))
	if err != nil {
		return err
	}
	return plot.SavePNG(p, 5*vg.Inch, 3.5*vg.Inch, path)
}
