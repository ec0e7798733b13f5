package main

import (
	"errors"
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/mgpteam/mgp/pkg/sweep"
)

// shardIndex decides which shard this process runs: --shard i/n first, then
// Slurm's array variables, then Kubernetes' JOB_COMPLETION_INDEX with
// --shards n (sweep.ArrayPart); without any of them, the whole sweep (0/1).
// It returns the 0-based index, the count and where they came from.
func shardIndex(flag string, shards int) (i, n int, from string, err error) {
	if shards < 0 {
		return 0, 0, "", fmt.Errorf("--shards %d: must be 0 (no Kubernetes index) or more", shards)
	}
	if flag != "" {
		a, b, ok := strings.Cut(flag, "/")
		i, err1 := strconv.Atoi(a)
		n, err2 := strconv.Atoi(b)
		if !ok || err1 != nil || err2 != nil || n < 1 || i < 0 || i >= n {
			return 0, 0, "", fmt.Errorf("--shard %q: write i/n with 0 <= i < n, e.g. --shard 0/4", flag)
		}
		return i, n, "--shard", nil
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
