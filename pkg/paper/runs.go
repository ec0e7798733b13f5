package paper

import (
	"github.com/mgpteam/mgp/pkg/checkpoint"
)

// RunOpener is how Figs. 8 and 9 open a saved run to evaluate it again:
// the caller decides where a run's data is and whether an unfinished run
// may be drawn.
type RunOpener struct {
	// DataDir returns the data directory of the run in dir.
	DataDir func(dir string) string
	// CheckFinished refuses the checkpoint ck of the run in dir when its
	// parameters are not the run's result, or lets it through (with a
	// warning of the caller's) when unfinished runs may be drawn.
	CheckFinished func(dir string, ck *checkpoint.Checkpoint) error
}
