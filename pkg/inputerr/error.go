package inputerr

import "errors"

// Error marks Err as caused by the input. Its message is Err's.
type Error struct{ Err error }

// Error returns the wrapped error's message.
func (e *Error) Error() string { return e.Err.Error() }

// Unwrap returns the wrapped error.
func (e *Error) Unwrap() error { return e.Err }

// Wrap returns err as an *Error (nil stays nil).
func Wrap(err error) error {
	if err == nil {
		return nil
	}
	return &Error{Err: err}
}

// Is reports whether err is an *Error or wraps one.
func Is(err error) bool {
	var e *Error
	return errors.As(err, &e)
}
