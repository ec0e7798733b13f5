package runconfig

import (
	"math"

	"github.com/mgpteam/mgp/pkg/config"
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
		return config.Errorf("train.stop.min_delta", "train.stop.min_delta = %g without train.stop.patience: set the patience (the number of held-out checks without improvement that end training), e.g. 10; or, to switch early stopping off, set train.stop.min_delta=0 as well (or remove train.stop)", s.MinDelta)
	case s.Patience > 0 && t.Validation == 0:
		return config.Errorf("train.stop.patience", "train.stop.patience = %d stops on the held-out NLL, and train.validation is 0: set train.validation (the fraction of the training split to hold out), e.g. 0.1", s.Patience)
	}
	return nil
}
