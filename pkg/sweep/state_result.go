package sweep

import (
	"github.com/mgpteam/mgp/pkg/checkpoint"
	"github.com/mgpteam/mgp/pkg/runconfig"
	"github.com/mgpteam/mgp/pkg/rundir"
)

// legacyDone is the detail of a run counted done under the rule for
// results of versions before fingerprints.
const legacyDone = rundir.LegacyDone

// judge is what rundir.Inspect needs to judge a run's files against w
// (nil: any finished result counts as done): train's reader of checkpoints
// and the comparisons of results and checkpoints with w's config and data.
func (w *Want) judge() rundir.Judge {
	j := rundir.Judge{Checkpoint: w.checkpoint}
	if w != nil {
		j.Result = w.resultChanges
	}
	return j
}

// checkpoint reads the checkpoint at path for rundir.Inspect, with its
// comparison with w (none when w is nil): its config first, then, only
// when that is w's, its data. It reads checkpoint.json only, not the
// arrays file of a large checkpoint (checkpoint.LoadHeader checks it
// is there, of the recorded size); the resume checks its SHA-256 and
// refuses it if damaged (see verifyArrays).
func (w *Want) checkpoint(path string) (rundir.Checkpoint, func() (string, string, error), error) {
	ck, err := checkpoint.LoadHeader(path)
	if err != nil {
		return rundir.Checkpoint{}, nil, err
	}
	if w == nil {
		return ck.Facts(), nil, nil
	}
	return ck.Facts(), func() (string, string, error) {
		if d := runconfig.ConfigDiff(ck.Config, w.Config); d != "" {
			return d, "", nil
		}
		d, _, err := w.dataChanges(ck.DataFingerprint, "the checkpoint")
		return "", d, err
	}, nil
}
