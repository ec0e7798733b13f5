package predict

import (
	"path/filepath"

	"github.com/mgpteam/mgp/pkg/checkpoint"
	"github.com/mgpteam/mgp/pkg/rundir"
)

// SavedDataDir is the data.dir of the config saved in run's checkpoint:
// the config's say in where the run's data lives; "" when the checkpoint
// cannot be read (LoadRun then says why).
func SavedDataDir(run string) string {
	ck, err := checkpoint.Load(filepath.Join(run, rundir.CheckpointFile))
	if err != nil {
		return ""
	}
	return ck.Config.Data.Dir
}
