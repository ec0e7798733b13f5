package train

import (
	"context"
	"fmt"

	"github.com/mgpteam/mgp/pkg/checkpoint"
	"github.com/mgpteam/mgp/pkg/inputerr"
	"github.com/mgpteam/mgp/pkg/models"
	"github.com/mgpteam/mgp/pkg/score"
)

// ValidationNLL scores a restored run's model, with the predictive pred,
// on the validation part its run held out (train.validation), with the
// draws of the selected iteration's check: for the run's own selected
// parameters and the draws it gives back the selected validation NLL
// exactly. It never reads the test split. A run that held out nothing is
// refused.
func ValidationNLL(ctx context.Context, ck *checkpoint.Checkpoint, exp *Experiment, m models.Model, pred models.Predictive) (float64, error) {
	sel, err := validationSelector(ck, exp, m)
	if err != nil {
		return 0, err
	}
	met, err := sel.score(ctx, ck.Selection.Iter, pred)
	if err != nil {
		return 0, err
	}
	return met.NLL, nil
}

// validationSelector is the selector over the validation part a restored
// run held out; a run that held out nothing is refused.
func validationSelector(ck *checkpoint.Checkpoint, exp *Experiment, m models.Model) (*selector, error) {
	cfg := ck.Config
	if cfg.Train.Validation <= 0 || ck.Selection == nil {
		return nil, &inputerr.Error{Err: fmt.Errorf("the run held out no validation part (train.validation is %g): retrain with train.validation set", cfg.Train.Validation)}
	}
	_, hold, err := splitValidation(exp, cfg.Train.Validation, score.DeriveSeed(cfg.Train.Seed, streamValidation))
	if err != nil {
		return nil, &inputerr.Error{Err: err}
	}
	return newSelector(m, hold, exp, cfg), nil
}

// ValidationPoints is ValidationNLL with each held-out point's NLL
// (summed over outputs; differences between predictives are on the
// original scale), the input of ChoosePredictive.
func ValidationPoints(ctx context.Context, ck *checkpoint.Checkpoint, exp *Experiment, m models.Model, pred models.Predictive) (float64, []float64, error) {
	sel, err := validationSelector(ck, exp, m)
	if err != nil {
		return 0, nil, err
	}
	met, pts, err := sel.pointScores(ctx, ck.Selection.Iter, pred)
	return met.NLL, pts, err
}
