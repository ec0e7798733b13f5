package paper

import (
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/mgpteam/mgp/pkg/plot"
	"github.com/mgpteam/mgp/pkg/sweep"
)

// The kinds of image Figure9 draws.
const (
	// KindY is a predictive sample of y, noise included (the paper's
	// Fig. 9; every model).
	KindY = "y"
	// KindF is a sample of the latent function f, without the noise.
	KindF = "f"
	// KindMean is the mean of one mixture component of the predictive.
	KindMean = "mean"
)

// Figure9Options say which image runs Figure9 draws and how.
type Figure9Options struct {
	// RunDirs are run directories, one panel each.
	RunDirs []string
	// Sweep is a sweep file whose headline runs to draw, one panel each
	// (instead of RunDirs).
	Sweep string
	// Models and Variants keep only these of the sweep's runs (nil: all).
	Models, Variants []string
	// RunSeed is the seed of the sweep's runs to draw (negative: the
	// sweep's first).
	RunSeed int64
	// Samples is the number of samples per label (columns).
	Samples int
	// Scale is the number of image pixels per output.
	Scale int
	// Kind is what each image is: KindY, KindF or KindMean.
	Kind string
	// Seed seeds the sampling.
	Seed uint64
	// Title goes above the panels (default: what the images are and the
	// seed).
	Title string
	// Out is the PNG file to write.
	Out string
	// Open opens the runs.
	Open RunOpener
}

// Figure9 draws generated images per label of image runs (the paper's
// Fig. 9) into o.Out, printing one line per panel to stdout and a warning
// on NaN levels to stderr.
func Figure9(stdout, stderr io.Writer, o Figure9Options) error {
	l, lines, err := DrawFigure9(o)
	if err != nil {
		return err
	}
	if l.NaN > 0 {
		fmt.Fprintf(stderr, "warning: %d generated levels are NaN, drawn mid-grey\n", l.NaN)
	}
	for _, line := range lines {
		fmt.Fprintln(stdout, line)
	}
	fmt.Fprintf(stdout, "wrote %s (%d panels, %d samples per label, %s)\n", o.Out, len(l.Sheets), o.Samples, kindWords(o.Kind))
	return nil
}

// DrawFigure9 draws the figure o asks for into o.Out and returns where its
// images are and one line per panel.
func DrawFigure9(o Figure9Options) (plot.DigitLayout, []string, error) {
	dirs, err := Figure9Runs(o)
	if err != nil {
		return plot.DigitLayout{}, nil, inputErr(err)
	}
	f := &plot.DigitFigure{Title: o.Title, Scale: o.Scale}
	var lines []string
	for _, dir := range dirs {
		p, err := figure9Panel(dir, o)
		if err != nil {
			return plot.DigitLayout{}, nil, err
		}
		if f.Side != 0 && p.side != f.Side {
			return plot.DigitLayout{}, nil, optErr("run", fmt.Sprintf(" %s: %d x %d images, the first run's are %d x %d: draw runs of one data set", dir, p.side, p.side, f.Side, f.Side))
		}
		f.Side = p.side
		f.Panels = append(f.Panels, p.panel)
		lines = append(lines, p.line)
	}
	if f.Title == "" {
		f.Title = figure9Title(o)
	}
	l, err := plot.SaveDigitsPNG(f, o.Out)
	if err != nil {
		return plot.DigitLayout{}, nil, fmt.Errorf("figure9: %w", err)
	}
	return l, lines, nil
}

// Figure9Runs lists the run directories Figure9 draws, one panel each: o.RunDirs,
// or the sweep's headline runs.
func Figure9Runs(o Figure9Options) ([]string, error) {
	if o.Sweep == "" {
		return o.RunDirs, nil
	}
	spec, err := sweep.ReadSpec(o.Sweep)
	if err != nil {
		return nil, err
	}
	if len(spec.Datasets) != 1 {
		return nil, fmt.Errorf("%s: %d data sets (%s); figure9 draws the runs of one", o.Sweep, len(spec.Datasets), strings.Join(spec.Datasets, ", "))
	}
	seed := spec.Seeds[0]
	if o.RunSeed >= 0 {
		if !slices.Contains(spec.Seeds, uint64(o.RunSeed)) {
			return nil, optErr("run-seed", fmt.Sprintf(" %d: %s runs seeds %v", o.RunSeed, o.Sweep, []uint64(spec.Seeds)))
		}
		seed = uint64(o.RunSeed)
	}
	type mv struct{ model, variant string }
	var pairs []mv
	for _, h := range spec.Headline {
		pairs = append(pairs, mv{h.Model, h.Variant})
	}
	if len(pairs) == 0 {
		for _, m := range spec.Models {
			for _, v := range specVariants(spec, m) {
				pairs = append(pairs, mv{m, v})
			}
		}
	}
	for _, x := range []struct {
		flag      string
		want, all []string
	}{{"models", o.Models, spec.Models}, {"variants", o.Variants, allVariants(spec)}} {
		for _, w := range x.want {
			if !slices.Contains(x.all, w) {
				return nil, optErr(x.flag, fmt.Sprintf(" %s: %s has %s", w, o.Sweep, strings.Join(x.all, ", ")))
			}
		}
	}
	plan, err := sweep.Expand(spec, func(string) bool { return true })
	if err != nil {
		return nil, err
	}
	var dirs []string
	for _, p := range pairs {
		if (o.Models != nil && !slices.Contains(o.Models, p.model)) || (o.Variants != nil && !slices.Contains(o.Variants, p.variant)) {
			continue
		}
		i := slices.IndexFunc(plan.Runs, func(r sweep.Run) bool {
			return r.Model == p.model && r.Variant == p.variant && r.Seed == seed
		})
		if i < 0 {
			return nil, fmt.Errorf("%s: no run of %s, variant %s, seed %d", o.Sweep, p.model, p.variant, seed)
		}
		dirs = append(dirs, plan.Runs[i].Dir)
	}
	if len(dirs) == 0 {
		return nil, fmt.Errorf("%s: no run left to draw of the models and variants chosen", o.Sweep)
	}
	return dirs, nil
}

// allVariants names every variant of spec ("default" when it lists none).
func allVariants(spec *sweep.Spec) []string {
	if len(spec.Variants) == 0 {
		return []string{sweep.DefaultVariant}
	}
	out := make([]string, len(spec.Variants))
	for i, v := range spec.Variants {
		out[i] = v.Name
	}
	return out
}

// kindWords says what the images are.
func kindWords(kind string) string {
	switch kind {
	case KindF:
		return "f-samples (no noise) clipped to [0, 1]"
	case KindMean:
		return "component means (no noise) clipped to [0, 1]"
	}
	return "y-samples clipped to [0, 1]"
}

// figure9Title is the default title: what the images are and the seed.
func figure9Title(o Figure9Options) string {
	return fmt.Sprintf("Fig. 9: generated images per label, %s (sampling seed %d)", kindWords(o.Kind), o.Seed)
}
