package predict

import (
	"errors"

	"github.com/mgpteam/mgp/pkg/checkpoint"
	"github.com/mgpteam/mgp/pkg/inputerr"
	"github.com/mgpteam/mgp/pkg/models"
	"github.com/mgpteam/mgp/pkg/train"
)

// FromCheckpoint restores a run for prediction from its checkpoint in
// memory (pkg/fit's fresh fit, which has no directory), as Load restores
// one from its run directory: the same checkpoint gives the same
// predictor, bit for bit. The checkpoint must record the standardisation;
// Dir is left empty.
func FromCheckpoint(ck *checkpoint.Checkpoint) (*Predictor, error) {
	if ck == nil || ck.Data == nil || ck.Data.Std == nil {
		return nil, &inputerr.Error{Err: errors.New("predict: the checkpoint records no standardisation")}
	}
	m, err := train.ModelForPredict(ck, "the checkpoint")
	if err != nil {
		return nil, err
	}
	if m, err = models.WithPredictive(m, train.RunPredictive(ck)); err != nil {
		return nil, &inputerr.Error{Err: err}
	}
	info := ck.Data
	return &Predictor{Checkpoint: ck, Std: info.Std, XNames: info.XNames, YNames: info.YNames, model: m}, nil
}
