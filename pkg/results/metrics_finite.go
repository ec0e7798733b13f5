package results

import (
	"math"
	"strings"
)

// NonFinite names the metrics of m that are NaN or infinite, comma-separated
// ("" if none): the NLL, the standardised NLL, the RMSE and the exact NLL
// when there is one.
func (m Metrics) NonFinite() string {
	var bad []string
	for _, x := range []struct {
		name string
		v    float64
	}{{"NLL", m.NLL}, {"standardised NLL", m.NLLStd}, {"RMSE", m.RMSE}} {
		if math.IsNaN(x.v) || math.IsInf(x.v, 0) {
			bad = append(bad, x.name)
		}
	}
	if m.ExactNLL != nil && (math.IsNaN(*m.ExactNLL) || math.IsInf(*m.ExactNLL, 0)) {
		bad = append(bad, "exact NLL")
	}
	if m.DensityNLL != nil && (math.IsNaN(*m.DensityNLL) || math.IsInf(*m.DensityNLL, 0)) {
		bad = append(bad, "density NLL")
	}
	return strings.Join(bad, ", ")
}
