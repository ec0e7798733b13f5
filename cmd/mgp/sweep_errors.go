package main

import (
	"errors"
	"fmt"
	"strings"

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
	switch {
	case sum.Failed > 0:
		return fmt.Errorf("%d of %d runs failed (each run's %s says why); fix the cause and re-run with --retry-failed", sum.Failed, sum.Total, sweep.ErrorFile)
	case sum.Changed > 0 || sum.Refused > 0:
		return heldError(sum)
	}
	return nil
}

// heldError says why a sweep left changed or refused runs and how to
// proceed.
func heldError(sum sweep.Summary) error {
	var parts []string
	if sum.Changed > 0 {
		parts = append(parts, fmt.Sprintf("%d runs changed since their results or checkpoints were made (listed above with what differs): they are not done; retrain them with --rerun-changed (the old files are moved to *%s), or give the new settings a variant of their own", sum.Changed, sweep.ReplacedSuffix))
	}
	if sum.Refused > 0 {
		parts = append(parts, fmt.Sprintf("%d runs have a checkpoint or result that is refused (listed above): start them again with --restart", sum.Refused))
	}
	return errors.New(strings.Join(parts, "; "))
}
