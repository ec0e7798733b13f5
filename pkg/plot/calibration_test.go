package plot

import "testing"

// TestCalibrationFigures renders the figures of mgp compare's report and
// checks that they refuse empty or mismatched input.
func TestCalibrationFigures(t *testing.T) {
	p, err := PITHistogram("PIT", []int{5, 3, 2, 2, 3, 5})
	if err != nil {
		t.Fatal(err)
	}
	checkPNG(t, p)
	if _, err := PITHistogram("PIT", []int{0, 0}); err == nil {
		t.Error("PITHistogram accepted no values")
	}
	lv := map[string][]float64{"a": {0.5, 0.9}, "b": {0.5, 0.9}}
	p, err = CalibrationCurve("cal", []string{"a", "b"}, lv, map[string][]float64{"a": {0.4, 0.8}, "b": {0.6, 0.95}})
	if err != nil {
		t.Fatal(err)
	}
	checkPNG(t, p)
	if _, err := CalibrationCurve("cal", []string{"a"}, lv, map[string][]float64{"a": {0.4}}); err == nil {
		t.Error("CalibrationCurve accepted 2 levels and 1 coverage")
	}
	p, err = PredictedObserved("po", "90 %", []float64{1, 2, 3}, []float64{1.1, 2.2, 2.7}, []float64{0, 1, 2}, []float64{2, 3, 4})
	if err != nil {
		t.Fatal(err)
	}
	checkPNG(t, p)
	if _, err := PredictedObserved("po", "90 %", []float64{1, 2}, []float64{1}, []float64{0}, []float64{2}); err == nil {
		t.Error("PredictedObserved accepted mismatched lengths")
	}
	x := []float64{0, 1, 2}
	p, err = PredictiveBands("b", "x", "y", x, []float64{-2, -1, 0}, []float64{-1, 0, 1}, []float64{0, 1, 2}, []float64{1, 2, 3},
		[]float64{2, 3, 4}, []float64{0.5}, []float64{1}, []float64{1.5}, []float64{2})
	if err != nil {
		t.Fatal(err)
	}
	checkPNG(t, p)
	if _, err := PredictiveBands("b", "x", "y", x, x, x, x, x, []float64{1}, nil, nil, nil, nil); err == nil {
		t.Error("PredictiveBands accepted a short quantile")
	}
}
