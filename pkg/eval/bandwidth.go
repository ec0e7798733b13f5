package eval

import (
	"math"
)

// MinBandwidth is the smallest bandwidth the KDE uses (models.md §8.2): a
// bandwidth below it, e.g. from P identical samples, is raised to it.
const MinBandwidth = 1e-12

// SilvermanFactor returns the scaled-Silverman factor (3n/4)^(-1/5) for n
// one-dimensional samples, 0.36710 at n = 200. It is SciPy's
// gaussian_kde(bw_method="silverman") factor in one dimension; multiplied by
// the sample standard deviation it gives the bandwidth. n must be positive.
func SilvermanFactor(n int) float64 {
	return math.Pow(0.75*float64(n), -0.2)
}

// SilvermanBandwidth returns the KDE bandwidth of decision A-1:
// h = sd(samples, ddof 1) * SilvermanFactor(len(samples)), with the standard
// deviation from a two-pass formula and h raised to at least MinBandwidth.
// It is NaN when there are fewer than two samples or a sample is NaN.
func SilvermanBandwidth(samples []float64) float64 {
	return silvermanFromSD(sampleSD(samples), len(samples))
}

// silvermanFromSD applies the factor and the guard to a given ddof-1 sd.
func silvermanFromSD(sd float64, n int) float64 {
	return guardBandwidth(sd * SilvermanFactor(n))
}

// guardBandwidth raises h to MinBandwidth; NaN passes through so that a
// broken input stays visible.
func guardBandwidth(h float64) float64 {
	if h < MinBandwidth {
		return MinBandwidth
	}
	return h
}

// SilvermanBandwidthRobust returns Silverman's rule in the narrow sense, the
// alternative named at the end of models.md §8.2:
// h = 0.9 * min(sd, IQR/1.34) * n^(-1/5), with sd the ddof-1 standard
// deviation and IQR the difference of the 0.75 and 0.25 quantiles (linear
// interpolation, as numpy.quantile). When the IQR is zero (more than half the
// samples tie) the sd is used instead, as R's bw.nrd0 does; h is raised to
// at least MinBandwidth. It is NaN for fewer than two samples or NaN input.
func SilvermanBandwidthRobust(samples []float64) float64 {
	n := len(samples)
	sd := sampleSD(samples)
	if math.IsNaN(sd) {
		return math.NaN()
	}
	sorted, _ := sortedCopy(make([]float64, 0, n), samples)
	iqr := quantileSorted(sorted, 0.75) - quantileSorted(sorted, 0.25)
	spread := math.Min(sd, iqr/1.34)
	if spread <= 0 {
		spread = sd
	}
	return guardBandwidth(0.9 * spread * math.Pow(float64(n), -0.2))
}
