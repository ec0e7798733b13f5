package results

import (
	"math"
	"testing"
)

// TestMetricsNonFinite names each non-finite metric, in a fixed order, and
// nothing for finite ones.
func TestMetricsNonFinite(t *testing.T) {
	inf := math.Inf(1)
	nan := math.NaN()
	cases := []struct {
		m    Metrics
		want string
	}{
		{Metrics{NLL: 1, NLLStd: 0.5, RMSE: 2}, ""},
		{Metrics{NLL: nan, NLLStd: 0.5, RMSE: 2}, "NLL"},
		{Metrics{NLL: 1, NLLStd: inf, RMSE: nan, ExactNLL: &inf}, "standardised NLL, RMSE, exact NLL"},
		{Metrics{NLL: 1, ExactNLL: new(float64)}, ""},
	}
	for _, c := range cases {
		if got := c.m.NonFinite(); got != c.want {
			t.Errorf("%+v: NonFinite() = %q, want %q", c.m, got, c.want)
		}
	}
}
