package compare

import (
	"fmt"
	"slices"

	"github.com/mgpteam/mgp/pkg/eval"
)

// NoiseFactor is how many standard errors of the paired mean difference a
// better model's mean win must exceed to pass the rule's mean test:
// mean_k(NLL_simple,k - NLL_best,k) > NoiseFactor · sd_k(...)/sqrt(K) (sd
// with ddof 1), about a one-sided 2.5 % test for large K (read as a t
// test, about 6 % at K = 5). One heavy-tailed split can inflate the sd and
// defeat it, so the rule also accepts the sign test (SignLevel); see
// Ranked.Clear.
const NoiseFactor = 2.0

// SignLevel is the level of the exact one-sided sign test of the rule:
// the best's win over a simpler model is consistent when the probability
// of at least its number of winning splits, were each untied split a fair
// coin, is at most SignLevel. With K = 5 only 5 wins of 5 pass (p = 1/32).
const SignLevel = 0.05

// MinGain is the practical margin of the rule, in nats per test point:
// the best is chosen over a simpler model only when its mean paired
// difference is at least MinGain (a density about 5 % higher per point).
const MinGain = 0.05

// MinTestSplits is the smallest K at which the rule can prefer a more
// complex model: with fewer, the sd of the paired difference has at most
// one degree of freedom and the sign test's smallest p is 1/4, so the
// simplest model with a finite NLL is chosen.
const MinTestSplits = 3

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
	// BestWins counts the splits on which the best model's NLL is lower,
	// BestLosses those on which it is higher and Ties those on which the
	// two are equal (the sign test leaves ties out).
	BestWins   int `json:"best_wins"`
	BestLosses int `json:"best_losses"`
	Ties       int `json:"ties"`
	// WithinNoise says the best's mean win over this model is within the
	// split-to-split noise (DiffMean <= NoiseFactor · DiffSD/sqrt(K)).
	WithinNoise bool `json:"within_noise"`
	// SignP is the exact one-sided sign-test p-value of the best's wins:
	// P(X >= BestWins) for X ~ Binomial(BestWins+BestLosses, 1/2); 1 when
	// every split is a tie (so for the best itself).
	SignP Num `json:"sign_p"`
	// Clear says the best's win over this model is clear, the rule of
	// Decide: K >= MinTestSplits, DiffMean >= MinGain, and either SignP <=
	// SignLevel or not WithinNoise. A simpler model over which the best's
	// win is not clear is preferred to the best.
	Clear bool `json:"clear"`
}

// Decision is the ranking and the model chosen.
type Decision struct {
	// Ranking lists the models by mean test NLL, lowest first; models with
	// a non-finite NLL on some split come last.
	Ranking []Ranked `json:"ranking"`
	// Best is the model with the lowest mean test NLL.
	Best string `json:"best"`
	// Chosen is the model recommended: Best, or the simplest model over
	// which Best's win is not clear.
	Chosen string `json:"chosen"`
	// Reason says why, in a sentence.
	Reason string `json:"reason"`
	// Splits is K.
	Splits int `json:"splits"`
}

// Decide ranks the models by mean test NLL over the K paired splits
// (nll[model][k]: the NLL of model on split k; every model has the same
// K >= 1) and picks one: the best, unless its win over a simpler model
// (ComplexityOrder) with a finite NLL is not clear (see Ranked.Clear), in
// which case the simplest such model. With K < MinTestSplits no win is clear.
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
	if k == 0 {
		return Decision{}, fmt.Errorf("compare: no splits to decide on")
	}
	d := Decision{Splits: k}
	for _, m := range models {
		mu, sd := eval.MeanSDSample(nll[m])
		d.Ranking = append(d.Ranking, Ranked{Model: m, MeanNLL: Num(mu), SDNLL: Num(sd)})
	}
	slices.SortStableFunc(d.Ranking, byMeanNLL)
	best := d.Ranking[0]
	d.Best, d.Chosen = best.Model, best.Model
	if !eval.Finite(float64(best.MeanNLL)) {
		d.Reason = "every model has a non-finite test NLL on some split: none can be recommended"
		return d, nil
	}
	for i := range d.Ranking {
		d.Ranking[i].pair(nll[d.Ranking[i].Model], nll[best.Model])
	}
	order := ComplexityOrder(models)
	bestRank := slices.Index(order, best.Model)
	var beaten []Ranked
	for _, m := range order[:bestRank] {
		r := d.Ranking[slices.IndexFunc(d.Ranking, func(r Ranked) bool { return r.Model == m })]
		if !r.Clear && eval.Finite(float64(r.DiffMean)) {
			d.Chosen = m
			d.Reason = unclearReason(best.Model, r, k)
			return d, nil
		}
		beaten = append(beaten, r)
	}
	d.Reason = clearReason(best.Model, beaten, k)
	return d, nil
}

// byMeanNLL orders by mean test NLL, lowest first, non-finite last.
func byMeanNLL(a, b Ranked) int {
	fa, fb := eval.Finite(float64(a.MeanNLL)), eval.Finite(float64(b.MeanNLL))
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
}
