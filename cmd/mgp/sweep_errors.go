package main

import (
	"errors"
	"fmt"

	"github.com/mgpteam/mgp/pkg/sweep"
	"github.com/spf13/cobra"
)

// sweepFlagError names the flag behind a cost-model error of sweep.RunFile
// (--costs, --save-costs); other errors are returned unchanged.
func sweepFlagError(err error) error {
	var cf *sweep.CostFileError
	var sc *sweep.SaveCostsError
	switch {
	case errors.As(err, &cf):
		return inputErr(fmt.Errorf("--costs %s: %w", cf.Path, cf.Err))
	case errors.As(err, &sc):
		return fmt.Errorf("--save-costs: %w", sc.Err)
	}
	return err
}

// sweepOutcome turns how a sweep ended into the command's error: an
// interruption (exit 130), failed runs, or runs left changed or refused.
func sweepOutcome(cmd *cobra.Command, sum sweep.Summary) error {
	if err := sum.Interruption(cmd.Context(), commandLine()); err != nil {
		return err
	}
	if sum.Failed > 0 {
		return fmt.Errorf("%d of %d runs failed (each run's %s says why); fix the cause and re-run with --retry-failed", sum.Failed, sum.Total, sweep.ErrorFile)
	}
	return sum.HeldError(sweepSwitches)
}

// sweepSwitches are the flags that act on the runs a sweep would leave.
var sweepSwitches = sweep.Switches{RetryFailed: "--retry-failed", RerunChanged: "--rerun-changed", Restart: "--restart"}
