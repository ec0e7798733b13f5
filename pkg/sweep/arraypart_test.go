package sweep

import (
	"errors"
	"testing"
)

// TestArrayPart checks Slurm's array variables (first), Kubernetes'
// completion index with a shard count, the whole sweep without either, and
// the errors.
func TestArrayPart(t *testing.T) {
	env := func(kv ...string) func(string) string {
		m := map[string]string{}
		for i := 0; i+1 < len(kv); i += 2 {
			m[kv[i]] = kv[i+1]
		}
		return func(k string) string { return m[k] }
	}
	for _, c := range []struct {
		env   func(string) string
		count int
		want  Part
	}{
		{env(), 0, Whole},
		{env("JOB_COMPLETION_INDEX", "3"), 0, Whole},
		{env("JOB_COMPLETION_INDEX", "3"), 5, Part{3, 5, "Kubernetes completion index"}},
		{env("SLURM_ARRAY_TASK_ID", "5", "SLURM_ARRAY_TASK_COUNT", "4", "SLURM_ARRAY_TASK_MIN", "2", "JOB_COMPLETION_INDEX", "1"), 5, Part{3, 4, "Slurm array task"}},
		{env("SLURM_ARRAY_TASK_ID", "1", "SLURM_ARRAY_TASK_COUNT", "2"), 0, Part{1, 2, "Slurm array task"}},
	} {
		got, err := ArrayPart(c.env, c.count)
		if err != nil || got != c.want {
			t.Errorf("ArrayPart(count %d) = %+v, %v; want %+v", c.count, got, err, c.want)
		}
	}
	var se *SlurmArrayError
	if _, err := ArrayPart(env("SLURM_ARRAY_TASK_ID", "9", "SLURM_ARRAY_TASK_COUNT", "4", "SLURM_ARRAY_TASK_MIN", "2"), 0); !errors.As(err, &se) || se.Min != "2" {
		t.Errorf("Slurm task outside the array: %v", err)
	}
	var ce *CompletionIndexError
	if _, err := ArrayPart(env("JOB_COMPLETION_INDEX", "3"), 3); !errors.As(err, &ce) || ce.Index != "3" || ce.Count != 3 {
		t.Errorf("completion index 3 of 3 shards: %v", err)
	}
	if _, err := ArrayPart(env(), 3); !errors.Is(err, ErrNoCompletionIndex) {
		t.Errorf("a shard count without a completion index: %v", err)
	}
}

// TestParseShard: i/n with 0 <= i < n is read; anything else is not.
func TestParseShard(t *testing.T) {
	if p, ok := ParseShard("2/4"); !ok || p.Index != 2 || p.Count != 4 || p.From != "" {
		t.Errorf("ParseShard(2/4) = %+v, %v", p, ok)
	}
	for _, s := range []string{"4/4", "-1/4", "0/0", "1", "a/2", "1/b", ""} {
		if _, ok := ParseShard(s); ok {
			t.Errorf("ParseShard(%q) accepted", s)
		}
	}
}
