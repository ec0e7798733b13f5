package main

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/mgpteam/mgp/pkg/plot"
	"github.com/mgpteam/mgp/pkg/sweep"
	"github.com/mgpteam/mgp/pkg/train"
	"github.com/spf13/cobra"
	"gonum.org/v1/plot/vg"
)

// figure8Models are the models of the paper's Fig. 8, in its order.
var figure8Models = []string{"sgp", "shgp", "smgp", "slgp"}

// figure8Opts are the flags of mgp figure8.
type figure8Opts struct {
	sweepFile, tree, dataset, variant, out, title string
	runs                                          []string
	seed                                          int64
	samples                                       int
}

func newFigure8Cmd(g *globalOpts) *cobra.Command {
	o := &figure8Opts{}
	c := &cobra.Command{
		Use:   "figure8 (--sweep SWEEP.yaml [--seed S] | --run DIR ...) [-o FIG.png]",
		Short: "Draw maps of the test points' predictive densities at their pickup locations (the paper's Fig. 8, nytaxi)",
		Long: `figure8 draws one map per run (SGP, SHGP, SMGP and SLGP from a sweep tree, or
the runs given with --run): every test point at its pickup (longitude, latitude)
in degrees, coloured by the log KDE predictive density, log p̂(y*), of its observed
duration y* in seconds (A-48), on one colour scale shared by the maps (the 1st to
99th percentile of all values; points beyond get the end colours).

The densities come from evaluating each run again exactly as training did (its
seed, its predictive, its eval.samples unless --samples): the mean of -log p̂(y*)
over the points is the run's test NLL, which is printed beside result.json's.
When it is, figure8 keeps the points in the run's figure8-points.csv, and a run
whose checkpoint is gone (checkpoints are not committed) is drawn from that file.

--sweep takes the tree (out) and the seeds from a sweep file, and draws
<out>/<dataset>/<model>/<variant>/s<seed> of each of the four models for the
lowest seed whose four runs can all be drawn (else the one with the most);
--runs, --seed and --variant (default paper) override it.

  mgp figure8 --sweep configs/sweeps/nytaxi-sample.yaml -o results/figures/figure8.png
  mgp figure8 --run runs/sgp-nytaxi-s0-ab12 --run runs/slgp-nytaxi-s0-cd34 -o fig8.png`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return runFigure8(cmd, g, o) },
	}
	c.Flags().StringVar(&o.sweepFile, "sweep", "", "sweep file whose tree and seeds to draw from")
	c.Flags().StringVar(&o.tree, "runs", "", "sweep tree (default: the sweep file's out)")
	c.Flags().StringVar(&o.dataset, "dataset", "nytaxi", "data set in the sweep tree")
	c.Flags().StringVar(&o.variant, "variant", "paper", "variant drawn from the sweep tree")
	c.Flags().Int64Var(&o.seed, "seed", -1, "seed of the runs drawn from the sweep tree (default: the lowest whose four runs can all be drawn)")
	c.Flags().StringArrayVar(&o.runs, "run", nil, "run directory to draw (repeatable; instead of --sweep)")
	c.Flags().IntVar(&o.samples, "samples", 0, "predictive samples per test point (default: each run's eval.samples)")
	c.Flags().StringVar(&o.title, "title", "", "figure title (default: the data set and the seed)")
	c.Flags().StringVarP(&o.out, "out", "o", "results/figures/figure8.png", "PNG file to write")
	return c
}

// figure8Dirs resolves the flags into the run directories to draw, with a
// default title.
func figure8Dirs(o *figure8Opts) (dirs []string, title string, err error) {
	if len(o.runs) > 0 {
		if o.sweepFile != "" || o.tree != "" {
			return nil, "", fmt.Errorf("--run: give run directories or a sweep tree (--sweep/--runs), not both")
		}
		return o.runs, "test points at pickup, coloured by the predictive density of the duration", nil
	}
	tree, seed := o.tree, o.seed
	var seeds []int64
	if o.sweepFile != "" {
		spec, err := sweep.ReadSpec(o.sweepFile)
		if err != nil {
			return nil, "", err
		}
		if tree == "" {
			tree = spec.Out
		}
		for _, s := range spec.Seeds {
			seeds = append(seeds, int64(s))
		}
	}
	if tree == "" {
		return nil, "", fmt.Errorf("--sweep or --runs: give the sweep tree, or run directories with --run")
	}
	if fi, err := os.Stat(tree); err != nil || !fi.IsDir() {
		return nil, "", fmt.Errorf("--runs %s: no such directory (run the sweep first)", tree)
	}
	dirsOf := func(seed int64) []string {
		var d []string
		for _, m := range figure8Models {
			d = append(d, filepath.Join(tree, o.dataset, m, o.variant, fmt.Sprintf("s%d", seed)))
		}
		return d
	}
	if seed < 0 {
		if len(seeds) == 0 {
			seeds = treeSeeds(tree, o.dataset, o.variant)
		}
		seed = drawableSeed(seeds, dirsOf)
	}
	return dirsOf(seed), fmt.Sprintf("%s, seed %d: test points at pickup, coloured by the predictive density of the duration", o.dataset, seed), nil
}

// drawableSeed picks the seed Fig. 8 draws when none is given: the lowest
// whose runs can all be drawn (finished, with a checkpoint or a points
// file), else the lowest with the most such runs, else the lowest (0 when
// there are none).
func drawableSeed(seeds []int64, dirsOf func(int64) []string) int64 {
	seeds = slices.Clone(seeds)
	slices.Sort(seeds)
	best, bestN := int64(0), -1
	for _, s := range seeds {
		n := 0
		for _, d := range dirsOf(s) {
			if drawable(d) {
				n++
			}
		}
		if n > bestN {
			best, bestN = s, n
		}
		if n == len(figure8Models) {
			break
		}
	}
	return best
}

// drawable says whether figure8 can draw the run in dir: it is finished and
// has its checkpoint or its points file.
func drawable(dir string) bool {
	exists := func(name string) bool { _, err := os.Stat(filepath.Join(dir, name)); return err == nil }
	return exists(train.ResultFile) && (exists(train.CheckpointFile) || exists(figure8PointsFile))
}

// treeSeeds lists the seeds s<k> found under tree/<dataset>/<model>/<variant>
// for Fig. 8's models.
func treeSeeds(tree, dataset, variant string) []int64 {
	var seeds []int64
	for _, m := range figure8Models {
		ents, _ := os.ReadDir(filepath.Join(tree, dataset, m, variant))
		for _, e := range ents {
			var k int64
			if _, err := fmt.Sscanf(e.Name(), "s%d", &k); err == nil && e.Name() == fmt.Sprintf("s%d", k) && !slices.Contains(seeds, k) {
				seeds = append(seeds, k)
			}
		}
	}
	return seeds
}

func runFigure8(cmd *cobra.Command, g *globalOpts, o *figure8Opts) error {
	if cmd.Flags().Changed("samples") && o.samples < 2 {
		return inputErr(fmt.Errorf("--samples %d: the KDE needs at least 2 predictive samples per test point", o.samples))
	}
	dirs, title, err := figure8Dirs(o)
	if err != nil {
		return inputErr(err)
	}
	if o.title != "" {
		title = o.title
	}
	var panels []plot.MapPanel
	w := cmd.OutOrStdout()
	fmt.Fprintf(w, "%-7s %7s %12s %12s  %s\n", "model", "points", "NLL", "result.json", "run")
	for _, dir := range dirs {
		if _, err := os.Stat(filepath.Join(dir, "result.json")); err != nil && len(o.runs) == 0 {
			fmt.Fprintf(cmd.ErrOrStderr(), "note: %s: no finished run; left out of the figure\n", dir)
			continue
		}
		if !drawable(dir) && len(o.runs) == 0 {
			fmt.Fprintf(cmd.ErrOrStderr(), "note: %s: finished, but neither its checkpoint nor its %s is here; left out of the figure\n", dir, figure8PointsFile)
			continue
		}
		pd, err := figure8Run(cmd, g, dir, o.samples)
		if err != nil {
			return err
		}
		rec := "-"
		if pd.recorded != nil {
			rec = fmt.Sprintf("%.4f", *pd.recorded)
		}
		fmt.Fprintf(w, "%-7s %7d %12.4f %12s  %s\n", pd.label, len(pd.lon), pd.nll, rec, dir)
		panels = append(panels, plot.MapPanel{Title: pd.label, X: pd.lon, Y: pd.lat, Value: pd.logDens,
			XLabel: "pickup longitude", YLabel: "pickup latitude"})
	}
	if len(panels) == 0 {
		return inputErr(fmt.Errorf("no finished runs to draw (looked for %s)", strings.Join(dirs, ", ")))
	}
	f := &plot.ColourMaps{Title: title, Panels: panels, Cols: min(2, len(panels)), BarLabel: "log p̂(y*), y* in seconds",
		PanelW: 4.2 * vg.Inch, PanelH: 3.8 * vg.Inch}
	if err := f.SavePNG(o.out); err != nil {
		return err
	}
	fmt.Fprintf(w, "wrote %s (%d maps)\n", o.out, len(panels))
	return nil
}
