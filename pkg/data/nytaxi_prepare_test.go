package data

import (
	"math"
	"slices"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// TestNYTaxiSplitSizes: train = ⌊0.9 N⌋, test the rest (models.md §9.3;
// the full file's 1,420,068 rows give 142,007 test points), a partition,
// the same for the same seed and different for another.
func TestNYTaxiSplitSizes(t *testing.T) {
	for _, n := range []int{2, 10, 11, 19, 1000, 1420068} {
		sp := NYTaxiSplit(n, 3)
		if len(sp.Train) != n*9/10 || len(sp.Train)+len(sp.Test) != n {
			t.Fatalf("n=%d: %d train, %d test", n, len(sp.Train), len(sp.Test))
		}
		all := append(slices.Clone(sp.Train), sp.Test...)
		slices.Sort(all)
		if !slices.Equal(all, identity(n)) {
			t.Fatalf("n=%d: not a partition", n)
		}
	}
	if got := len(NYTaxiSplit(1420068, 0).Test); got != 142007 {
		t.Errorf("full-file test split %d, want 142007", got)
	}
	a, b, c := NYTaxiSplit(100, 1), NYTaxiSplit(100, 1), NYTaxiSplit(100, 2)
	if !slices.Equal(a.Train, b.Train) || slices.Equal(a.Train, c.Train) {
		t.Error("split not determined by its seed")
	}
}

// TestPrepareNYTaxi: statistics over the whole filtered set with +1e-6 on
// the population sd, in-place standardisation, rows gathered by the split.
func TestPrepareNYTaxi(t *testing.T) {
	n := 50
	X := mat.NewDense(n, 2, nil)
	Y := mat.NewDense(n, 1, nil)
	for i := range n {
		X.Set(i, 0, float64(i))
		X.Set(i, 1, 7) // constant: divisor 1e-6, values map to 0
		Y.Set(i, 0, float64(i*i))
	}
	raw := mat.DenseCopyOf(X)
	rawY := mat.DenseCopyOf(Y)
	p, err := PrepareNYTaxi(&Dataset{Name: "nytaxi", X: X, Y: Y}, 4)
	if err != nil {
		t.Fatal(err)
	}
	// Column 0 is 0..49: mean 24.5, population variance (n²−1)/12.
	if p.Std.XMean[0] != 24.5 || math.Abs(p.Std.XStd[0]-(math.Sqrt(float64(n*n-1)/12)+1e-6)) > 1e-12 {
		t.Errorf("x stats %g, %g", p.Std.XMean[0], p.Std.XStd[0])
	}
	if p.Std.XMean[1] != 7 || p.Std.XStd[1] != NYTaxiStdEps {
		t.Errorf("constant column stats %g, %g", p.Std.XMean[1], p.Std.XStd[1])
	}
	if len(p.Split.Train) != 45 || len(p.Split.Test) != 5 {
		t.Fatalf("split %d/%d", len(p.Split.Train), len(p.Split.Test))
	}
	for k, i := range p.Split.Test {
		want := (raw.At(i, 0) - p.Std.XMean[0]) / p.Std.XStd[0]
		if p.XTest.At(k, 0) != want || p.XTest.At(k, 1) != 0 {
			t.Errorf("test row %d (data row %d): %g, %g", k, i, p.XTest.At(k, 0), p.XTest.At(k, 1))
		}
		if wy := (rawY.At(i, 0) - p.Std.YMean[0]) / p.Std.YStd[0]; p.YTest.At(k, 0) != wy {
			t.Errorf("test y %d: %g want %g", k, p.YTest.At(k, 0), wy)
		}
	}
	if _, err := PrepareNYTaxi(&Dataset{Name: "nytaxi", X: mat.NewDense(1, 1, []float64{1}), Y: mat.NewDense(1, 1, []float64{1})}, 0); err == nil {
		t.Error("one row accepted")
	}
}
