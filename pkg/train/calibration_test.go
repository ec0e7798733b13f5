package train

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/mgpteam/mgp/pkg/eval"
	"gonum.org/v1/gonum/mat"
)

// TestEvaluateRecordsCalibration: the calibration score.Evaluate records comes
// from the same samples as the NLL (one m.Sample call with the evaluation
// seed here): its CRPS is σ_y times the mean of eval.CRPS over the points
// (to rounding) and its coverage and PIT are a direct count over them.
func TestEvaluateRecordsCalibration(t *testing.T) {
	m, exp := trainToy(t, map[string]any{"name": "shgp", "m": 15}, "hetero", 40)
	met, err := evaluateMetrics(context.Background(), m, exp.XTest, exp.YTest, exp.Std.YStd, 200, 11)
	if err != nil {
		t.Fatal(err)
	}
	c := met.Calibration
	if c == nil {
		t.Fatal("no calibration recorded")
	}
	ys, _ := m.Sample(exp.XTest, 200, rand.New(rand.NewPCG(11, 0)))
	n, _ := exp.XTest.Dims()
	var crps float64
	var in90 int
	pit := make([]float64, n)
	for j := range n {
		col := mat.Col(nil, j, ys)
		y := exp.YTest.At(j, 0)
		crps += eval.CRPS(col, y)
		lo, hi := eval.Quantile(col, 0.05), eval.Quantile(col, 0.95)
		if y >= lo && y <= hi {
			in90++
		}
		below := 0
		for _, v := range col {
			if v < y {
				below++
			}
		}
		pit[j] = float64(below) / 200
	}
	want := crps / float64(n) * exp.SigmaY
	if math.Abs(c.CRPS-want) > 1e-12*want {
		t.Errorf("CRPS %v, direct %v", c.CRPS, want)
	}
	if got := float64(in90) / float64(n); c.Coverage90 != got {
		t.Errorf("90 %% coverage %v, direct count %v", c.Coverage90, got)
	}
	if ks := eval.KSUniform(pit); math.Abs(c.PITKS-ks) > 1e-12 {
		t.Errorf("PIT KS %v, direct %v", c.PITKS, ks)
	}
	if !(c.Coverage50 <= c.Coverage90 && c.Coverage90 <= c.Coverage95) {
		t.Errorf("coverages not nested: %v %v %v", c.Coverage50, c.Coverage90, c.Coverage95)
	}
}
