package data

import (
	"encoding/json"
	"slices"
	"testing"
)

// TestBatcherStateResumes checks that a Batcher restored from a JSON round
// trip of another's state hands out the same batches from then on, across
// epoch boundaries, for shuffled and full-batch modes.
func TestBatcherStateResumes(t *testing.T) {
	for _, tc := range []struct{ n, b, cut int }{{50, 8, 3}, {50, 8, 7}, {50, 8, 0}, {5, 10, 2}} {
		ref := NewBatcher(tc.n, tc.b, 11)
		for range tc.cut {
			ref.Next()
		}
		st, err := ref.State()
		if err != nil {
			t.Fatal(err)
		}
		raw, err := json.Marshal(st)
		if err != nil {
			t.Fatal(err)
		}
		var back BatcherState
		if err := json.Unmarshal(raw, &back); err != nil {
			t.Fatal(err)
		}
		got := NewBatcher(tc.n, tc.b, 999) // another seed: the state must override it
		if err := got.Restore(back); err != nil {
			t.Fatal(err)
		}
		for k := range 20 {
			want := slices.Clone(ref.Next())
			if g := got.Next(); !slices.Equal(g, want) {
				t.Fatalf("n=%d b=%d cut=%d: batch %d after restore = %v, want %v", tc.n, tc.b, tc.cut, k, g, want)
			}
		}
	}
}

// TestBatcherRestoreRejects checks that states of another shape or with a
// corrupt permutation are refused.
func TestBatcherRestoreRejects(t *testing.T) {
	st, _ := NewBatcher(10, 3, 1).State()
	if err := NewBatcher(12, 3, 1).Restore(st); err == nil {
		t.Error("state of 10 rows accepted by a batcher of 12")
	}
	bad := st
	bad.Perm = slices.Clone(st.Perm)
	bad.Perm[0] = bad.Perm[1]
	if err := NewBatcher(10, 3, 1).Restore(bad); err == nil {
		t.Error("a repeated index accepted as a permutation")
	}
	bad = st
	bad.Pos = 11
	if err := NewBatcher(10, 3, 1).Restore(bad); err == nil {
		t.Error("position beyond the rows accepted")
	}
}
