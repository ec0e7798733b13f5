package train

import (
	"fmt"
	"math"

	"github.com/mgpteam/mgp/pkg/results"
	"github.com/mgpteam/mgp/pkg/runconfig"
)

// stopDecision applies the rule of s to the held-out trace: whether
// training should end after the last check, and the iteration of the last
// check that improved by at least MinDelta (0 before any). Non-finite
// NLLs never improve. The decision depends on the trace alone, which the
// checkpoint keeps, so a resumed run stops where an uninterrupted one does.
func stopDecision(s runconfig.StopConfig, trace []results.ValPoint) (stop bool, lastImproved int) {
	if !s.Enabled() {
		return false, 0
	}
	ref, wait := math.Inf(1), 0
	for _, p := range trace {
		if !math.IsNaN(p.NLL) && !math.IsInf(p.NLL, 0) && p.NLL < ref-s.MinDelta {
			ref, wait, lastImproved = p.NLL, 0, p.Iter
		} else {
			wait++
		}
	}
	return wait >= s.Patience, lastImproved
}

// stopNow reports whether early stopping ends training now.
func (s *selector) stopNow() bool {
	stop, _ := stopDecision(s.stop, s.state.Trace)
	return stop
}

// stopRecord returns why training ended at iteration it, for result.json
// ("" when the run has no early stopping).
func (s *selector) stopRecord(it, iterations int) string {
	if !s.stop.Enabled() {
		return ""
	}
	stop, last := stopDecision(s.stop, s.state.Trace)
	if stop && it < iterations {
		return fmt.Sprintf("early stopping: no improvement of the held-out NLL by at least %g in %d checks (%d iterations) after iteration %d",
			s.stop.MinDelta, s.stop.Patience, s.stop.Patience*s.every, last)
	}
	return fmt.Sprintf("reached train.iterations = %d, the cap of early stopping (last improvement by at least %g at iteration %d)",
		iterations, s.stop.MinDelta, last)
}
