package data

import (
	"slices"
	"testing"

	"gonum.org/v1/gonum/mat"
)

func TestBatcherEpochs(t *testing.T) {
	const n, b = 10, 4
	bt := NewBatcher(n, b, 1)
	var prev []int
	for epoch := range 5 {
		var got []int
		for k, want := range []int{4, 4, 2} { // the partial last batch is kept
			idx := bt.Next()
			if len(idx) != want {
				t.Fatalf("epoch %d batch %d: size %d, want %d", epoch, k, len(idx), want)
			}
			got = append(got, idx...)
		}
		order := slices.Clone(got)
		slices.Sort(got)
		if !slices.Equal(got, identity(n)) {
			t.Fatalf("epoch %d covers %v, want each of 0..9 once", epoch, got)
		}
		if slices.Equal(order, prev) {
			t.Errorf("epoch %d has the same order as the previous one", epoch)
		}
		prev = order
	}
}

func TestBatcherDeterminism(t *testing.T) {
	a, b, c := NewBatcher(50, 8, 9), NewBatcher(50, 8, 9), NewBatcher(50, 8, 10)
	same, differ := true, false
	for range 30 {
		x, y, z := slices.Clone(a.Next()), slices.Clone(b.Next()), c.Next()
		same = same && slices.Equal(x, y)
		differ = differ || !slices.Equal(x, z)
	}
	if !same || !differ {
		t.Errorf("same seed equal: %v, different seed differs: %v", same, differ)
	}
}

func TestBatcherFull(t *testing.T) {
	for _, b := range []int{5, 6, 0} {
		bt := NewBatcher(5, b, 3)
		for range 3 {
			if got := bt.Next(); !slices.Equal(got, []int{0, 1, 2, 3, 4}) {
				t.Fatalf("b=%d: full batch %v", b, got)
			}
		}
	}
}

func TestBatcherNoAlloc(t *testing.T) {
	bt := NewBatcher(1000, 64, 1)
	if a := testing.AllocsPerRun(200, func() { bt.Next() }); a != 0 {
		t.Errorf("Next allocates %v times per call", a)
	}
}

func TestGatherRows(t *testing.T) {
	src := mat.NewDense(4, 2, []float64{0, 1, 10, 11, 20, 21, 30, 31})
	dst := GatherRows(nil, src, []int{3, 1, 3})
	if !mat.Equal(dst, mat.NewDense(3, 2, []float64{30, 31, 10, 11, 30, 31})) {
		t.Fatalf("GatherRows = %v", dst.RawMatrix().Data)
	}
	same := GatherRows(dst, src, []int{0, 0, 2})
	if same != dst || dst.At(2, 1) != 21 {
		t.Error("GatherRows did not reuse dst")
	}
	// Alternating full and partial batches reuse the storage.
	big := mat.NewDense(100, 3, nil)
	full, part := identity(64), identity(36)
	buf := GatherRows(nil, big, full)
	if a := testing.AllocsPerRun(50, func() {
		buf = GatherRows(buf, big, part)
		buf = GatherRows(buf, big, full)
	}); a != 0 {
		t.Errorf("GatherRows allocates %v times when the batch size alternates", a)
	}
	if r, _ := buf.Dims(); r != 64 {
		t.Errorf("rows %d, want 64", r)
	}
	if e := GatherRows(nil, src, nil); !e.IsEmpty() {
		t.Error("empty idx: non-empty result")
	}
}

// sinkIdx keeps the benchmark's work alive.
var sinkIdx []int

func BenchmarkBatcherNext(b *testing.B) {
	bt := NewBatcher(8612, 512, 1) // power's training set, UCI batch size
	b.ReportAllocs()
	for b.Loop() {
		sinkIdx = bt.Next()
	}
}
