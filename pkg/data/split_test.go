package data

import (
	"fmt"
	"path/filepath"
	"slices"
	"testing"

	"github.com/mgpteam/mgp/internal/shareddata"
)

// checkPartition fails unless sp.Train and sp.Test together hold 0..n-1 once each.
func checkPartition(t *testing.T, sp Split, n int) {
	t.Helper()
	all := append(slices.Clone(sp.Train), sp.Test...)
	slices.Sort(all)
	if len(all) != n {
		t.Fatalf("split covers %d indices, want %d", len(all), n)
	}
	for i, v := range all {
		if v != i {
			t.Fatalf("split is not a partition of 0..%d: sorted entry %d is %d", n-1, i, v)
		}
	}
}

// TestRandomSplitTable2 is models.md §11 item 10: the floor rule reproduces
// the paper's Table 2 exactly.
func TestRandomSplitTable2(t *testing.T) {
	for _, e := range uciExpect {
		sp := RandomSplit(e.n, 0)
		if len(sp.Train) != e.nTrain || len(sp.Test) != e.nTest {
			t.Errorf("%s: %d/%d, want %d/%d", e.name, len(sp.Train), len(sp.Test), e.nTrain, e.nTest)
		}
		checkPartition(t, sp, e.n)
	}
}

func TestRandomSplitDeterminism(t *testing.T) {
	a, b, c := RandomSplit(506, 3), RandomSplit(506, 3), RandomSplit(506, 4)
	if !slices.Equal(a.Test, b.Test) || !slices.Equal(a.Train, b.Train) {
		t.Error("same seed gave different splits")
	}
	if slices.Equal(a.Test, c.Test) {
		t.Error("seeds 3 and 4 gave the same test set")
	}
	if slices.IsSorted(a.Test) {
		t.Error("test rows are in order: the permutation is not random")
	}
	// Appending to Test must not overwrite Train (they share one array).
	_ = append(a.Test, -1)
	if a.Train[0] == -1 {
		t.Error("Test and Train alias")
	}
	if sp := RandomSplit(0, 1); len(sp.Train)+len(sp.Test) != 0 {
		t.Error("RandomSplit(0) not empty")
	}
}

func TestFixedSplitShared(t *testing.T) {
	dir := shareddata.Dir(t, "uci")
	for _, e := range uciExpect {
		for _, i := range []int{0, 4} { // protein has only splits 0..4
			sp, err := FixedSplit(dir, e.name, i, e.n)
			if err != nil {
				t.Fatal(err)
			}
			if len(sp.Train) != e.fixedTr || len(sp.Test) != e.fixedTest {
				t.Errorf("%s split %d: %d/%d, want %d/%d", e.name, i, len(sp.Train), len(sp.Test), e.fixedTr, e.fixedTest)
			}
			checkPartition(t, sp, e.n)
		}
	}
	// A split that does not exist names the range that does.
	_, err := FixedSplit(dir, "protein", 5, 45730)
	wantErrAt(t, err, "index_train_5.txt", 0, "fixed splits 0..4")
}

func TestFixedSplitMalformed(t *testing.T) {
	good := "0\n1\n2\n"
	cases := []struct {
		name, train, test string
		badFile           string // "train" or "test"
		line              int
		contains          string
	}{
		{"out of range", good, "3\n4\n\n6\n", "test", 4, "out of range"},
		{"negative", good, "3\n-1\n", "test", 2, "out of range"},
		{"duplicate within", "0\n1\n1\n2\n", "3\n4\n5\n", "train", 3, "index_train_0.txt:2"},
		{"duplicate across", good, "3\n4\n2\n5\n", "test", 3, "index_train_0.txt:3"},
		{"not a number", good, "3\nfour\n5\n", "test", 2, "not a row index"},
		{"fraction", good, "3\n4.5\n5\n", "test", 2, "not a row index"},
		{"missing rows", good, "3\n5\n", "train", 0, "leaves 1 of 6 rows unassigned (first: 4)"},
		{"empty file", good, "", "test", 1, "empty"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			files := map[string]string{
				"train": writeFile(t, dir, "uci/x/splits/index_train_0.txt", c.train),
				"test":  writeFile(t, dir, "uci/x/splits/index_test_0.txt", c.test),
			}
			_, err := FixedSplit(dir, "x", 0, 6)
			wantErrAt(t, err, files[c.badFile], c.line, c.contains)
		})
	}
	// numpy.savetxt-style integral floats are accepted.
	dir := t.TempDir()
	writeFile(t, dir, "uci/x/splits/index_train_0.txt", "0.0\n1.000000000000000000e+00\n")
	writeFile(t, dir, "uci/x/splits/index_test_0.txt", "2\n")
	sp, err := FixedSplit(dir, "x", 0, 3)
	if err != nil || !slices.Equal(sp.Train, []int{0, 1}) {
		t.Errorf("integral floats: %v %v", sp, err)
	}
	_, err = FixedSplit(dir, "x", 1, 3)
	wantErrAt(t, err, filepath.Join("splits", "index_train_1.txt"), 0, "not found", "0..0")
	_, err = FixedSplit(dir, "x", -1, 3)
	wantErrAt(t, err, "index_train_-1.txt", 0, "negative")
}

func ExampleRandomSplit() {
	sp := RandomSplit(506, 0)
	fmt.Println(len(sp.Train), len(sp.Test))
	// Output: 456 50
}
