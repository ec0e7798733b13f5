package data

import (
	"slices"
	"testing"
)

// TestRandomSplitFraction checks that the test share cuts the same seeded
// permutation: 0 and 0.1 give RandomSplit's split, 0.25 floor(n/4) test
// rows, and the rows of a smaller test part are all in a larger one's.
func TestRandomSplitFraction(t *testing.T) {
	for _, n := range []int{10, 37, 308, 1000} {
		base := RandomSplit(n, 3)
		for _, f := range []float64{0, 0.1} {
			s := RandomSplitFraction(n, 3, f)
			if !slices.Equal(s.Test, base.Test) || !slices.Equal(s.Train, base.Train) {
				t.Fatalf("n %d frac %v: differs from RandomSplit", n, f)
			}
		}
		q := RandomSplitFraction(n, 3, 0.25)
		if len(q.Test) != n/4 || len(q.Test)+len(q.Train) != n {
			t.Fatalf("n %d: %d test, %d train rows; want %d test", n, len(q.Test), len(q.Train), n/4)
		}
		for _, i := range base.Test {
			if !slices.Contains(q.Test, i) {
				t.Fatalf("n %d: test row %d of the 10 %% split is not in the 25 %% split", n, i)
			}
		}
	}
}
