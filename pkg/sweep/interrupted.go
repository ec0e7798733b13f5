package sweep

import (
	"context"
	"fmt"
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
