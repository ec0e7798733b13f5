package main

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"

	"github.com/mgpteam/mgp/pkg/checkpoint"
	"github.com/mgpteam/mgp/pkg/compare"
	"github.com/mgpteam/mgp/pkg/config"
	"github.com/mgpteam/mgp/pkg/data"
	"github.com/mgpteam/mgp/pkg/inputerr"
	"github.com/mgpteam/mgp/pkg/paper"
	"github.com/mgpteam/mgp/pkg/rundir"
	"github.com/spf13/cobra"
)

// usageError marks bad usage or bad input: exit code 2.
type usageError struct{ err error }

func (e *usageError) Error() string { return e.err.Error() }
func (e *usageError) Unwrap() error { return e.err }

// inputErr wraps err as a usage/input error (nil stays nil).
func inputErr(err error) error {
	if err == nil {
		return nil
	}
	return &usageError{err}
}

// exitCode maps an error to the process exit code: 0 success, 2 bad usage
// or input, 1 a failure during a run.
func exitCode(err error) int {
	if err == nil {
		return 0
	}
	var ue *usageError
	var fe *data.FileError
	var ie *inputerr.Error
	var ke *config.KeyError
	switch {
	case errors.As(err, &ue), errors.As(err, &fe), errors.As(err, &ie), errors.As(err, &ke), errors.Is(err, fs.ErrNotExist):
		return 2
	case errors.Is(err, context.Canceled):
		return 130
	}
	return 1
}

// typeUsageErrors makes cobra's own usage errors, plain errors as cobra
// returns them, usageErrors (exit 2) with their text unchanged: a flag that
// does not parse (the flag error func, which adds where to find help),
// positional arguments (every command's Args, help's and completion's
// included), and a required flag or flag group left out (checked by the
// root's persistent pre-run, before cobra checks them again).
func typeUsageErrors(root *cobra.Command) {
	root.SetFlagErrorFunc(func(c *cobra.Command, err error) error {
		return inputErr(fmt.Errorf("%v (see '%s --help')", err, c.CommandPath()))
	})
	root.PersistentPreRunE = func(c *cobra.Command, _ []string) error {
		if err := c.ValidateRequiredFlags(); err != nil {
			return inputErr(err)
		}
		return inputErr(c.ValidateFlagGroups())
	}
	root.InitDefaultHelpCmd()
	root.InitDefaultCompletionCmd()
	typeArgErrors(root.Commands())
}

// typeArgErrors makes the positional-argument errors of cs and of their
// subcommands usageErrors.
func typeArgErrors(cs []*cobra.Command) {
	for _, c := range cs {
		if args := c.Args; args != nil {
			c.Args = func(c *cobra.Command, a []string) error { return inputErr(args(c, a)) }
		}
		typeArgErrors(c.Commands())
	}
}

// execute runs root. An error returned before any command was called is
// cobra's lookup of the command: an unknown command, bad usage.
func execute(ctx context.Context, root *cobra.Command) error {
	c, err := root.ExecuteContextC(ctx)
	if err != nil && c.CalledAs() == "" {
		return inputErr(err)
	}
	return err
}

// checkFinished refuses (exit 2) the run in dir when its checkpoint ck is
// unfinished, unless partial: then it says on stderr at which iteration
// the parameters are. verb is what the command does with them.
func checkFinished(cmd *cobra.Command, dir string, ck *checkpoint.Checkpoint, partial bool, verb string) error {
	var ue *checkpoint.UnfinishedError
	if !errors.As(checkpoint.CheckFinished(dir, ck), &ue) {
		return nil
	}
	if !partial {
		return inputErr(fmt.Errorf("%v: its parameters are not the run's result; %s, or add --partial to %s the parameters as they are", ue, continueHint(ue.Dir), verb))
	}
	fmt.Fprintf(cmd.ErrOrStderr(), "warning: %s holds an unfinished run (--partial): its parameters are at %s, not the run's result\n", dir, ue.At())
	return nil
}

// paperErr turns an error of pkg/paper into the CLI's: the option an
// *paper.OptionError names becomes its flag (--option), and input errors
// exit with code 2.
func paperErr(err error) error {
	var oe *paper.OptionError
	switch {
	case errors.As(err, &oe):
		return inputErr(reword(err, oe, "--"+oe.Error()))
	case paper.IsInput(err):
		return inputErr(err)
	}
	return err
}

// checkNotCompareDir refuses (exit 2, naming flag) a --run that is a
// compare directory rather than a run, pointing to the chosen model's run.
func checkNotCompareDir(flag, dir string) error {
	if rundir.Has(dir, rundir.CheckpointFile) || !rundir.Has(dir, compare.SweepFile) || !rundir.Has(dir, compare.DataFile) {
		return nil
	}
	best := filepath.Join(dir, compare.BestLink)
	if _, err := os.Stat(best); err != nil {
		return inputErr(fmt.Errorf("%s %s is an mgp compare directory, not a run, and it has no %s yet: finish the comparison, or name one of its runs under %s",
			flag, dir, compare.BestLink, filepath.Join(dir, compare.RunsDir)))
	}
	return inputErr(fmt.Errorf("%s %s is an mgp compare directory, not a run: use %s %s (the chosen model's run)", flag, dir, flag, best))
}

// textColumnHint adds to a CSV value error of compare, when no --inputs
// were named, that a column that is not numeric can be left out with them.
func textColumnHint(err error, inputs []string) error {
	var fe *data.FileError
	if len(inputs) > 0 || !errors.As(err, &fe) || fe.Column == 0 {
		return err
	}
	hinted := *fe
	hinted.Msg += "; a column that is not a number (a name, a date) can be left out: name the input columns with --inputs"
	return &hinted
}
