package inputerr

import (
	"errors"
	"fmt"
	"testing"
)

func TestWrapAndIs(t *testing.T) {
	if Wrap(nil) != nil {
		t.Error("Wrap(nil) is not nil")
	}
	cause := errors.New("no such file")
	err := fmt.Errorf("loading: %w", Wrap(cause))
	if !Is(err) || !errors.Is(err, cause) {
		t.Errorf("%v: Is %v, wraps its cause %v", err, Is(err), errors.Is(err, cause))
	}
	if err.Error() != "loading: no such file" {
		t.Errorf("message %q", err.Error())
	}
	if Is(cause) || Is(nil) {
		t.Error("Is true for an error that is not an input error")
	}
}
