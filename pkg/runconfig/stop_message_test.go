package runconfig

import (
	"strings"
	"testing"
)

// TestStopOffNeedsMinDeltaZero: train.stop.patience=0 over a config with
// min_delta (configs/csv's) is refused with a message that says how to
// switch early stopping off: min_delta=0 as well.
func TestStopOffNeedsMinDeltaZero(t *testing.T) {
	err := validateStop(TrainConfig{Validation: 0.1, Stop: StopConfig{Patience: 0, MinDelta: 0.01}})
	if err == nil || !strings.Contains(err.Error(), "train.stop.min_delta=0 as well") {
		t.Errorf("patience 0 with min_delta 0.01: %v", err)
	}
}
