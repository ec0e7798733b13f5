package train

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/mgpteam/mgp/pkg/eval"
	"github.com/mgpteam/mgp/pkg/models"
	"gonum.org/v1/gonum/mat"
)

// ClassKDENLL returns the Table 4 NLL of each test image (models.md §9.4,
// A-46): -Σ_d log p̂_d(y_d), p̂_d the scaled-Silverman 1-D KDE of the P
// predictive samples of output d (eval.KDELogDensities). The predictive
// depends only on the input row (mnist: the one-hot label), so the model
// draws P samples once per distinct row of X, in order of first appearance,
// from rng, and every test point with that row is scored against them: 10
// calls of Sample(x_c, P) for mnist instead of one P x (N·d_y) matrix of
// 8.8 GB. The mean of the result is the table's per-image NLL.
func ClassKDENLL(m models.Model, X, Y *mat.Dense, P int, rng *rand.Rand) ([]float64, error) {
	n, dx := X.Dims()
	ny, dy := Y.Dims()
	if ny != n {
		return nil, fmt.Errorf("ClassKDENLL: %d input rows, %d output rows", n, ny)
	}
	if P < 2 {
		return nil, fmt.Errorf("ClassKDENLL: %d samples, need at least 2 for a bandwidth", P)
	}
	classOf := make([]int, n)
	var firsts []int // first row of each class
	index := map[string]int{}
	for i := 0; i < n; i++ {
		key := rowKey(X.RawRowView(i))
		c, ok := index[key]
		if !ok {
			c = len(firsts)
			index[key] = c
			firsts = append(firsts, i)
		}
		classOf[i] = c
	}
	nll := make([]float64, n)
	ld := mat.NewDense(1, dy, nil)
	for c, i0 := range firsts {
		xc := mat.NewDense(1, dx, nil)
		xc.SetRow(0, X.RawRowView(i0))
		Ys, _ := m.Sample(xc, P, rng) // P x d_y
		for i := 0; i < n; i++ {
			if classOf[i] != c {
				continue
			}
			yi := Y.Slice(i, i+1, 0, dy).(*mat.Dense)
			if _, err := eval.KDELogDensities(Ys, yi, ld); err != nil {
				return nil, err
			}
			s := 0.0
			for _, v := range ld.RawRowView(0) {
				s += v
			}
			nll[i] = -s
		}
	}
	return nll, nil
}

// rowKey is an exact key for a row of inputs (its float bits).
func rowKey(row []float64) string {
	b := make([]byte, 0, 8*len(row))
	for _, v := range row {
		u := math.Float64bits(v)
		for k := 0; k < 8; k++ {
			b = append(b, byte(u>>(8*k)))
		}
	}
	return string(b)
}
