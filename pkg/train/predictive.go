package train

import (
	"context"
	"fmt"

	"github.com/mgpteam/mgp/pkg/models"
)

// PlugInMargin is how much lower (nats per held-out point) the plug-in
// predictive's held-out NLL must be for ChoosePredictive to take it over
// the draws. The draws are the model's own predictive; the plug-in fixes w
// at a point and so drops every mode but one. A held-out part of a few
// dozen points cannot tell the two apart by less: on Old Faithful (25
// held-out points) the plug-in won by 0.002 nats and then scored 4.05
// against the draws' 0.37 on the test rows, whose other cluster it
// could not reach. The margin is compare's "worth having" gain.
const PlugInMargin = 0.05

// ChoosePredictive is the rule that settles a latent model's predictive on
// a held-out part: the plug-in predictive when its NLL is lower than the
// draws' by at least PlugInMargin, the draws otherwise (NaN goes to the
// draws). Training (eval.latent = select) and mgp eval --latent select
// both use it.
func ChoosePredictive(drawsNLL, plugInNLL float64) models.Predictive {
	if plugInNLL <= drawsNLL-PlugInMargin {
		return models.PlugIn
	}
	return models.Draws
}

// PredictiveFor returns the predictive that eval.latent = latent fixes
// (LatentMean: the plug-in; "" and LatentDraws: the draws). LatentSelect
// fixes none: the caller chooses with ChoosePredictive.
func PredictiveFor(latent string) models.Predictive {
	if latent == LatentMean {
		return models.PlugIn
	}
	return models.Draws
}

// RunPredictive returns the predictive a run's checkpoint records (the
// draws unless the run settled on the plug-in).
func RunPredictive(ck *Checkpoint) models.Predictive { return PredictiveFor(ck.Predictive) }

// recordedPredictive is how a checkpoint and a result record pred: "" for
// the model's own predictive (the draws), LatentMean for the plug-in.
func recordedPredictive(pred models.Predictive) string {
	if pred == models.PlugIn {
		return LatentMean
	}
	return ""
}

// checkLatent refuses eval.latent = mean or select for a model without
// latent variables.
func checkLatent(cfg RunConfig, m models.Model) error {
	if cfg.Eval.Latent != LatentMean && cfg.Eval.Latent != LatentSelect {
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
// with the plug-in (the draws of the selected iteration's check) and
// applies ChoosePredictive against the selected (draws') NLL, returning the
// plug-in's validation NLL too. Otherwise it is the draws.
func choosePredictive(ctx context.Context, cfg RunConfig, sel *selector) (models.Predictive, *float64, error) {
	if cfg.Eval.Latent != LatentSelect {
		return PredictiveFor(cfg.Eval.Latent), nil, nil
	}
	met, err := sel.score(ctx, sel.state.Iter, models.PlugIn)
	if err != nil {
		return models.Draws, nil, err
	}
	v := met.NLL
	return ChoosePredictive(sel.state.NLL, v), &v, nil
}
