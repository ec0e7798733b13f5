package predict

import (
	"fmt"

	"github.com/mgpteam/mgp/pkg/checkpoint"
	"github.com/mgpteam/mgp/pkg/models"
	"github.com/mgpteam/mgp/pkg/train"
)

// ParamsAt says which iteration's parameters the checkpoint ck holds: the
// held-out selection's best iteration once a selecting run is complete,
// otherwise the iterations trained so far ("iteration K of N" with
// unfinished true while training is not done: the parameters are not the
// run's result).
func ParamsAt(ck *checkpoint.Checkpoint) (at string, unfinished bool) {
	switch {
	case ck.Complete && ck.Selection != nil && ck.Selection.Iter > 0:
		return fmt.Sprintf("parameters of iteration %d, chosen on the held-out part", ck.Selection.Iter), false
	case ck.State != nil && !ck.Trained:
		return fmt.Sprintf("iteration %d of %d", ck.State.Iter, ck.Config.Train.Iterations), true
	case ck.State != nil:
		return fmt.Sprintf("iteration %d", ck.State.Iter), false
	}
	return fmt.Sprintf("iteration %d", ck.Config.Train.Iterations), false
}

// PredictiveWords names the predictive the run of ck predicts with: the
// model's own draws, or the plug-in one it settled on.
func PredictiveWords(ck *checkpoint.Checkpoint) string {
	if train.RunPredictive(ck) == models.PlugIn {
		return "the plug-in predictive (latent variables at their means)"
	}
	return "the model's predictive draws"
}
