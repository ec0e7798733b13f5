package paper

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/mgpteam/mgp/pkg/plot"
	"github.com/mgpteam/mgp/pkg/rundir"
	"github.com/mgpteam/mgp/pkg/sweep"
	"gonum.org/v1/plot/vg"
)

// figure8Models are the models of the paper's Fig. 8, in its order: the
// four of Figs. 2 and 3 (paperModels).
var figure8Models = paperModels

// Figure8Options say which nytaxi runs Figure8 maps and where.
type Figure8Options struct {
	// Sweep is a sweep file whose tree and seeds to draw from.
	Sweep string
	// Runs is the sweep tree (default: the sweep file's out).
	Runs string
	// Dataset is the data set in the sweep tree.
	Dataset string
	// Variant is the variant drawn from the sweep tree.
	Variant string
	// Seed is the seed of the runs drawn from the sweep tree; negative:
	// the lowest whose four runs can all be drawn.
	Seed int64
	// RunDirs are run directories to draw instead of a sweep tree's.
	RunDirs []string
	// Samples is the number of predictive samples per test point (0:
	// each run's eval.samples).
	Samples int
	// Title is the figure's title (default: the data set and the seed).
	Title string
	// Out is the PNG file to write.
	Out string
	// Open opens the runs to evaluate them again.
	Open RunOpener
	// Progress receives the evaluations' progress lines (nil: none).
	Progress io.Writer
}

// Figure8 draws one map per run of the test points at their pickup
// location coloured by the log predictive density of their duration (the
// paper's Fig. 8) into o.Out, printing one row per run to stdout and notes
// on the runs left out to stderr.
func Figure8(ctx context.Context, stdout, stderr io.Writer, o Figure8Options) error {
	dirs, title, err := figure8Dirs(o)
	if err != nil {
		return inputErr(err)
	}
	if o.Title != "" {
		title = o.Title
	}
	var panels []plot.MapPanel
	fmt.Fprintf(stdout, "%-7s %7s %12s %12s  %s\n", "model", "points", "NLL", "result.json", "run")
	for _, dir := range dirs {
		if _, err := os.Stat(filepath.Join(dir, rundir.ResultFile)); err != nil && len(o.RunDirs) == 0 {
			fmt.Fprintf(stderr, "note: %s: no finished run; left out of the figure\n", dir)
			continue
		}
		if !drawable(dir) && len(o.RunDirs) == 0 {
			fmt.Fprintf(stderr, "note: %s: finished, but neither its checkpoint nor its %s is here; left out of the figure\n", dir, Figure8PointsFile)
			continue
		}
		pd, err := figure8Run(ctx, stderr, dir, o)
		if err != nil {
			return err
		}
		rec := "-"
		if pd.recorded != nil {
			rec = fmt.Sprintf("%.4f", *pd.recorded)
		}
		fmt.Fprintf(stdout, "%-7s %7d %12.4f %12s  %s\n", pd.label, len(pd.lon), pd.nll, rec, dir)
		panels = append(panels, plot.MapPanel{Title: pd.label, X: pd.lon, Y: pd.lat, Value: pd.logDens,
			XLabel: "pickup longitude", YLabel: "pickup latitude"})
	}
	if len(panels) == 0 {
		return inputErr(fmt.Errorf("no finished runs to draw (looked for %s)", strings.Join(dirs, ", ")))
	}
	f := &plot.ColourMaps{Title: title, Panels: panels, Cols: min(2, len(panels)), BarLabel: "log p̂(y*), y* in seconds",
		PanelW: 4.2 * vg.Inch, PanelH: 3.8 * vg.Inch}
	if err := f.SavePNG(o.Out); err != nil {
		return err
	}
	fmt.Fprintf(stdout, "wrote %s (%d maps)\n", o.Out, len(panels))
	return nil
}

// figure8Dirs resolves the options into the run directories to draw, with
// a default title.
func figure8Dirs(o Figure8Options) (dirs []string, title string, err error) {
	if len(o.RunDirs) > 0 {
		return o.RunDirs, "test points at pickup, coloured by the predictive density of the duration", nil
	}
	tree, seed := o.Runs, o.Seed
	var seeds []uint64
	if o.Sweep != "" {
		spec, err := sweep.ReadSpec(o.Sweep)
		if err != nil {
			return nil, "", err
		}
		if tree == "" {
			tree = spec.Out
		}
		seeds = spec.Seeds
	}
	if tree == "" {
		return nil, "", optErr("runs", ": give the sweep tree, or run directories")
	}
	if fi, err := os.Stat(tree); err != nil || !fi.IsDir() {
		return nil, "", optErr("runs", fmt.Sprintf(" %s: no such directory (run the sweep first)", tree))
	}
	dirsOf := func(seed uint64) []string {
		var d []string
		for _, m := range figure8Models {
			d = append(d, rundir.Path(tree, o.Dataset, m, o.Variant, seed))
		}
		return d
	}
	if seed < 0 {
		if len(seeds) == 0 {
			seeds = treeSeeds(tree, o.Dataset, o.Variant)
		}
		seed = int64(drawableSeed(seeds, dirsOf))
	}
	return dirsOf(uint64(seed)), fmt.Sprintf("%s, seed %d: test points at pickup, coloured by the predictive density of the duration", o.Dataset, seed), nil
}

// drawableSeed picks the seed Fig. 8 draws when none is given: the lowest
// whose runs can all be drawn (finished, with a checkpoint or a points
// file), else the lowest with the most such runs, else the lowest (0 when
// there are none).
func drawableSeed(seeds []uint64, dirsOf func(uint64) []string) uint64 {
	seeds = slices.Clone(seeds)
	slices.Sort(seeds)
	best, bestN := uint64(0), -1
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
	return exists(rundir.ResultFile) && (exists(rundir.CheckpointFile) || exists(Figure8PointsFile))
}

// treeSeeds lists the seeds s<k> found under tree/<dataset>/<model>/<variant>
// for Fig. 8's models.
func treeSeeds(tree, dataset, variant string) []uint64 {
	var seeds []uint64
	for _, m := range figure8Models {
		dirs, _ := rundir.SeedDirs(rundir.VariantDir(tree, dataset, m, variant), nil)
		for _, d := range dirs {
			if !slices.Contains(seeds, d.Seed) {
				seeds = append(seeds, d.Seed)
			}
		}
	}
	return seeds
}
