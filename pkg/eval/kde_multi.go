package eval

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"
)

// KDELogDensities scores test points with several outputs, one output at a
// time (models.md §9.4 and A-46: a 1-D scaled-Silverman KDE per output,
// never a joint KDE). samples is P x (N·d_y) in the layout of the models'
// Sample: column i·d_y + d holds the P predictive samples of output d at
// test point i. Y is N x d_y. Entry (i, d) of the result is
// log p_hat_{i,d}(Y[i, d]), the KDE of that column alone with its own
// bandwidth (SilvermanBandwidth of the column).
//
// For d_y = 1 the column (i, 0) equals KDENLL's per-point log density bit
// for bit. The result is written into dst when dst is N x d_y, otherwise
// into a new matrix. It returns an error when the shapes disagree.
func KDELogDensities(samples, Y, dst *mat.Dense) (*mat.Dense, error) {
	dst, err := kdeDst(samples, Y, dst)
	if err != nil {
		return nil, err
	}
	n, _ := Y.Dims()
	kdeRows(samples, Y, dst, 0, n)
	return dst, nil
}

// kdeRows writes the KDE log densities of test points i0..i1-1 into dst
// (KDELogDensities' entries of those rows): each entry from its own column
// of samples, so any split of the rows gives the same bits.
func kdeRows(samples, Y, dst *mat.Dense, i0, i1 int) {
	p, _ := samples.Dims()
	_, dy := Y.Dims()
	raw := samples.RawMatrix()
	for i := i0; i < i1; i++ {
		for d := 0; d < dy; d++ {
			j := i*dy + d
			_, sd := meanSDStrided(raw.Data, j, raw.Stride, p)
			h := silvermanFromSD(sd, p)
			dst.Set(i, d, kdeLogDensityStrided(raw.Data, j, raw.Stride, p, Y.At(i, d), h))
		}
	}
}

// KDENLLOutputs returns the KDE NLL of several outputs on the standardised
// scale (models.md §9.4): perOutput[d] = -(1/N) Σ_i log p_hat_{i,d}(Y[i, d])
// and total = Σ_d perOutput[d], the per-point NLL summed over the outputs
// and averaged over the points. samples and Y are as for KDELogDensities.
// For d_y = 1, total and perOutput[0] equal KDENLL's mean NLL bit for bit.
// With N = 0 every value is NaN.
func KDENLLOutputs(samples, Y *mat.Dense) (perOutput []float64, total float64, err error) {
	ld, err := KDELogDensities(samples, Y, nil)
	if err != nil {
		return nil, math.NaN(), err
	}
	n, dy := Y.Dims()
	sums := make([]float64, dy)
	for i := 0; i < n; i++ {
		for d, v := range ld.RawRowView(i) {
			sums[d] += v
		}
	}
	perOutput = NLLFromLogDensitySums(sums, n)
	return perOutput, SumOutputs(perOutput), nil
}

// NLLFromLogDensitySums turns per-output sums of log densities over n test
// points into per-output mean NLLs, -sums[d]/n, exactly as KDENLL divides.
// It returns NaNs when n is 0.
func NLLFromLogDensitySums(sums []float64, n int) []float64 {
	out := make([]float64, len(sums))
	for d, s := range sums {
		if n == 0 {
			out[d] = math.NaN()
			continue
		}
		out[d] = -s / float64(n)
	}
	return out
}

// SumOutputs adds per-output values in output order, starting from 0, so
// that a single output's value comes back unchanged.
func SumOutputs(v []float64) float64 {
	var s float64
	for _, x := range v {
		s += x
	}
	return s
}

// ToOriginalScaleOutputs converts an NLL summed over outputs from the
// standardised to the original y scale: NLL_orig = NLL_std + Σ_d log σ_d,
// with σ_d the standard deviation used to standardise output d (A-2 per
// output; the density of the standardised vector gains log σ_d per
// coordinate). With one σ it equals ToOriginalScale bit for bit.
func ToOriginalScaleOutputs(nllStd float64, sigmaY []float64) float64 {
	return nllStd + sumLogs(sigmaY)
}

// sumLogs is Σ log x_d in order, starting from 0.
func sumLogs(x []float64) float64 {
	var s float64
	for _, v := range x {
		s += math.Log(v)
	}
	return s
}

// kdeDst checks that samples has one column per test point and output of Y
// and returns dst when it is N x d_y, otherwise a new N x d_y matrix.
func kdeDst(samples, Y, dst *mat.Dense) (*mat.Dense, error) {
	_, cols := samples.Dims()
	n, dy := Y.Dims()
	if dy == 0 || cols != n*dy {
		return nil, fmt.Errorf("eval: KDELogDensities: %d sample columns for %d test points x %d outputs (want %d)", cols, n, dy, n*dy)
	}
	if dst == nil || dst.IsEmpty() {
		return mat.NewDense(n, dy, nil), nil
	} else if r, c := dst.Dims(); r != n || c != dy {
		return mat.NewDense(n, dy, nil), nil
	}
	return dst, nil
}
