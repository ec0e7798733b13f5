package train

import (
	"context"
	"fmt"

	"github.com/mgpteam/mgp/pkg/models"
	"gonum.org/v1/gonum/mat"
)

// plugInFor returns m's plug-in switch, or an error when cfg asks for the
// plug-in predictive (eval.latent = mean or select) of a model without
// latent variables. It returns nil for the model's own predictive.
func plugInFor(cfg RunConfig, m models.Model) (models.LatentPlugIn, error) {
	if cfg.Eval.Latent != LatentMean && cfg.Eval.Latent != LatentSelect {
		return nil, nil
	}
	p, ok := m.(models.LatentPlugIn)
	if !ok {
		return nil, fmt.Errorf("eval.latent = %s: model %s has no latent variables to fix; leave eval.latent out", cfg.Eval.Latent, cfg.ModelName())
	}
	return p, nil
}

// choosePredictive settles the predictive of a run that selected its
// parameters on a held-out part, with those parameters in the model:
// eval.latent = mean switches the plug-in on; select scores the held-out
// part with the plug-in (the draws of the selected iteration's check) and
// keeps it on when its NLL is below the selected one (with draws; ties go to
// draws). It returns LatentMean when the plug-in is on ("" otherwise) and,
// for select, the plug-in's validation NLL.
func choosePredictive(ctx context.Context, cfg RunConfig, plug models.LatentPlugIn, sel *selector) (string, *float64, error) {
	switch cfg.Eval.Latent {
	case LatentMean:
		plug.SetLatentPlugIn(true)
		return LatentMean, nil, nil
	case LatentSelect:
		plug.SetLatentPlugIn(true)
		met, err := sel.score(ctx, sel.state.Iter)
		if err != nil {
			plug.SetLatentPlugIn(false)
			return "", nil, err
		}
		v := met.NLL
		if v < sel.state.NLL {
			return LatentMean, &v, nil
		}
		plug.SetLatentPlugIn(false)
		return "", &v, nil
	}
	return "", nil, nil
}

// diagnoseWithDraws returns d's diagnostics with m's plug-in switched off
// (the diagnostics describe the model, draws and all) and then switched to
// on again if plugIn; a model without the switch is diagnosed as it is.
func diagnoseWithDraws(d models.Diagnoser, m models.Model, X, Y *mat.Dense, plugIn bool) map[string]float64 {
	plug, ok := m.(models.LatentPlugIn)
	if !ok {
		return d.Diagnostics(X, Y)
	}
	plug.SetLatentPlugIn(false)
	defer plug.SetLatentPlugIn(plugIn)
	return d.Diagnostics(X, Y)
}
