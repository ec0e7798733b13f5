package sweep

import (
	"context"
	"errors"
	"fmt"
	"strings"
)

// Interrupted reports a sweep stopped by its context (Ctrl-C or SIGTERM);
// it wraps the context's error.
type Interrupted struct {
	// Done is the number of runs done (before or now) of Total;
	// Checkpointed were stopped while running.
	Done, Total, Checkpointed int
	// Resume is the command line that continues the sweep.
	Resume string
	// Err is the context's error.
	Err error
}

// Error says how far the sweep got and how to continue it.
func (e *Interrupted) Error() string {
	return fmt.Sprintf("sweep interrupted: %d of %d runs done, %d running runs checkpointed; re-run the same command to continue: %s",
		e.Done, e.Total, e.Checkpointed, e.Resume)
}

// Unwrap returns the context's error.
func (e *Interrupted) Unwrap() error { return e.Err }

// Interruption returns an *Interrupted for a sweep that ended with s when
// ctx has ended, and nil otherwise; resume is the command line that
// continues it.
func (s Summary) Interruption(ctx context.Context, resume string) error {
	if ctx.Err() == nil {
		return nil
	}
	return &Interrupted{Done: s.AlreadyDone + s.Completed, Total: s.Total, Checkpointed: s.Interrupted, Resume: resume, Err: ctx.Err()}
}

// HeldError says why a sweep that ended with s left changed or refused
// runs and how to proceed, naming the options in sw's words; nil when it
// left none.
func (s Summary) HeldError(sw Switches) error {
	var parts []string
	if s.Changed > 0 {
		parts = append(parts, fmt.Sprintf("%d runs changed since their results or checkpoints were made (listed above with what differs): they are not done; retrain them with %s (the old files are moved to *%s), or give the new settings a variant of their own",
			s.Changed, switchName(sw.RerunChanged, "RerunChanged"), ReplacedSuffix))
	}
	if s.Refused > 0 {
		parts = append(parts, fmt.Sprintf("%d runs have a checkpoint or result that is refused (listed above): start them again with %s", s.Refused, switchName(sw.Restart, "Restart")))
	}
	if len(parts) == 0 {
		return nil
	}
	return errors.New(strings.Join(parts, "; "))
}
