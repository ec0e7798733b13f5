package plot

import (
	"math"
	"strconv"

	"gonum.org/v1/plot"
)

// NiceTicks is a tick marker that labels round values (steps of 1, 2, 2.5
// or 5 times a power of ten), choosing the step whose number of labels is
// nearest N (the larger number on a tie, 2.5 only when clearly better),
// and puts unlabelled minor ticks between them. gonum/plot's default asks
// for three labels, which on a small panel often leaves only two.
type NiceTicks struct {
	// N is the number of labelled ticks wanted; 0 means 5.
	N int
}

var _ plot.Ticker = NiceTicks{}

// Ticks returns the ticks for the range [lo, hi].
func (t NiceTicks) Ticks(lo, hi float64) []plot.Tick {
	n := t.N
	if n <= 0 {
		n = 5
	}
	if !(hi > lo) || math.IsInf(lo, 0) || math.IsInf(hi, 0) {
		return []plot.Tick{{Value: lo, Label: strconv.FormatFloat(lo, 'g', 4, 64)}}
	}
	st := chooseStep(lo, hi, n)
	var ticks []plot.Tick
	for k := math.Ceil(lo/st.step - 1e-9); k*st.step <= hi+1e-9*st.step; k++ {
		v := k * st.step
		if k == 0 {
			v = 0 // no "-0"
		}
		ticks = append(ticks, plot.Tick{Value: v, Label: strconv.FormatFloat(v, 'f', st.prec, 64)})
	}
	mstep := st.step / float64(st.minor)
	for k := math.Ceil(lo/mstep - 1e-9); k*mstep <= hi+1e-9*mstep; k++ {
		if int(math.Round(k))%st.minor != 0 {
			ticks = append(ticks, plot.Tick{Value: k * mstep})
		}
	}
	return ticks
}

// tickStep is a labelled tick spacing with its minor intervals per step
// and the decimals its multiples need.
type tickStep struct {
	step  float64
	minor int
	prec  int
}

// chooseStep picks the round step for [lo, hi] whose number of labelled
// ticks is nearest n.
func chooseStep(lo, hi float64, n int) tickStep {
	mag := int(math.Floor(math.Log10(hi - lo)))
	best, bestScore := tickStep{}, math.Inf(1)
	for e := mag - 2; e <= mag+1; e++ {
		base := math.Pow(10, float64(e))
		for _, c := range []struct {
			m     float64
			minor int
			extra int
		}{{1, 5, 0}, {2, 4, 0}, {2.5, 5, 1}, {5, 5, 0}} {
			step := c.m * base
			count := math.Floor(hi/step+1e-9) - math.Ceil(lo/step-1e-9) + 1
			score := math.Abs(count - float64(n))
			if c.m == 2.5 {
				score += 1.25
			}
			if count < 2 {
				score += 10
			}
			if score < bestScore || (score == bestScore && step < best.step) {
				best, bestScore = tickStep{step: step, minor: c.minor, prec: max(0, -e+c.extra)}, score
			}
		}
	}
	return best
}
