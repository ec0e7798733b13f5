package eval

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"
)

// halfLog2Pi is 0.5 * log(2 pi).
var halfLog2Pi = 0.5 * math.Log(2*math.Pi)

// KDELogDensity returns the log density at y of the one-dimensional Gaussian
// kernel density estimate with bandwidth h built on samples (models.md §8.1):
//
//	log p_hat(y) = LSE_p(-(y - s_p)^2 / (2 h^2)) - log P - 0.5 log(2 pi h^2),
//
// with the log-sum-exp shifted by its largest term, so the result stays
// finite even when every kernel term underflows. This equals scikit-learn's
// KernelDensity(kernel="gaussian", bandwidth=h).score_samples with
// atol = rtol = 0. A bandwidth below MinBandwidth is raised to it. The result
// is NaN if y, h or any sample is NaN, and -Inf if no sample lies at a finite
// distance from y. It does not allocate.
func KDELogDensity(samples []float64, y float64, h float64) float64 {
	return kdeLogDensityStrided(samples, 0, 1, len(samples), y, guardBandwidth(h))
}

// kdeLogDensityStrided is KDELogDensity on the n values x[off+i*stride].
func kdeLogDensityStrided(x []float64, off, stride, n int, y, h float64) float64 {
	if n == 0 || math.IsNaN(y) || math.IsNaN(h) {
		return math.NaN()
	}
	// Pass 1: the smallest squared distance gives the largest LSE term.
	d2min := math.Inf(1)
	for i, k := 0, off; i < n; i, k = i+1, k+stride {
		d := y - x[k]
		if d2 := d * d; d2 < d2min {
			d2min = d2
		}
	}
	if math.IsInf(d2min, 1) {
		// Every kernel term is exactly 0 (or a NaN sample sits among
		// infinite ones; the sum below would then be NaN).
		for i, k := 0, off; i < n; i, k = i+1, k+stride {
			if math.IsNaN(x[k]) {
				return math.NaN()
			}
		}
		return math.Inf(-1)
	}
	inv := 1 / (2 * h * h)
	// Pass 2: the shifted sum; its largest term is exp(0) = 1.
	var sum float64
	for i, k := 0, off; i < n; i, k = i+1, k+stride {
		d := y - x[k]
		sum += math.Exp(-(d*d - d2min) * inv)
	}
	return -d2min*inv + math.Log(sum) - math.Log(float64(n)) - halfLog2Pi - math.Log(h)
}

// KDENLL evaluates the KDE negative log-likelihood of models.md §8.1 on the
// standardised scale. samples is P x N: column j holds the P predictive
// samples of test point j, and y[j] is its observed value. Each column gets
// its own bandwidth, SilvermanBandwidth of that column.
//
// It returns the mean NLL, -(1/N) sum_j log p_hat_j(y_j), and the per-point
// log densities. These are written into logDens when its capacity is at
// least N (then nothing is allocated), otherwise into a new slice. It panics
// if len(y) != N. Use ToOriginalScale to report the NLL on the original y
// scale. For test points with several outputs use KDENLLOutputs, which
// scores each output with its own 1-D KDE and sums over the outputs.
func KDENLL(samples *mat.Dense, y []float64, logDens []float64) (meanNLL float64, logDensOut []float64) {
	p, n := samples.Dims()
	if len(y) != n {
		panic(fmt.Sprintf("eval: KDENLL: %d test values for %d sample columns", len(y), n))
	}
	if cap(logDens) >= n {
		logDens = logDens[:n]
	} else {
		logDens = make([]float64, n)
	}
	if n == 0 {
		return math.NaN(), logDens
	}
	raw := samples.RawMatrix()
	var sum float64
	for j := 0; j < n; j++ {
		_, sd := meanSDStrided(raw.Data, j, raw.Stride, p)
		h := silvermanFromSD(sd, p)
		ld := kdeLogDensityStrided(raw.Data, j, raw.Stride, p, y[j], h)
		logDens[j] = ld
		sum += ld
	}
	return -sum / float64(n), logDens
}

// ToOriginalScale converts an NLL on the standardised scale to the original
// y scale (decision A-2): NLL_orig = NLL_std + log sigmaY, where sigmaY is the
// standard deviation used to standardise y. With the scale-aware Silverman
// bandwidth this is exactly the NLL of the samples and y mapped back to the
// original scale.
func ToOriginalScale(nllStd, sigmaY float64) float64 {
	return nllStd + math.Log(sigmaY)
}
