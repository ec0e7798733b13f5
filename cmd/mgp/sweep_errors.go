package main

import (
	"errors"
	"fmt"
	"os"
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

// shardIndex decides which shard this process runs: --shard i/n first, then
// Slurm's array variables, then Kubernetes' JOB_COMPLETION_INDEX with
// --shards n (sweep.ArrayPart); without any of them, the whole sweep (0/1).
// It returns the 0-based index, the count and where they came from.
func shardIndex(flag string, shards int) (i, n int, from string, err error) {
	if shards < 0 {
		return 0, 0, "", fmt.Errorf("--shards %d: must be 0 (no Kubernetes index) or more", shards)
	}
	if flag != "" {
		p, ok := sweep.ParseShard(flag)
		if !ok {
			return 0, 0, "", fmt.Errorf("--shard %q: write i/n with 0 <= i < n, e.g. --shard 0/4", flag)
		}
		return p.Index, p.Count, "--shard", nil
	}
	p, err := sweep.ArrayPart(os.Getenv, shards)
	var se *sweep.SlurmArrayError
	var ce *sweep.CompletionIndexError
	switch {
	case errors.As(err, &se):
		return 0, 0, "", fmt.Errorf("%v, or pass --shard i/n", se)
	case errors.As(err, &ce):
		return 0, 0, "", fmt.Errorf("JOB_COMPLETION_INDEX=%q with --shards %d: want 0 <= index < shards (set the Job's completions to --shards)", ce.Index, ce.Count)
	case errors.Is(err, sweep.ErrNoCompletionIndex):
		return 0, 0, "", fmt.Errorf("--shards %d given but JOB_COMPLETION_INDEX is not set: use --shard i/n outside an indexed Job", shards)
	}
	return p.Index, p.Count, p.From, err
}
