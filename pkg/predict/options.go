package predict

import (
	"fmt"

	"github.com/mgpteam/mgp/pkg/runconfig"
)

// MinSamples is the fewest predictive samples per input: a standard
// deviation needs two.
const MinSamples = 2

// Options set what Predict draws and reports.
type Options struct {
	// Samples is the number of predictive samples per input (at least
	// MinSamples).
	Samples int
	// Quantiles are the levels, each in [0, 1], of the sample quantiles
	// to report, in the order given (none: no quantiles).
	Quantiles []float64
	// Seed seeds the sampling: the same seed, inputs and run give the
	// same draws.
	Seed uint64
	// KeepSamples keeps every sample (Prediction.Samples).
	KeepSamples bool
}

// OptionError reports an option out of its range.
type OptionError struct {
	// Option names the field of Options ("Samples", "Quantiles").
	Option string
	// Value is the value refused.
	Value float64
	// Reason says what the option takes.
	Reason string
}

// Error names the option, the value and the rule.
func (e *OptionError) Error() string {
	return fmt.Sprintf("%s %g: %s", e.Option, e.Value, e.Reason)
}

// check refuses too few samples and a quantile outside [0, 1].
func (o Options) check() error {
	if o.Samples < MinSamples {
		return &OptionError{Option: "Samples", Value: float64(o.Samples), Reason: fmt.Sprintf("need at least %d", MinSamples)}
	}
	if o.Samples > runconfig.MaxSamples {
		return &OptionError{Option: "Samples", Value: float64(o.Samples), Reason: fmt.Sprintf("at most %d per input", runconfig.MaxSamples)}
	}
	for _, q := range o.Quantiles {
		if !(q >= 0 && q <= 1) {
			return &OptionError{Option: "Quantiles", Value: q, Reason: "not in [0, 1]"}
		}
	}
	return nil
}
