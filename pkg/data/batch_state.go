package data

import "fmt"

// BatcherState is everything a Batcher needs to continue exactly where it
// stopped: the position in the current epoch, the epoch's permutation and
// the generator's state. It serialises to JSON.
type BatcherState struct {
	// N and B are the row count and batch size the state belongs to.
	N int `json:"n"`
	B int `json:"b"`
	// Pos is the next position in Perm.
	Pos int `json:"pos"`
	// Perm is the current epoch's permutation (nil in full-batch mode).
	Perm []int `json:"perm,omitempty"`
	// RNG is the PCG generator's binary state (nil in full-batch mode).
	RNG []byte `json:"rng,omitempty"`
}

// State returns a copy of the Batcher's state.
func (bt *Batcher) State() (BatcherState, error) {
	st := BatcherState{N: bt.n, B: bt.b, Pos: bt.pos}
	if bt.full {
		return st, nil
	}
	st.Perm = append([]int(nil), bt.perm...)
	b, err := bt.src.MarshalBinary()
	if err != nil {
		return st, err
	}
	st.RNG = b
	return st, nil
}

// Restore sets the Batcher to st, which must come from a Batcher over the
// same row count and batch size; the permutation is checked to be one.
func (bt *Batcher) Restore(st BatcherState) error {
	if st.N != bt.n || st.B != bt.b {
		return fmt.Errorf("batcher state is for %d rows in batches of %d, not %d in batches of %d", st.N, st.B, bt.n, bt.b)
	}
	if st.Pos < 0 || st.Pos > bt.n {
		return fmt.Errorf("batcher state position %d outside 0..%d", st.Pos, bt.n)
	}
	if bt.full {
		bt.pos = st.Pos
		return nil
	}
	if len(st.Perm) != bt.n {
		return fmt.Errorf("batcher state permutation has %d entries, want %d", len(st.Perm), bt.n)
	}
	seen := make([]bool, bt.n)
	for _, i := range st.Perm {
		if i < 0 || i >= bt.n || seen[i] {
			return fmt.Errorf("batcher state permutation is not a permutation of 0..%d", bt.n-1)
		}
		seen[i] = true
	}
	if err := bt.src.UnmarshalBinary(st.RNG); err != nil {
		return fmt.Errorf("batcher state generator: %v", err)
	}
	copy(bt.perm, st.Perm)
	bt.pos = st.Pos
	return nil
}
