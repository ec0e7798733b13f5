package main

import (
	"errors"
	"strings"
	"testing"
)

// TestCobraUsageErrorsAreTyped: every kind of usage error cobra itself
// returns (unknown command, flag parsing, positional arguments, required
// flags) is a *usageError, so it exits with code 2, and keeps cobra's text.
func TestCobraUsageErrorsAreTyped(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"nosuch"}, `unknown command "nosuch" for "mgp"`},
		{[]string{"train", "--bogus"}, "unknown flag: --bogus (see 'mgp train --help')"},
		{[]string{"predict", "--samples", "x"}, `invalid argument "x" for "--samples" flag`},
		{[]string{"train"}, `required flag(s) "config" not set`},
		{[]string{"runs"}, "requires at least 1 arg(s), only received 0"},
		{[]string{"version", "extra"}, `unknown command "extra" for "mgp version"`},
		{[]string{"completion", "bash", "extra"}, `unknown command "extra" for "mgp completion bash"`},
	} {
		_, _, err := run(t, c.args...)
		var ue *usageError
		if !errors.As(err, &ue) || exitCode(err) != 2 || !strings.HasPrefix(err.Error(), c.want) {
			t.Errorf("%v: %T %v (exit %d), want a usage error %q", c.args, err, err, exitCode(err), c.want)
		}
	}
}
