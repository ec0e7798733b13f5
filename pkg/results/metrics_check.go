package results

import (
	"encoding/json"
	"fmt"
)

// metricsHint says how to recover a result file refused for its metrics.
const metricsHint = "re-evaluate the run with mgp eval --run DIR --write, train it again, or remove the file"

// checkMetrics refuses result JSON b that has no "metrics" object or no
// (or a null) "metrics.nll": decoding alone would leave an NLL of 0, which
// tables would show as a real (and often the best) value. A NaN NLL, as
// written for a diverged run ("NaN"), is a recorded value and is kept: the
// tables show it as NaN and never mark it best. The error wraps
// ErrNoMetrics.
func checkMetrics(b []byte) error {
	var raw struct {
		Metrics *struct {
			NLL json.RawMessage `json:"nll"`
		} `json:"metrics"`
		NoTest string `json:"no_test"`
	}
	if err := json.Unmarshal(b, &raw); err != nil {
		return err
	}
	switch {
	case raw.Metrics == nil && raw.NoTest != "":
		return fmt.Errorf("%w: %s", ErrNoMetrics, raw.NoTest)
	case raw.Metrics == nil:
		return fmt.Errorf("%w: no \"metrics\" object; %s", ErrNoMetrics, metricsHint)
	case raw.Metrics.NLL == nil || string(raw.Metrics.NLL) == "null":
		return fmt.Errorf("%w: \"metrics\" has no \"nll\"; %s", ErrNoMetrics, metricsHint)
	}
	return nil
}
