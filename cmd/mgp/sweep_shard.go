package main

import (
	"fmt"
	"os"
	"strconv"
	"strings"
)

// shardIndex decides which shard this process runs: --shard i/n first, then
// Slurm's array variables, then Kubernetes' JOB_COMPLETION_INDEX with
// --shards n; without any of them, the whole sweep (0/1). It returns the
// 0-based index, the count and where they came from.
func shardIndex(flag string, shards int) (i, n int, from string, err error) {
	if shards < 0 {
		return 0, 0, "", fmt.Errorf("--shards %d: must be positive", shards)
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
	if id := os.Getenv("SLURM_ARRAY_TASK_ID"); id != "" {
		count := os.Getenv("SLURM_ARRAY_TASK_COUNT")
		min := os.Getenv("SLURM_ARRAY_TASK_MIN")
		if min == "" {
			min = "0"
		}
		t, err1 := strconv.Atoi(id)
		c, err2 := strconv.Atoi(count)
		lo, err3 := strconv.Atoi(min)
		if err1 != nil || err2 != nil || err3 != nil || c < 1 || t-lo < 0 || t-lo >= c {
			return 0, 0, "", fmt.Errorf("Slurm array variables SLURM_ARRAY_TASK_ID=%q SLURM_ARRAY_TASK_COUNT=%q SLURM_ARRAY_TASK_MIN=%q do not give a shard: submit with --array=0-(n-1) (contiguous), or pass --shard i/n", id, count, min)
		}
		return t - lo, c, "Slurm array task", nil
	}
	if idx := os.Getenv("JOB_COMPLETION_INDEX"); idx != "" && shards > 0 {
		t, err := strconv.Atoi(idx)
		if err != nil || t < 0 || t >= shards {
			return 0, 0, "", fmt.Errorf("JOB_COMPLETION_INDEX=%q with --shards %d: want 0 <= index < shards (set the Job's completions to --shards)", idx, shards)
		}
		return t, shards, "Kubernetes completion index", nil
	}
	if shards > 0 {
		return 0, 0, "", fmt.Errorf("--shards %d given but JOB_COMPLETION_INDEX is not set: use --shard i/n outside an indexed Job", shards)
	}
	return 0, 1, "", nil
}
