package eval

import (
	"math"
	"testing"
)

// TestMeanSD checks both denominators, the standard error and the edge
// cases on values whose answers are exact enough to compare to 1e-15.
func TestMeanSD(t *testing.T) {
	x := []float64{1, 2, 3, 4}
	near := func(got, want float64) bool { return math.Abs(got-want) <= 1e-15*math.Abs(want) }
	if m, sd := MeanSDPop(x); m != 2.5 || !near(sd, math.Sqrt(1.25)) {
		t.Errorf("MeanSDPop = %v, %v; want 2.5, √1.25", m, sd)
	}
	if m, sd := MeanSDSample(x); m != 2.5 || !near(sd, math.Sqrt(5.0/3)) {
		t.Errorf("MeanSDSample = %v, %v; want 2.5, √(5/3)", m, sd)
	}
	if se := StdErr(x); !near(se, math.Sqrt(5.0/3)/2) {
		t.Errorf("StdErr = %v, want √(5/3)/2", se)
	}
	for _, f := range []func([]float64) (float64, float64){MeanSDPop, MeanSDSample} {
		if m, sd := f(nil); !math.IsNaN(m) || !math.IsNaN(sd) {
			t.Errorf("empty: %v, %v; want NaN, NaN", m, sd)
		}
	}
	if m, sd := MeanSDPop([]float64{7}); m != 7 || sd != 0 {
		t.Errorf("MeanSDPop of one value: %v, %v; want 7, 0", m, sd)
	}
	if m, sd := MeanSDSample([]float64{7}); m != 7 || !math.IsNaN(sd) {
		t.Errorf("MeanSDSample of one value: %v, %v; want 7, NaN", m, sd)
	}
	if se := StdErr([]float64{7}); !math.IsNaN(se) {
		t.Errorf("StdErr of one value: %v, want NaN", se)
	}
}

// TestFinite: NaN and both infinities are not finite; zero and the largest
// float are.
func TestFinite(t *testing.T) {
	for v, want := range map[float64]bool{0: true, math.MaxFloat64: true, -1: true, math.Inf(1): false, math.Inf(-1): false} {
		if Finite(v) != want {
			t.Errorf("Finite(%v) = %v", v, !want)
		}
	}
	if Finite(math.NaN()) {
		t.Error("Finite(NaN) = true")
	}
}
