package eval

import (
	"fmt"
	"math"

	"gonum.org/v1/gonum/mat"
)

// KDELogDensitiesShared scores many test points against one set of
// predictive samples, as Table 4 does (mnist: every test image of a label
// against the 200 samples drawn for that label). samples is P x d_y, the P
// samples of the d_y outputs; Y is N x d_y. Entry (i, d) of the result is
// log p̂_d(Y[i, d]), p̂_d the scaled-Silverman 1-D KDE of column d of
// samples: bit for bit what KDELogDensities(samples, Y's row i) gives, the
// same operations in the same order.
//
// The work is shared: each column's bandwidth is computed once, not once
// per test point, and each distinct value of a column of Y (by its bits)
// is scored once. mnist's pixels take at most 256 values and are mostly 0,
// so a label's 700 test images need a few tens of thousands of kernel sums
// instead of half a million.
//
// The result is written into dst when dst is N x d_y, otherwise into a new
// matrix. It returns an error when the shapes disagree.
func KDELogDensitiesShared(samples, Y, dst *mat.Dense) (*mat.Dense, error) {
	p, dy := samples.Dims()
	n, dyY := Y.Dims()
	if dy == 0 || dyY != dy {
		return nil, fmt.Errorf("eval: KDELogDensitiesShared: %d sample columns for %d outputs (want one column per output)", dy, dyY)
	}
	if dst == nil || dst.IsEmpty() {
		dst = mat.NewDense(n, dy, nil)
	} else if r, c := dst.Dims(); r != n || c != dy {
		dst = mat.NewDense(n, dy, nil)
	}
	col := make([]float64, p)
	scored := make(map[uint64]float64)
	for d := 0; d < dy; d++ {
		// The column copied out is the same values in the same order as the
		// strided reads of kdeRows, so every sum below has its bits.
		for k := range col {
			col[k] = samples.At(k, d)
		}
		_, sd := meanSDStrided(col, 0, 1, p)
		h := silvermanFromSD(sd, p)
		clear(scored)
		for i := 0; i < n; i++ {
			y := Y.At(i, d)
			key := math.Float64bits(y)
			v, ok := scored[key]
			if !ok {
				v = kdeLogDensityStrided(col, 0, 1, p, y, h)
				scored[key] = v
			}
			dst.Set(i, d, v)
		}
	}
	return dst, nil
}
