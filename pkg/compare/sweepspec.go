package compare

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/mgpteam/mgp/pkg/sweep"
)

// sweepSpec returns the sweep of a comparison: every model on seeds 0 to
// splits-1 of the data, each model's run config in ConfigDir, with one
// variant per kernel when kernels is not empty (kernelVariants).
func sweepSpec(out string, models, kernels []string, splits int, s Settings) *sweep.Spec {
	seeds := make(sweep.Seeds, splits)
	for i := range seeds {
		seeds[i] = uint64(i)
	}
	return &sweep.Spec{
		Name:        "compare-" + s.Name,
		Description: fmt.Sprintf("mgp compare on %s (target %s)", s.Path, s.Target),
		Out:         filepath.Join(out, RunsDir),
		Datasets:    []string{s.Name},
		Models:      models,
		Seeds:       seeds,
		Config:      filepath.Join(out, ConfigDir, "{model}.yaml"),
		Variants:    kernelVariants(models, kernels, filepath.Join(out, SweepFile)),
	}
}

// sweepHead is the comment above the sweep file: how to re-run it.
func sweepHead(out string, splits int, s Settings) string {
	return fmt.Sprintf("# Written by mgp compare: %d random splits of %s; re-run with\n#   mgp sweep -c %s\n",
		splits, oneLine(s.Path), oneLine(filepath.Join(out, SweepFile)))
}

// oneLine returns s for a YAML comment: as it is when it holds no line
// break or other control character, quoted (Go syntax) otherwise, so the
// comment never spills onto a line of its own.
func oneLine(s string) string {
	if strings.IndexFunc(s, func(r rune) bool { return r < ' ' || r == 0x7f }) < 0 {
		return s
	}
	return strconv.Quote(s)
}
