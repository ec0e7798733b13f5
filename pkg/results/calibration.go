package results

import "encoding/json"

// Calibration is how well a run's predictive samples are calibrated on the
// test split (issue 31; beyond the paper, which reports the NLL alone),
// from the same samples as the KDE NLL.
type Calibration struct {
	// CRPS is the mean continuous ranked probability score of the samples'
	// empirical distribution on the original y scale (summed over the
	// outputs as the NLL is); lower is better.
	CRPS float64 `json:"crps"`
	// Coverage50, Coverage90 and Coverage95 are the fractions of test
	// values inside the central 50 %, 90 % and 95 % predictive intervals
	// (sample quantiles); a calibrated predictor has the nominal ones.
	Coverage50 float64 `json:"coverage_50"`
	Coverage90 float64 `json:"coverage_90"`
	Coverage95 float64 `json:"coverage_95"`
	// PITKS is the Kolmogorov-Smirnov distance of the PIT values (the
	// fraction of samples below each test value) from uniform: 0 is
	// calibrated, about 1.36/sqrt(n_test) is within sampling noise.
	PITKS float64 `json:"pit_ks"`
	// PITHist counts the PIT values in equal bins over [0, 1].
	PITHist []int `json:"pit_hist,omitempty"`
}

// calibrationJSON is the wire form of Calibration.
type calibrationJSON struct {
	CRPS       jsonFloat `json:"crps"`
	Coverage50 jsonFloat `json:"coverage_50"`
	Coverage90 jsonFloat `json:"coverage_90"`
	Coverage95 jsonFloat `json:"coverage_95"`
	PITKS      jsonFloat `json:"pit_ks"`
	PITHist    []int     `json:"pit_hist,omitempty"`
}

// MarshalJSON writes Calibration, non-finite values as strings.
func (c Calibration) MarshalJSON() ([]byte, error) {
	return json.Marshal(calibrationJSON{CRPS: jsonFloat(c.CRPS), Coverage50: jsonFloat(c.Coverage50),
		Coverage90: jsonFloat(c.Coverage90), Coverage95: jsonFloat(c.Coverage95), PITKS: jsonFloat(c.PITKS), PITHist: c.PITHist})
}

// UnmarshalJSON reads Calibration written by MarshalJSON or as plain numbers.
func (c *Calibration) UnmarshalJSON(b []byte) error {
	var w calibrationJSON
	if err := json.Unmarshal(b, &w); err != nil {
		return err
	}
	*c = Calibration{CRPS: float64(w.CRPS), Coverage50: float64(w.Coverage50), Coverage90: float64(w.Coverage90),
		Coverage95: float64(w.Coverage95), PITKS: float64(w.PITKS), PITHist: w.PITHist}
	return nil
}
