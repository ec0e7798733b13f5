package compare

import (
	"fmt"
	"strings"

	"github.com/mgpteam/mgp/pkg/eval"
)

// unclearReason says why the simpler r.Model is chosen over best: the
// best's win over it is not clear.
func unclearReason(best string, r Ranked, k int) string {
	if k < MinTestSplits {
		return fmt.Sprintf("%s has the lowest mean test NLL, but with K = %d splits no paired test is possible, so its win over the simpler %s "+
			"(lower on %d of %d splits, by %.3f nats on average) cannot be clear: %s is recommended "+
			"(a win can be clear from %d splits on; by the sign test alone, from 5)",
			best, k, r.Model, r.BestWins, k, r.DiffMean, r.Model, MinTestSplits)
	}
	var why []string
	if !r.consistentBySign() && r.WithinNoise {
		why = append(why, fmt.Sprintf("this is within the split-to-split noise (sign test p above %g, mean within %g standard errors)", SignLevel, NoiseFactor))
	}
	if float64(r.DiffMean) < MinGain {
		why = append(why, fmt.Sprintf("the mean gain is below the %g-nat margin", MinGain))
	}
	return fmt.Sprintf("%s has the lowest mean test NLL, but its win over the simpler %s is not clear: %s is %s; %s: %s is recommended",
		best, r.Model, best, pairText(r, k), strings.Join(why, " and "), r.Model)
}

// clearReason says why best is chosen: it is the simplest candidate, or
// its win over every simpler one (beaten) is clear.
func clearReason(best string, beaten []Ranked, k int) string {
	if len(beaten) == 0 {
		return fmt.Sprintf("%s has the lowest mean test NLL and is the simplest candidate", best)
	}
	var over []string
	for _, r := range beaten {
		if !eval.Finite(float64(r.DiffMean)) {
			over = append(over, fmt.Sprintf("over %s, which has a non-finite test NLL on some split", r.Model))
			continue
		}
		over = append(over, fmt.Sprintf("over %s, %s is %s", r.Model, best, pairText(r, k)))
	}
	return fmt.Sprintf("%s has the lowest mean test NLL and its win over every simpler candidate is clear "+
		"(sign test p <= %g or a mean above %g standard errors, and a mean gain of at least %g nats): %s",
		best, SignLevel, NoiseFactor, MinGain, strings.Join(over, "; "))
}

// pairText states the paired statistics of the best against r: wins
// (ties), the sign test, the mean ± sd and the 2-standard-error bound.
func pairText(r Ranked, k int) string {
	ties := ""
	if r.Ties > 0 {
		ties = fmt.Sprintf(", %d tied", r.Ties)
	}
	return fmt.Sprintf("lower on %d of %d splits%s (one-sided sign test p = %s), by %.3f ± %.3f nats on average (%g standard errors: %.3f)",
		r.BestWins, k, ties, formatP(float64(r.SignP)), r.DiffMean, r.DiffSD, NoiseFactor, noise(float64(r.DiffSD), k))
}

// formatP writes a p-value with three decimals, or two significant
// digits below 0.001.
func formatP(p float64) string {
	if p < 0.001 {
		return fmt.Sprintf("%.1e", p)
	}
	return fmt.Sprintf("%.3f", p)
}

// ruleText explains the choice in report.md's protocol.
var ruleText = fmt.Sprintf("The choice: the lowest mean test NLL, unless its paired win over a simpler model "+
	"(SGP < SHGP < SMGP < SLGP < the others) is not clear; then the simplest such model. With Δ_k = NLL_simpler,k − NLL_best,k "+
	"on split k, the win is clear when it is consistent, either by an exact one-sided sign test (P(X ≥ wins), X ~ Binomial(wins + losses, 1/2), "+
	"tied splits left out, at most %g) or by the mean of Δ exceeding %g standard errors (sd/√K), and when it is worth having: "+
	"the mean of Δ is at least %g nats per test point. The sign test counts splits, so one heavy-tailed split cannot hide a win "+
	"that every other split shows; with K = 5 it needs 5 wins of 5 (p = 1/32 ≈ 0.031). With K < %d no win is clear and the "+
	"simplest model with a finite NLL is chosen.", SignLevel, NoiseFactor, MinGain, MinTestSplits)
