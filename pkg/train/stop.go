package train

import (
	"fmt"
	"math"

	"github.com/mgpteam/mgp/pkg/config"
	"github.com/mgpteam/mgp/pkg/results"
)

// StopConfig is early stopping on the held-out NLL (train.stop): training
// ends once Patience consecutive held-out checks (train.select_every
// iterations apart) have not improved the held-out NLL by at least
// MinDelta nats on the best of the earlier improving checks, or at
// train.iterations (the cap), whichever comes first. The reported
// parameters are those of the best check, as held-out selection keeps
// them. It needs train.validation. The zero value (no train.stop section,
// or patience 0) trains to train.iterations as before.
type StopConfig struct {
	// Patience is the number of checks without an improvement of at
	// least MinDelta after which training ends (0: no early stopping).
	Patience int `mapstructure:"patience" json:"patience,omitempty" yaml:"patience"`
	// MinDelta is the least decrease of the held-out NLL (nats per
	// point, original y scale) that counts as an improvement (>= 0).
	MinDelta float64 `mapstructure:"min_delta" json:"min_delta,omitempty" yaml:"min_delta"`
}

// Enabled reports whether the config asks for early stopping.
func (s StopConfig) Enabled() bool { return s.Patience > 0 }

// validateStop checks train.stop against the rest of the train section.
func validateStop(t TrainConfig) error {
	s := t.Stop
	switch {
	case s.Patience < 0:
		return config.Errorf("train.stop.patience", "train.stop.patience = %d: must be >= 0, the number of held-out checks without improvement that end training (0: no early stopping)", s.Patience)
	case math.IsNaN(s.MinDelta) || math.IsInf(s.MinDelta, 0) || s.MinDelta < 0:
		return config.Errorf("train.stop.min_delta", "train.stop.min_delta = %g: must be a finite number >= 0, the least decrease of the held-out NLL that counts as an improvement", s.MinDelta)
	case s.MinDelta > 0 && s.Patience == 0:
		return config.Errorf("train.stop.min_delta", "train.stop.min_delta = %g without train.stop.patience: set the patience (the number of held-out checks without improvement that end training), e.g. 10", s.MinDelta)
	case s.Patience > 0 && t.Validation == 0:
		return config.Errorf("train.stop.patience", "train.stop.patience = %d stops on the held-out NLL, and train.validation is 0: set train.validation (the fraction of the training split to hold out), e.g. 0.1", s.Patience)
	}
	return nil
}

// stopDecision applies the rule of s to the held-out trace: whether
// training should end after the last check, and the iteration of the last
// check that improved by at least MinDelta (0 before any). Non-finite
// NLLs never improve. The decision depends on the trace alone, which the
// checkpoint keeps, so a resumed run stops where an uninterrupted one does.
func stopDecision(s StopConfig, trace []results.ValPoint) (stop bool, lastImproved int) {
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
