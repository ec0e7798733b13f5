package sweep

import (
	"errors"
	"fmt"
)

// PartFromFlags decides which shard a process runs, from the flags of mgp
// sweep and the environment getenv reads: --shard i/n (shard) first, then
// Slurm's array variables, then Kubernetes' JOB_COMPLETION_INDEX with
// --shards n (shards; see ArrayPart); without any of them, the whole
// sweep. Its errors name the flag or variable at fault and say what to
// give instead.
func PartFromFlags(shard string, shards int, getenv func(string) string) (Part, error) {
	if shards < 0 {
		return Part{}, fmt.Errorf("--shards %d: must be 0 (no Kubernetes index) or more", shards)
	}
	if shard != "" {
		p, ok := ParseShard(shard)
		if !ok {
			return Part{}, fmt.Errorf("--shard %q: write i/n with 0 <= i < n, e.g. --shard 0/4", shard)
		}
		return Part{Index: p.Index, Count: p.Count, From: "--shard"}, nil
	}
	p, err := ArrayPart(getenv, shards)
	var se *SlurmArrayError
	var ce *CompletionIndexError
	switch {
	case errors.As(err, &se):
		return Part{}, fmt.Errorf("%v, or pass --shard i/n", se)
	case errors.As(err, &ce):
		return Part{}, fmt.Errorf("JOB_COMPLETION_INDEX=%q with --shards %d: want 0 <= index < shards (set the Job's completions to --shards)", ce.Index, ce.Count)
	case errors.Is(err, ErrNoCompletionIndex):
		return Part{}, fmt.Errorf("--shards %d given but JOB_COMPLETION_INDEX is not set: use --shard i/n outside an indexed Job", shards)
	}
	return p, err
}
