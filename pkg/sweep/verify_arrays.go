package sweep

import (
	"errors"
	"path/filepath"

	"github.com/mgpteam/mgp/pkg/checkpoint"
	"github.com/mgpteam/mgp/pkg/rundir"
)

// verifyArrays completes, for a run about to resume, the check fileStatus
// leaves out: the SHA-256 of the checkpoint's arrays file (a large
// checkpoint's parameters and optimiser moments), which it reads in full.
// A Partial status (or a Failed one that would retry as Partial) whose
// arrays file fails the check becomes Refused, so that --restart replaces
// the run instead of resuming it. The sweep calls it under the run's lock;
// the dry run does not, and shows such a run as partial.
func verifyArrays(dir string, st Status) Status {
	switch {
	case st.State == Partial:
		if d := arraysDamage(dir); d != "" {
			return Status{State: Refused, Detail: d}
		}
	case st.State == Failed && st.Retry != nil && st.Retry.State == Partial:
		if d := arraysDamage(dir); d != "" {
			st.Retry = &Status{State: Refused, Detail: d}
		}
	}
	return st
}

// arraysDamage reads dir's checkpoint with its arrays file, when it has
// one, and says what is wrong with it ("" when nothing is, or when it has
// no arrays file: its header check covered the whole file).
func arraysDamage(dir string) string {
	path := filepath.Join(dir, rundir.CheckpointFile)
	hdr, err := checkpoint.LoadHeader(path)
	if err != nil || hdr.Arrays == nil {
		return ""
	}
	_, err = checkpoint.Load(path)
	var ce *checkpoint.CorruptError
	if errors.As(err, &ce) {
		return err.Error()
	}
	return ""
}
