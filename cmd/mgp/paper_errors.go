package main

import (
	"errors"
	"strings"

	"github.com/mgpteam/mgp/pkg/paper"
)

// paperErr turns an error of pkg/paper into the CLI's: the option an
// *paper.OptionError names becomes its flag (--option), and input errors
// exit with code 2.
func paperErr(err error) error {
	if err == nil {
		return nil
	}
	var oe *paper.OptionError
	if errors.As(err, &oe) {
		return inputErr(errors.New(strings.Replace(err.Error(), oe.Error(), "--"+oe.Error(), 1)))
	}
	if paper.IsInput(err) {
		return inputErr(err)
	}
	return err
}
