package train

import (
	"context"
	"fmt"

	"github.com/mgpteam/mgp/pkg/checkpoint"
	"github.com/mgpteam/mgp/pkg/models"
	"github.com/mgpteam/mgp/pkg/runconfig"
	"github.com/mgpteam/mgp/pkg/score"
)

// PredictiveFor returns the predictive that eval.latent = latent fixes
// (LatentMean: the plug-in; "" and LatentDraws: the draws). runconfig.LatentSelect
// fixes none: the caller chooses with score.ChoosePredictive.
func PredictiveFor(latent string) models.Predictive {
	if latent == runconfig.LatentMean {
		return models.PlugIn
	}
	return models.Draws
}

// RunPredictive returns the predictive a run's checkpoint records (the
// draws unless the run settled on the plug-in).
func RunPredictive(ck *checkpoint.Checkpoint) models.Predictive { return PredictiveFor(ck.Predictive) }

// recordedPredictive is how a checkpoint and a result record pred: "" for
// the model's own predictive (the draws), runconfig.LatentMean for the plug-in.
func recordedPredictive(pred models.Predictive) string {
	if pred == models.PlugIn {
		return runconfig.LatentMean
	}
	return ""
}

// checkLatent refuses eval.latent = mean or select for a model without
// latent variables.
func checkLatent(cfg runconfig.RunConfig, m models.Model) error {
	if cfg.Eval.Latent != runconfig.LatentMean && cfg.Eval.Latent != runconfig.LatentSelect {
		return nil
	}
	if _, ok := m.(models.PlugInSampler); !ok {
		return fmt.Errorf("eval.latent = %s: model %s has no latent variables to fix; leave eval.latent out", cfg.Eval.Latent, cfg.ModelName())
	}
	return nil
}

// choosePredictive settles the predictive of a run that selected its
// parameters on a held-out part, with those parameters in the model:
// eval.latent = mean fixes the plug-in; select scores the held-out part
// point by point with the draws and with the plug-in (the draws of the
// selected iteration's check, so the draws score the selected NLL again)
// and applies score.ChoosePredictive, returning the plug-in's validation NLL
// too. Otherwise it is the draws.
func choosePredictive(ctx context.Context, cfg runconfig.RunConfig, sel *selector) (models.Predictive, *float64, error) {
	if cfg.Eval.Latent != runconfig.LatentSelect {
		return PredictiveFor(cfg.Eval.Latent), nil, nil
	}
	_, draws, err := sel.pointScores(ctx, sel.state.Iter, models.Draws)
	if err != nil {
		return models.Draws, nil, err
	}
	met, plugIn, err := sel.pointScores(ctx, sel.state.Iter, models.PlugIn)
	if err != nil {
		return models.Draws, nil, err
	}
	v := met.NLL
	return score.ChoosePredictive(draws, plugIn), &v, nil
}
