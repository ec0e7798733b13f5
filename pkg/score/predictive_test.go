package score

import (
	"math"
	"testing"

	"github.com/mgpteam/mgp/pkg/models"
)

// TestChoosePredictive: the plug-in only when its mean per-point gain is at
// least PlugInMargin and PlugInZ standard errors; a gain carried by one
// point, smaller gains, ties, NaN, infinities and mismatched or too short
// inputs go to the draws.
func TestChoosePredictive(t *testing.T) {
	const n = 25
	gains := func(f func(i int) float64) ([]float64, []float64) {
		draws, plug := make([]float64, n), make([]float64, n)
		for i := range draws {
			draws[i] = 1 + 0.1*float64(i%5)
			plug[i] = draws[i] - f(i)
		}
		return draws, plug
	}
	for _, c := range []struct {
		name string
		gain func(i int) float64
		want models.Predictive
	}{
		{"every point gains 0.5", func(int) float64 { return 0.5 }, models.PlugIn},
		{"gains 0.2 ± 0.1", func(i int) float64 { return 0.2 + 0.1*float64(i%3-1) }, models.PlugIn},
		{"one point carries a mean gain of 0.5", func(i int) float64 { return map[bool]float64{true: 12.5}[i == 7] }, models.Draws},
		{"gains of 0.23 that swing by ±2", func(i int) float64 { return 0.23 + 2*float64(i%2*2-1) }, models.Draws},
		{"a consistent gain below the margin", func(int) float64 { return PlugInMargin / 2 }, models.Draws},
		{"a tie", func(int) float64 { return 0 }, models.Draws},
		{"losses", func(int) float64 { return -0.5 }, models.Draws},
		{"a NaN", func(i int) float64 { return map[bool]float64{true: math.NaN(), false: 1}[i == 3] }, models.Draws},
		{"an infinite gain", func(i int) float64 { return map[bool]float64{true: math.Inf(1), false: 1}[i == 3] }, models.Draws},
	} {
		draws, plug := gains(c.gain)
		if got := ChoosePredictive(draws, plug); got != c.want {
			t.Errorf("%s: %s, want %s", c.name, got, c.want)
		}
	}
	if ChoosePredictive([]float64{2}, []float64{1}) != models.Draws || ChoosePredictive([]float64{2, 2}, []float64{1}) != models.Draws {
		t.Error("one point, or lengths that differ, must keep the draws")
	}
}
