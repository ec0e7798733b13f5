package main

import "fmt"

// sweepInterrupted reports a sweep stopped by Ctrl-C or SIGTERM; it wraps
// the context's error, so the exit code is 130.
type sweepInterrupted struct {
	done, total, checkpointed int
	resume                    string
	err                       error
}

// Error says how far the sweep got and how to continue it.
func (e *sweepInterrupted) Error() string {
	return fmt.Sprintf("sweep interrupted: %d of %d runs done, %d running runs checkpointed; re-run the same command to continue: %s",
		e.done, e.total, e.checkpointed, e.resume)
}

// Unwrap returns the context's error.
func (e *sweepInterrupted) Unwrap() error { return e.err }
