package compare

import (
	"math"
	"math/big"

	"github.com/mgpteam/mgp/pkg/eval"
)

// pair fills r's paired statistics against the best: the per-split
// difference diff_k = mine_k - best_k (positive where the best is lower),
// its mean and sd, the wins, losses and ties, the mean test, the sign test
// and the rule's verdict, Clear: K >= MinTestSplits, a finite mean
// difference of at least MinGain, and either SignP <= SignLevel or a mean
// above NoiseFactor standard errors.
func (r *Ranked) pair(mine, best []float64) {
	k := len(mine)
	diff := make([]float64, k)
	r.BestWins, r.BestLosses, r.Ties = 0, 0, 0
	for j := range diff {
		diff[j] = mine[j] - best[j]
		switch {
		case diff[j] > 0:
			r.BestWins++
		case diff[j] < 0:
			r.BestLosses++
		case diff[j] == 0:
			r.Ties++
		}
	}
	dm, dsd := eval.MeanSDSample(diff)
	r.DiffMean, r.DiffSD = Num(dm), Num(dsd)
	r.WithinNoise = eval.Finite(dm) && dm <= noise(dsd, k)
	r.SignP = Num(signTestP(r.BestWins, r.BestWins+r.BestLosses))
	r.Clear = k >= MinTestSplits && eval.Finite(dm) && dm >= MinGain && (r.consistentBySign() || !r.WithinNoise)
}

// consistentBySign says the sign test passes at SignLevel.
func (r Ranked) consistentBySign() bool { return float64(r.SignP) <= SignLevel }

// noise is NoiseFactor standard errors of a mean of k values with sd sd.
func noise(sd float64, k int) float64 { return NoiseFactor * sd / math.Sqrt(float64(k)) }

// signTestP is the exact one-sided sign-test p-value of wins successes in
// n untied trials: P(X >= wins) for X ~ Binomial(n, 1/2), summed in exact
// rational arithmetic and rounded once (1 when n is 0).
func signTestP(wins, n int) float64 {
	if n <= 0 || wins <= 0 {
		return 1
	}
	sum := new(big.Int)
	for i := wins; i <= n; i++ {
		sum.Add(sum, new(big.Int).Binomial(int64(n), int64(i)))
	}
	p, _ := new(big.Rat).SetFrac(sum, new(big.Int).Lsh(big.NewInt(1), uint(n))).Float64()
	return p
}
