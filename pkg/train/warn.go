package train

import (
	"fmt"

	"github.com/mgpteam/mgp/pkg/models"
	"github.com/mgpteam/mgp/pkg/results"
)

// OverfitRise is the rise of the validation NLL (nats per point) from its
// best check to the last one above which a run is said to overfit late.
const OverfitRise = 0.5

// GeneralisationGap is how far (nats per point, standardised y) the test
// NLL of a run without held-out selection may lie above minus its final
// training bound before the run is said to fit its training points far
// better than it predicts new ones. Over the committed Table 3 runs of
// 2026-11-24 the GP models' gaps were −0.6 to 2.9 (the largest on boston
// splits with outlying test points) and the overfit NN runs' 6.8 to 60890.
const GeneralisationGap = 5.0

// PriorMismatchKL is the mean KL^W (nats per training point) between the
// posterior q(w | x, y) and the prior p(w | x) above which a latent model
// is said to predict from a prior that does not cover the training points'
// w. Over the 162 committed SLGP and CVAE runs of 2026-11-26 it was at most
// 5.9 except in two mnist SLGP runs at d_w = 2 whose predictions ignored
// the label, 100.8 and 108.0 (their test NLL +258 and +636 per image,
// against −122 for a run of the same configuration at 2.6).
const PriorMismatchKL = 20.0

// runWarnings lists what a finished run should not end with unnoticed: a
// latent model memorising its training targets through w (the model's
// "memorisation" diagnostic, of the reported parameters or, with
// selection, of the last iteration's), a validation NLL that rose by more
// than OverfitRise after its best check, and, in a run without held-out
// selection, a traced test NLL (train.eval_every) that rose by as much: the
// test split is only reported on, never used to choose, but a run that ends
// far above its own earlier test NLL should say so, as should one whose
// test NLL lies more than GeneralisationGap above its training bound; and a
// latent model whose mean KL^W exceeds PriorMismatchKL.
func runWarnings(r *results.Result, dy int, stats string) []string {
	var out []string
	label := fmt.Sprintf("%s on %s", r.Model, r.Dataset)
	diag := models.Diagnostics(r.Diagnostics)
	if d := diag; d.Memorised() {
		if s := r.Selection; s != nil {
			// The held-out points were never trained on: parameters that
			// memorised their training targets would score badly there,
			// and these scored best. Say what was seen, not a verdict.
			out = append(out, fmt.Sprintf("%s: output noise variance %.3g with a live w at the selected iteration %d (spread of q(w)'s mean %.3g, KL^W %.3g nats per point), "+
				"the pattern of memorisation; but the held-out NLL was lowest there (%.4g on %d points never trained on), which memorisation would not allow: "+
				"read it as a close fit of nearly noiseless data, and compare the test NLL (%.4g) with the held-out one",
				label, d.NoiseVariance(), s.Iter, d.QWMeanSpread(), d.KLWMean(), s.ValNLL, s.NValidation, r.Metrics.NLL))
		} else {
			remedy := "hold out part of the training split (train.validation: 0.1)"
			if prior, _ := r.ConfigString("model", "prior"); prior != "normal" && prior != "scaled" {
				remedy += " or fix the prior (model.prior: normal)"
			}
			out = append(out, fmt.Sprintf("%s: output noise variance %.3g with a live w (spread of q(w)'s mean %.3g, KL^W %.3g nats per point): "+
				"the model reconstructs its training targets through w and its test NLL is not to be trusted; %s",
				label, d.NoiseVariance(), d.QWMeanSpread(), d.KLWMean(), remedy))
		}
	}
	if d := diag; d.KLWMean() > PriorMismatchKL {
		out = append(out, fmt.Sprintf("%s: the mean KL^W between q(w | x, y) and p(w | x) is %.4g nats per point (prior's mean of w %.3g, posterior's %.3g): "+
			"the prior does not cover the w the training points use, and predictions draw w from the prior, where no training point was; "+
			"the test NLL reflects that, not the GP; try another seed or hold out part of the training split (train.validation: 0.1) to select an earlier iteration",
			label, d.KLWMean(), d.PWAggMean(), d.QWAggMean()))
	}
	if s := r.Selection; s != nil && models.Diagnostics(s.LastDiagnostics).Memorised() && !diag.Memorised() {
		d := models.Diagnostics(s.LastDiagnostics)
		out = append(out, fmt.Sprintf("%s: at the last iteration the output noise variance is %.3g with a live w (spread of q(w)'s mean %.3g): "+
			"the model had begun to reconstruct its training targets through w; the selected parameters of iteration %d do not (their noise variance is %.3g)",
			label, d.NoiseVariance(), d.QWMeanSpread(), s.Iter, diag.NoiseVariance()))
	}
	if s := r.Selection; s != nil && len(s.Trace) > 0 {
		last := s.Trace[len(s.Trace)-1]
		if last.NLL-s.ValNLL > OverfitRise {
			out = append(out, fmt.Sprintf("%s: the validation NLL rose from %.4g at iteration %d to %.4g at iteration %d: the model overfits late; "+
				"the reported metrics are those of iteration %d (last iteration's test NLL: %.4g)",
				label, s.ValNLL, s.Iter, last.NLL, last.Iter, s.Iter, s.LastMetrics.NLL))
		}
	}
	if r.Selection == nil {
		best, bestIt, last, lastIt := 0.0, -1, 0.0, -1
		for _, p := range r.Trace {
			if p.TestNLL == nil {
				continue
			}
			v := *p.TestNLL
			if bestIt < 0 || v < best {
				best, bestIt = v, p.Iter
			}
			last, lastIt = v, p.Iter
		}
		// With several outputs the test NLL sums per-output marginal KDEs,
		// which ignore the outputs' dependence, while the bound is joint: the
		// two are not comparable (mnist: hundreds of nats apart per image for
		// every model), so the gap says nothing about overfitting there.
		if n := min(5, len(r.Trace)); n > 0 && r.NoTest == "" && dy <= 1 {
			elbo := 0.0 // the training bound per point, over the last trace points
			for _, p := range r.Trace[len(r.Trace)-n:] {
				elbo += p.ELBO / float64(n)
			}
			if gap := r.Metrics.NLLStd + elbo; gap > GeneralisationGap {
				scale := "on the standardised scale"
				if stats == "none" {
					scale = "unstandardised data"
				}
				out = append(out, fmt.Sprintf("%s: the test NLL (%.4g, %s) lies %.4g nats above minus the final training bound (%.4g per point): "+
					"the model fits its training points far better than it predicts new ones (overfitting or memorisation); "+
					"hold out part of the training split (train.validation: 0.1) to select an iteration",
					label, r.Metrics.NLLStd, scale, gap, elbo))
			}
		}
		if bestIt >= 0 && last-best > OverfitRise {
			out = append(out, fmt.Sprintf("%s: the traced test NLL rose from %.4g at iteration %d to %.4g at iteration %d: the model overfits late "+
				"and the reported metrics are those of the last iteration; hold out part of the training split (train.validation: 0.1) to select an iteration",
				label, best, bestIt, last, lastIt))
		}
	}
	return out
}
