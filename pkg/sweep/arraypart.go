package sweep

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
)

// Part is the part of a sweep one process runs: shard Index (0-based) of
// Count, and where the two numbers came from. Count 1 is the whole sweep.
type Part struct {
	Index, Count int
	// From says where the numbers came from ("" for the whole sweep).
	From string
}

// Whole is the whole sweep as one part.
var Whole = Part{Index: 0, Count: 1}

// ErrNoCompletionIndex is a shard count given outside a Kubernetes indexed
// Job: JOB_COMPLETION_INDEX is not set.
var ErrNoCompletionIndex = errors.New("JOB_COMPLETION_INDEX is not set")

// SlurmArrayError is a set of Slurm array variables that gives no shard
// (a task outside a contiguous array starting at SLURM_ARRAY_TASK_MIN).
type SlurmArrayError struct {
	// ID, Count and Min are SLURM_ARRAY_TASK_ID, _COUNT and _MIN as set.
	ID, Count, Min string
}

// Error names the variables and how to submit the array.
func (e *SlurmArrayError) Error() string {
	return fmt.Sprintf("Slurm array variables SLURM_ARRAY_TASK_ID=%q SLURM_ARRAY_TASK_COUNT=%q SLURM_ARRAY_TASK_MIN=%q do not give a shard: submit with --array=0-(n-1) (contiguous)",
		e.ID, e.Count, e.Min)
}

// CompletionIndexError is a Kubernetes completion index that is not a
// shard of the given count.
type CompletionIndexError struct {
	// Index is JOB_COMPLETION_INDEX as set; Count the number of shards.
	Index string
	Count int
}

// Error names the index and the count.
func (e *CompletionIndexError) Error() string {
	return fmt.Sprintf("JOB_COMPLETION_INDEX=%q with %d shards: want 0 <= index < shards (set the Job's completions to the shard count)", e.Index, e.Count)
}

// ArrayPart reads this task's part from a cluster's job array: Slurm's
// SLURM_ARRAY_TASK_ID, SLURM_ARRAY_TASK_COUNT and SLURM_ARRAY_TASK_MIN
// (default 0) first, then, when count > 0, Kubernetes'
// JOB_COMPLETION_INDEX of count shards (an indexed Job does not say how
// many completions it has). Without either it is Whole. getenv reads the
// environment (os.Getenv).
func ArrayPart(getenv func(string) string, count int) (Part, error) {
	if id := getenv("SLURM_ARRAY_TASK_ID"); id != "" {
		n, lowest := getenv("SLURM_ARRAY_TASK_COUNT"), getenv("SLURM_ARRAY_TASK_MIN")
		if lowest == "" {
			lowest = "0"
		}
		t, err1 := strconv.Atoi(id)
		c, err2 := strconv.Atoi(n)
		lo, err3 := strconv.Atoi(lowest)
		if err1 != nil || err2 != nil || err3 != nil || c < 1 || t-lo < 0 || t-lo >= c {
			return Part{}, &SlurmArrayError{ID: id, Count: n, Min: lowest}
		}
		return Part{Index: t - lo, Count: c, From: "Slurm array task"}, nil
	}
	if count <= 0 {
		return Whole, nil
	}
	idx := getenv("JOB_COMPLETION_INDEX")
	if idx == "" {
		return Part{}, ErrNoCompletionIndex
	}
	t, err := strconv.Atoi(idx)
	if err != nil || t < 0 || t >= count {
		return Part{}, &CompletionIndexError{Index: idx, Count: count}
	}
	return Part{Index: t, Count: count, From: "Kubernetes completion index"}, nil
}

// ParseShard reads s, "i/n" with 0 <= i < n, as shard i of n (From left
// empty); ok is false when s is not of that form.
func ParseShard(s string) (p Part, ok bool) {
	a, b, cut := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if !cut || err1 != nil || err2 != nil || n < 1 || i < 0 || i >= n {
		return Part{}, false
	}
	return Part{Index: i, Count: n}, true
}
