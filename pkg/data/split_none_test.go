package data

import (
	"testing"

	"gonum.org/v1/gonum/mat"
)

// TestPrepareSplitNone: Kind "none" trains on every row in file order,
// leaves the test sets empty and, with "train" statistics, standardises
// on all rows; even 5 rows are enough.
func TestPrepareSplitNone(t *testing.T) {
	X := mat.NewDense(5, 1, []float64{1, 2, 3, 4, 5})
	Y := mat.NewDense(5, 1, []float64{2, 4, 6, 8, 10})
	p, err := Prepare(&Dataset{Name: "five", X: X, Y: Y}, SplitOptions{Kind: "none", Stats: "train"})
	if err != nil {
		t.Fatal(err)
	}
	if n, _ := p.XTrain.Dims(); n != 5 || !p.XTest.IsEmpty() || !p.YTest.IsEmpty() || len(p.Split.Test) != 0 {
		t.Fatalf("train rows %d, test %v", n, p.Split.Test)
	}
	for i, r := range p.Split.Train {
		if r != i {
			t.Fatalf("train rows %v, want file order", p.Split.Train)
		}
	}
	if p.Std.YMean[0] != 6 {
		t.Errorf("y mean %g, want 6 (all rows)", p.Std.YMean[0])
	}
}
