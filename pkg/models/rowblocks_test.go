package models

import (
	"math"
	"math/rand/v2"
	"testing"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"github.com/mgpteam/mgp/pkg/autodiff/adtest"
	"github.com/mgpteam/mgp/pkg/models/nn"
	"gonum.org/v1/gonum/mat"
)

// TestRowBlocksChangeNoNumber: SLGP's, GPCDE's and CVAE's objectives and
// gradients at S·b = 600 rows, with the encoder (CVAE: decoder) taken 64
// rows at a time and the GP layer 100 (and the defaults), equal those of
// one block to rounding. The fingerprints (S·b = 128) never reach the
// blocked paths at their defaults.
func TestRowBlocksChangeNoNumber(t *testing.T) {
	rng := rand.New(rand.NewPCG(61, 61))
	const n, b = 200, 60
	X := adtest.Rand(rng, n, 3)
	Y := adtest.Rand(rng, n, 1)
	spec := Spec{X: X, Y: Y, Seed: 3, KMeans: func(X *mat.Dense, M int, seed uint64) *mat.Dense {
		_, c := X.Dims()
		return adtest.Rand(rand.New(rand.NewPCG(seed, 3)), M, c)
	}}
	opts := map[string]any{"m": 24, "hidden": []int{16, 16}, "s": 10}
	for _, name := range []string{"slgp", "gpcde", "cvae"} {
		o := opts
		if name == "cvae" {
			o = map[string]any{"hidden": []int{16, 16}, "s": 10}
		}
		mod, err := New(name, decodeKnown(o), spec)
		if err != nil {
			t.Fatal(err)
		}
		Xb, Yb := mat.DenseCopyOf(X.Slice(0, b, 0, 3)), mat.DenseCopyOf(Y.Slice(0, b, 0, 1))
		run := func(encRows, gpRows int) (float64, []float64) {
			switch m := mod.(type) {
			case *SLGP:
				m.Enc.rows, m.Layer.RowBlock = encRows, gpRows
			case *GPCDE:
				m.Layer.RowBlock = gpRows
			case *CVAE:
				m.decRows = encRows
			}
			m := mod
			tp := ad.NewTape()
			o := m.Objective(tp, Step{X: Xb, Y: Yb, N: n, Rng: rand.New(rand.NewPCG(8, 8))})
			tp.Backward(o)
			return o.Scalar(), m.Params().FlattenGrad(nil)
		}
		want, wantG := run(1<<30, 1<<30)
		for _, rows := range [][2]int{{64, 100}, {nn.RowBlock, 0}} {
			got, gotG := run(rows[0], rows[1])
			if math.Abs(got-want) > 1e-12*math.Abs(want) {
				t.Errorf("%s, blocks %v: objective %.15g, one block's %.15g", name, rows, got, want)
			}
			for k := range wantG {
				if math.Abs(gotG[k]-wantG[k]) > 1e-9*max(1, math.Abs(wantG[k])) {
					t.Fatalf("%s, blocks %v: gradient %d is %v, one block's %v", name, rows, k, gotG[k], wantG[k])
				}
			}
		}
	}
}
