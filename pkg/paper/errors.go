package paper

import (
	"errors"

	"github.com/mgpteam/mgp/pkg/inputerr"
)

// inputErr marks err as caused by the input (a missing tree, a file that
// is not a result, runs that cannot be drawn) rather than a failure while
// drawing: an *inputerr.Error, which a command reports as bad input (nil
// stays nil).
func inputErr(err error) error { return inputerr.Wrap(err) }

// OptionError says that the option named Option (an options field, in the
// lower case the CLI spells its flag) cannot be used as given: Msg follows
// the option's name, e.g. Option "runs", Msg " results: no such directory".
// It is an input error too.
type OptionError struct {
	// Option names the option.
	Option string
	// Msg is the rest of the message.
	Msg string
	// Err, when set, is the error Msg words (a caller may look for it
	// underneath).
	Err error
}

// Error returns the option's name followed by Msg.
func (e *OptionError) Error() string { return e.Option + e.Msg }

// Unwrap returns Err.
func (e *OptionError) Unwrap() error { return e.Err }

// optErr returns an *OptionError for option with the message msg.
func optErr(option, msg string) error { return &OptionError{Option: option, Msg: msg} }

// IsInput says whether err is an input error (an *inputerr.Error or an
// *OptionError somewhere in its chain).
func IsInput(err error) bool {
	var oe *OptionError
	return inputerr.Is(err) || errors.As(err, &oe)
}

// NoTraceError says that a run's trace holds no value of a metric: the run
// was trained without recording it.
type NoTraceError struct {
	// File is the run's result file.
	File string
	// Metric is the metric as the caller named it (e.g. "test NLL").
	Metric string
}

// Error says which file lacks which metric.
func (e *NoTraceError) Error() string { return e.File + ": no " + e.Metric + " in its trace" }
