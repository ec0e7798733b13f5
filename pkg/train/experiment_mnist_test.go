package train

import (
	"testing"

	"github.com/mgpteam/mgp/internal/shareddata"
)

// TestMNISTExperimentIsNotStandardised loads the shipped MNIST files as a
// run would: a 63,000/7,000 split, one-hot inputs and pixels in [0, 1] left
// as they are, σ_y = 1.
func TestMNISTExperimentIsNotStandardised(t *testing.T) {
	dir := shareddata.Dir(t, "mnist")
	exp, err := LoadExperiment(DataConfig{Name: "mnist", SplitSeed: 3}, dir)
	if err != nil {
		t.Fatal(err)
	}
	ntr, dx := exp.XTrain.Dims()
	nte, dy := exp.YTest.Dims()
	if ntr != 63000 || nte != 7000 || dx != 10 || dy != 784 {
		t.Fatalf("split %d/%d, %d inputs, %d outputs; want 63000/7000, 10, 784", ntr, nte, dx, dy)
	}
	if exp.SigmaY != 1 {
		t.Errorf("σ_y = %g, want 1", exp.SigmaY)
	}
	for i := range 50 {
		sum := 0.0
		for c := range dx {
			v := exp.XTrain.At(i, c)
			if v != 0 && v != 1 {
				t.Fatalf("row %d input %d = %g, want one-hot", i, c, v)
			}
			sum += v
		}
		if sum != 1 {
			t.Fatalf("row %d: inputs sum to %g, want one-hot", i, sum)
		}
		for j := range dy {
			if v := exp.YTrain.At(i, j); v < 0 || v > 1 {
				t.Fatalf("row %d pixel %d = %g outside [0, 1]", i, j, v)
			}
		}
	}
}
