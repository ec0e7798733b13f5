package paper

import (
	"fmt"
	"io"
	"path/filepath"

	"github.com/mgpteam/mgp/pkg/plot"
)

// writePaperFigures draws the paper's Figs. 2 and 3 from fits into dir as
// figure2.png and figure3.png (Fig. 3 only when at least one of its panels
// has a model), writes the figures' notes to log and returns the paths
// written. runInfo (iterations, seed) goes into the figure titles.
func writePaperFigures(fits toyFits, toys []string, dir string, seed uint64, runInfo string, log io.Writer) ([]string, error) {
	var paths []string
	g2, notes, err := figure2(fits, toys, seed,
		"Fig. 2: one predictive sample of y and of f at each of the test inputs ("+runInfo+")")
	if err != nil {
		return nil, err
	}
	path := filepath.Join(dir, "figure2.png")
	if err := plot.SaveGridPNG(g2, path); err != nil {
		return nil, fmt.Errorf("figure 2: %w", err)
	}
	paths = append(paths, path)

	g3, notes3, err := figure3(fits, "Fig. 3: modulation variables on the toy cases ("+runInfo+")")
	if err != nil {
		return nil, err
	}
	notes = append(notes, notes3...)
	if g3 != nil {
		path := filepath.Join(dir, "figure3.png")
		if err := plot.SaveGridPNG(g3, path); err != nil {
			return nil, fmt.Errorf("figure 3: %w", err)
		}
		paths = append(paths, path)
	} else {
		notes = append(notes, "figure 3 not drawn: none of its panels has a model")
	}
	for _, n := range notes {
		fmt.Fprintln(log, n)
	}
	return paths, nil
}
