package train

import (
	"strings"
	"testing"
)

// TestConfigDiffForResume: the log cadence may change on a resume, the
// learning rate may not, and the message names the key with both values.
func TestConfigDiffForResume(t *testing.T) {
	a := RunConfig{Train: TrainConfig{LR: 0.005, LogEvery: 1000}}
	b := a
	b.Train.LogEvery = 7
	if d := configDiff(a, b); d != "" {
		t.Fatalf("log cadence counted as a change: %q", d)
	}
	b.Train.LR = 0.01
	if d := configDiff(a, b); d != "train.lr: 0.005 in the checkpoint, 0.01 now" {
		t.Fatalf("configDiff = %q", d)
	}
	if d := configDiff(a, a); strings.TrimSpace(d) != "" {
		t.Fatalf("a config differs from itself: %q", d)
	}
}
