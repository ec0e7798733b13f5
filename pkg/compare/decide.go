package compare

import (
	"fmt"
	"math"
	"slices"
)

// NoiseFactor is how many standard errors of the paired mean difference a
// better model's win must exceed to count: the best model is chosen over a
// simpler one only when mean_k(NLL_simple,k - NLL_best,k) > NoiseFactor ·
// sd_k(...)/sqrt(K) (sd with ddof 1), about a one-sided 2.5 % test.
const NoiseFactor = 2.0

// Ranked is one model's place in the ranking by mean test NLL, with its
// paired per-split difference from the best.
type Ranked struct {
	Model string `json:"model"`
	// MeanNLL and SDNLL are the mean and sd (ddof 1) of its test NLL over
	// the splits.
	MeanNLL Num `json:"mean_nll"`
	SDNLL   Num `json:"sd_nll"`
	// DiffMean and DiffSD are the mean and sd (ddof 1) over the splits of
	// NLL_model - NLL_best (0 for the best itself).
	DiffMean Num `json:"diff_mean"`
	DiffSD   Num `json:"diff_sd"`
	// BestWins counts the splits on which the best model's NLL is lower.
	BestWins int `json:"best_wins"`
	// WithinNoise says the best's win over this model is within the
	// split-to-split noise (DiffMean <= NoiseFactor · DiffSD/sqrt(K)).
	WithinNoise bool `json:"within_noise"`
}

// Decision is the ranking and the model chosen.
type Decision struct {
	// Ranking lists the models by mean test NLL, lowest first; models with
	// a non-finite NLL on some split come last.
	Ranking []Ranked `json:"ranking"`
	// Best is the model with the lowest mean test NLL.
	Best string `json:"best"`
	// Chosen is the model recommended: Best, or the simplest model whose
	// difference from Best is within the noise.
	Chosen string `json:"chosen"`
	// Reason says why, in a sentence.
	Reason string `json:"reason"`
	// Splits is K.
	Splits int `json:"splits"`
}

// Decide ranks the models by mean test NLL over the K paired splits
// (nll[model][k]: the NLL of model on split k; every model has the same
// K) and picks one: the best, unless its win over a simpler model
// (ComplexityOrder) is within the split-to-split noise, in which case the
// simplest such model.
func Decide(models []string, nll map[string][]float64) (Decision, error) {
	if len(models) == 0 {
		return Decision{}, fmt.Errorf("compare: no models to decide between")
	}
	k := len(nll[models[0]])
	for _, m := range models {
		if len(nll[m]) != k {
			return Decision{}, fmt.Errorf("compare: %s has %d splits, %s %d: the splits must be paired", m, len(nll[m]), models[0], k)
		}
	}
	if k < 2 {
		return Decision{}, fmt.Errorf("compare: %d split: the noise needs at least 2", k)
	}
	d := Decision{Splits: k}
	for _, m := range models {
		mu, sd := meanSD(nll[m])
		d.Ranking = append(d.Ranking, Ranked{Model: m, MeanNLL: Num(mu), SDNLL: Num(sd)})
	}
	slices.SortStableFunc(d.Ranking, func(a, b Ranked) int {
		fa, fb := isFinite(float64(a.MeanNLL)), isFinite(float64(b.MeanNLL))
		switch {
		case fa && !fb:
			return -1
		case !fa && fb:
			return 1
		case !fa && !fb, a.MeanNLL == b.MeanNLL:
			return 0
		case a.MeanNLL < b.MeanNLL:
			return -1
		}
		return 1
	})
	best := d.Ranking[0]
	d.Best, d.Chosen = best.Model, best.Model
	if !isFinite(float64(best.MeanNLL)) {
		d.Reason = "every model has a non-finite test NLL on some split: none can be recommended"
		return d, nil
	}
	for i := range d.Ranking {
		r := &d.Ranking[i]
		diff := make([]float64, k)
		for j := range diff {
			diff[j] = nll[r.Model][j] - nll[best.Model][j]
			if diff[j] > 0 {
				r.BestWins++
			}
		}
		dm, dsd := meanSD(diff)
		r.DiffMean, r.DiffSD = Num(dm), Num(dsd)
		r.WithinNoise = isFinite(dm) && dm <= NoiseFactor*dsd/math.Sqrt(float64(k))
	}
	order := ComplexityOrder(models)
	bestRank := slices.Index(order, best.Model)
	for _, m := range order[:bestRank] {
		r := d.Ranking[slices.IndexFunc(d.Ranking, func(r Ranked) bool { return r.Model == m })]
		if r.WithinNoise {
			d.Chosen = m
			d.Reason = fmt.Sprintf("%s has the lowest mean test NLL, but its win over the simpler %s (%.3f ± %.3f nats, better on %d of %d splits) "+
				"is within the split-to-split noise (at most %g standard errors of the paired difference, %.3f): %s is recommended",
				best.Model, m, r.DiffMean, r.DiffSD, r.BestWins, k, NoiseFactor, NoiseFactor*float64(r.DiffSD)/math.Sqrt(float64(k)), m)
			return d, nil
		}
	}
	if bestRank == 0 {
		d.Reason = fmt.Sprintf("%s has the lowest mean test NLL and is the simplest candidate", best.Model)
	} else {
		d.Reason = fmt.Sprintf("%s has the lowest mean test NLL and its win over every simpler candidate exceeds the split-to-split noise "+
			"(%g standard errors of the paired difference)", best.Model, NoiseFactor)
	}
	return d, nil
}

// meanSD returns the mean and the sd (ddof 1; NaN for fewer than two).
func meanSD(x []float64) (mean, sd float64) {
	if len(x) == 0 {
		return math.NaN(), math.NaN()
	}
	for _, v := range x {
		mean += v
	}
	mean /= float64(len(x))
	if len(x) < 2 {
		return mean, math.NaN()
	}
	var ss float64
	for _, v := range x {
		ss += (v - mean) * (v - mean)
	}
	return mean, math.Sqrt(ss / float64(len(x)-1))
}

func isFinite(v float64) bool { return !math.IsNaN(v) && !math.IsInf(v, 0) }
