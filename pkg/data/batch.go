package data

import (
	"math/rand/v2"

	"gonum.org/v1/gonum/mat"
)

// Batcher hands out minibatches of row indices (§7, A-52): each epoch is a
// fresh seeded permutation of 0..n-1 cut into consecutive batches of size b,
// the last one partial when b does not divide n. When b ≥ n (or b ≤ 0) every
// batch is the full set 0..n-1 in order, with no shuffling.
type Batcher struct {
	n, b int
	full bool
	pos  int   // next position in perm
	perm []int // the current epoch's permutation
	buf  []int // returned to the caller
	rng  *rand.Rand
	src  *rand.PCG // rng's source, kept for State and Restore
}

// NewBatcher returns a Batcher over n rows with batch size b, seeded by seed.
func NewBatcher(n, b int, seed uint64) *Batcher {
	n = max(n, 0)
	bt := &Batcher{n: n, b: b, full: b <= 0 || b >= n, perm: identity(n)}
	if bt.full {
		bt.b = n
	} else {
		bt.src = rand.NewPCG(seed, streamBatch)
		bt.rng = rand.New(bt.src)
		shuffleInts(bt.rng, bt.perm)
	}
	bt.buf = make([]int, bt.b)
	return bt
}

// Next returns the next batch of row indices. The slice is owned by the
// Batcher and valid until the next call; Next does not allocate.
func (bt *Batcher) Next() []int {
	if bt.pos >= bt.n {
		bt.pos = 0
		if !bt.full {
			shuffleInts(bt.rng, bt.perm)
		}
	}
	end := min(bt.pos+bt.b, bt.n)
	out := bt.buf[:end-bt.pos]
	copy(out, bt.perm[bt.pos:end])
	bt.pos = end
	return out
}

// GatherRows copies rows idx of src into dst and returns dst; row k of dst is
// row idx[k] of src. A nil dst is allocated. A dst of the wrong shape is
// Reset and reused as len(idx)×cols(src), growing its storage only when it
// is too small, so dst must own its storage (not be a view of another
// matrix). With empty idx it returns an empty matrix.
func GatherRows(dst *mat.Dense, src *mat.Dense, idx []int) *mat.Dense {
	if len(idx) == 0 {
		if dst == nil {
			return &mat.Dense{}
		}
		dst.Reset()
		return dst
	}
	_, c := src.Dims()
	switch {
	case dst == nil:
		dst = mat.NewDense(len(idx), c, nil)
	default:
		if r, cc := dst.Dims(); dst.IsEmpty() || r != len(idx) || cc != c {
			dst.Reset()
			dst.ReuseAs(len(idx), c)
		}
	}
	for k, i := range idx {
		copy(dst.RawRowView(k), src.RawRowView(i))
	}
	return dst
}
