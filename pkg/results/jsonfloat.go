package results

import (
	"encoding/json"
	"fmt"
	"math"
)

// jsonFloat is a float64 that survives JSON when it is not finite:
// encoding/json refuses NaN and infinities, but a diverged run must still be
// recorded. Finite values are plain JSON numbers; NaN, +Inf and -Inf become
// the strings "NaN", "+Inf" and "-Inf".
type jsonFloat float64

// MarshalJSON implements json.Marshaler.
func (f jsonFloat) MarshalJSON() ([]byte, error) {
	v := float64(f)
	switch {
	case math.IsNaN(v):
		return []byte(`"NaN"`), nil
	case math.IsInf(v, 1):
		return []byte(`"+Inf"`), nil
	case math.IsInf(v, -1):
		return []byte(`"-Inf"`), nil
	}
	return json.Marshal(v)
}

// UnmarshalJSON implements json.Unmarshaler.
func (f *jsonFloat) UnmarshalJSON(b []byte) error {
	if len(b) > 0 && b[0] == '"' {
		var s string
		if err := json.Unmarshal(b, &s); err != nil {
			return err
		}
		switch s {
		case "NaN":
			*f = jsonFloat(math.NaN())
		case "+Inf", "Inf":
			*f = jsonFloat(math.Inf(1))
		case "-Inf":
			*f = jsonFloat(math.Inf(-1))
		default:
			return fmt.Errorf("results: %q is not a number", s)
		}
		return nil
	}
	var v float64
	if err := json.Unmarshal(b, &v); err != nil {
		return err
	}
	*f = jsonFloat(v)
	return nil
}

// jsonFloatPtr converts an optional float.
func jsonFloatPtr(p *float64) *jsonFloat {
	if p == nil {
		return nil
	}
	v := jsonFloat(*p)
	return &v
}

// floatPtr converts back an optional float.
func floatPtr(p *jsonFloat) *float64 {
	if p == nil {
		return nil
	}
	v := float64(*p)
	return &v
}

// jsonFloatMap converts a map of floats; nil stays nil.
func jsonFloatMap(m map[string]float64) map[string]jsonFloat {
	if m == nil {
		return nil
	}
	out := make(map[string]jsonFloat, len(m))
	for k, v := range m {
		out[k] = jsonFloat(v)
	}
	return out
}

// floatMap converts back a map written by jsonFloatMap.
func floatMap(m map[string]jsonFloat) map[string]float64 {
	if m == nil {
		return nil
	}
	out := make(map[string]float64, len(m))
	for k, v := range m {
		out[k] = float64(v)
	}
	return out
}

// metricsJSON is the wire form of Metrics.
type metricsJSON struct {
	NLL      jsonFloat  `json:"nll"`
	NLLStd   jsonFloat  `json:"nll_std"`
	RMSE     jsonFloat  `json:"rmse"`
	ExactNLL *jsonFloat `json:"exact_nll,omitempty"`
	// DensityNLL is Metrics.DensityNLL.
	DensityNLL *jsonFloat `json:"density_nll,omitempty"`
	NTest      int        `json:"n_test"`
	Samples    int        `json:"samples"`

	Calibration *Calibration `json:"calibration,omitempty"`
}

// MarshalJSON writes Metrics, non-finite values as strings.
func (m Metrics) MarshalJSON() ([]byte, error) {
	return json.Marshal(metricsJSON{
		NLL: jsonFloat(m.NLL), NLLStd: jsonFloat(m.NLLStd), RMSE: jsonFloat(m.RMSE),
		ExactNLL: jsonFloatPtr(m.ExactNLL), DensityNLL: jsonFloatPtr(m.DensityNLL), NTest: m.NTest, Samples: m.Samples,
		Calibration: m.Calibration,
	})
}

// UnmarshalJSON reads Metrics written by MarshalJSON or as plain numbers.
func (m *Metrics) UnmarshalJSON(b []byte) error {
	var w metricsJSON
	if err := json.Unmarshal(b, &w); err != nil {
		return err
	}
	*m = Metrics{
		NLL: float64(w.NLL), NLLStd: float64(w.NLLStd), RMSE: float64(w.RMSE),
		ExactNLL: floatPtr(w.ExactNLL), DensityNLL: floatPtr(w.DensityNLL), NTest: w.NTest, Samples: w.Samples,
		Calibration: w.Calibration,
	}
	return nil
}

// tracePointJSON is the wire form of TracePoint.
type tracePointJSON struct {
	Iter        int                  `json:"iter"`
	ELBO        jsonFloat            `json:"elbo"`
	TestNLL     *jsonFloat           `json:"test_nll,omitempty"`
	Diagnostics map[string]jsonFloat `json:"diagnostics,omitempty"`
}

// MarshalJSON writes a TracePoint, non-finite values as strings.
func (t TracePoint) MarshalJSON() ([]byte, error) {
	return json.Marshal(tracePointJSON{Iter: t.Iter, ELBO: jsonFloat(t.ELBO), TestNLL: jsonFloatPtr(t.TestNLL),
		Diagnostics: jsonFloatMap(t.Diagnostics)})
}

// UnmarshalJSON reads a TracePoint written by MarshalJSON or as plain numbers.
func (t *TracePoint) UnmarshalJSON(b []byte) error {
	var w tracePointJSON
	if err := json.Unmarshal(b, &w); err != nil {
		return err
	}
	*t = TracePoint{Iter: w.Iter, ELBO: float64(w.ELBO), TestNLL: floatPtr(w.TestNLL), Diagnostics: floatMap(w.Diagnostics)}
	return nil
}

// resultFields is Result without its JSON methods.
type resultFields Result

// resultJSON overrides the float-valued fields of Result that may hold
// non-finite values; the outer fields shadow the embedded ones.
type resultJSON struct {
	*resultFields
	TrainSeconds   jsonFloat            `json:"train_seconds"`
	EvalSeconds    jsonFloat            `json:"eval_seconds"`
	ItersPerSecond jsonFloat            `json:"iters_per_second"`
	Diagnostics    map[string]jsonFloat `json:"diagnostics,omitempty"`
	// Metrics is left out of a result without test rows (NoTest).
	Metrics *Metrics `json:"metrics,omitempty"`
}

// MarshalJSON writes a Result, non-finite values in its own float fields,
// Metrics, Trace and Diagnostics as strings, and no "metrics" at all when
// NoTest says the run has no test rows. Config is encoded as given.
func (r Result) MarshalJSON() ([]byte, error) {
	w := resultJSON{
		resultFields:   (*resultFields)(&r),
		TrainSeconds:   jsonFloat(r.TrainSeconds),
		EvalSeconds:    jsonFloat(r.EvalSeconds),
		ItersPerSecond: jsonFloat(r.ItersPerSecond),
	}
	if r.NoTest == "" {
		w.Metrics = &r.Metrics
	}
	w.Diagnostics = jsonFloatMap(r.Diagnostics)
	return json.Marshal(w)
}

// UnmarshalJSON reads a Result written by MarshalJSON or as plain numbers.
func (r *Result) UnmarshalJSON(b []byte) error {
	var f resultFields
	w := resultJSON{resultFields: &f}
	if err := json.Unmarshal(b, &w); err != nil {
		return err
	}
	f.TrainSeconds = float64(w.TrainSeconds)
	f.EvalSeconds = float64(w.EvalSeconds)
	f.ItersPerSecond = float64(w.ItersPerSecond)
	f.Metrics = Metrics{}
	if w.Metrics != nil {
		f.Metrics = *w.Metrics
	}
	f.Diagnostics = floatMap(w.Diagnostics)
	*r = Result(f)
	return nil
}
