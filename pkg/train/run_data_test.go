package train

import (
	"context"
	"errors"
	"testing"
)

// TestRunDataWritesNothing: RunData refuses an output directory, resume or
// restart (it writes nothing) and nil data.
func TestRunDataWritesNothing(t *testing.T) {
	for _, o := range []Options{{OutDir: t.TempDir()}, {Resume: true}, {Restart: true}} {
		if _, err := RunData(context.Background(), toyConfig("sgp", 2), &Experiment{}, o); !errors.Is(err, ErrRunDataOutDir) {
			t.Errorf("%+v: %v", o, err)
		}
	}
	if _, err := RunData(context.Background(), toyConfig("sgp", 2), nil, Options{}); err == nil {
		t.Error("RunData took nil data")
	}
}
