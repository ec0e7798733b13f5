package checkpoint

import (
	"errors"
	"strings"
	"testing"

	"github.com/mgpteam/mgp/pkg/runconfig"
)

// TestCheckFinished: a checkpoint with training state is unfinished until
// it is marked complete, whatever its iteration (a selected iteration or a
// last one); one without state (older versions, written at the end) is
// finished.
func TestCheckFinished(t *testing.T) {
	var cfg runconfig.RunConfig
	cfg.Train.Iterations = 30
	for _, c := range []struct {
		iter       int
		state      bool
		complete   bool
		unfinished bool
		at         string
	}{
		{12, true, false, true, "iteration 12 of 30"},
		{30, true, false, true, "iteration 30 of 30 (training done, its evaluation not)"},
		{30, true, true, false, ""},
		{10, true, true, false, ""},
		{0, false, false, false, ""},
	} {
		ck := &Checkpoint{Config: cfg, Complete: c.complete}
		if c.state {
			ck.State = &TrainState{Iter: c.iter}
		}
		err := CheckFinished("runs/x", ck)
		var ue *UnfinishedError
		if got := errors.As(err, &ue); got != c.unfinished || ck.Unfinished() != c.unfinished {
			t.Errorf("iter %d, state %v, complete %v: unfinished %v (err %v), want %v", c.iter, c.state, c.complete, ck.Unfinished(), err, c.unfinished)
			continue
		}
		if ue != nil && (ue.At() != c.at || !strings.Contains(ue.Error(), "runs/x")) {
			t.Errorf("iter %d: %q / %q", c.iter, ue.Error(), ue.At())
		}
	}
}
