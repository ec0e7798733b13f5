package predict

import (
	"testing"

	"github.com/mgpteam/mgp/pkg/checkpoint"
	"github.com/mgpteam/mgp/pkg/runconfig"
)

// TestParamsAt: a complete selecting run's parameters are its selected
// iteration's; an unfinished one's are where training stopped, marked
// unfinished; a finished one's are its last iteration's.
func TestParamsAt(t *testing.T) {
	cfg := runconfig.RunConfig{Train: runconfig.TrainConfig{Iterations: 30}}
	for _, c := range []struct {
		ck         *checkpoint.Checkpoint
		at         string
		unfinished bool
	}{
		{&checkpoint.Checkpoint{Config: cfg, Complete: true, Selection: &checkpoint.Selection{Iter: 20}}, "parameters of iteration 20, chosen on the held-out part", false},
		{&checkpoint.Checkpoint{Config: cfg, State: &checkpoint.TrainState{Iter: 12}}, "iteration 12 of 30", true},
		{&checkpoint.Checkpoint{Config: cfg, State: &checkpoint.TrainState{Iter: 30}, Trained: true}, "iteration 30", false},
		{&checkpoint.Checkpoint{Config: cfg, Complete: true}, "iteration 30", false},
	} {
		if at, unfinished := ParamsAt(c.ck); at != c.at || unfinished != c.unfinished {
			t.Errorf("%+v: %q, %v; want %q, %v", c.ck, at, unfinished, c.at, c.unfinished)
		}
	}
}
