package data

import (
	"fmt"
	"math"
	"path/filepath"
	"strconv"
	"strings"
)

// Split is a train/test partition of the rows 0..N-1 of a data set.
type Split struct {
	// Train holds the training row indices.
	Train []int
	// Test holds the test row indices.
	Test []int
}

// randomTestRows returns the number of test rows of a random split of n
// rows: floor(0.1 n), the rule that reproduces the paper's Table 2.
func randomTestRows(n int) int { return n / 10 }

// RandomSplit returns the random split of n rows for seed (models.md §9.2):
// a seeded random permutation of 0..n-1 whose first floor(0.1 n) entries are
// the test rows and the rest the training rows, both in permutation order.
func RandomSplit(n int, seed uint64) Split { return RandomSplitFraction(n, seed, 0) }

// RandomSplitFraction is RandomSplit with floor(frac n) test rows instead of
// floor(0.1 n) (frac 0 means 0.1; callers check 0 < frac < 1). The
// permutation is the same for every frac: only where it is cut moves.
func RandomSplitFraction(n int, seed uint64, frac float64) Split {
	if n <= 0 {
		return Split{}
	}
	p := permutation(newRNG(seed, streamSplit), n)
	nTest := randomTestRows(n)
	if frac != 0 {
		nTest = int(math.Floor(frac*float64(n) + 1e-9))
	}
	return Split{Train: p[nTest:], Test: p[:nTest:nTest]}
}

// FixedSplit reads fixed split i of data set name, the files
// <dataDir>/uci/<name>/splits/index_train_<i>.txt and index_test_<i>.txt
// (one 0-based row index per line, empty lines skipped), for a data set of n
// rows. It checks that every index is in 0..n-1, that no index appears twice
// and that the two files together cover every row. Errors name the file and
// the line.
func FixedSplit(dataDir, name string, i, n int) (Split, error) {
	dir := filepath.Join(uciDir(dataDir, name), "splits")
	trainPath := filepath.Join(dir, fmt.Sprintf("index_train_%d.txt", i))
	testPath := filepath.Join(dir, fmt.Sprintf("index_test_%d.txt", i))
	if n <= 0 {
		return Split{}, fmt.Errorf("data: FixedSplit: the data set has %d rows; it needs at least one", n)
	}
	if i < 0 {
		return Split{}, &FileError{Path: trainPath, Msg: fmt.Sprintf(
			"split index %d is negative; fixed splits are numbered from 0", i)}
	}
	hint := fetchHint
	if k := countSplits(dir); k > 0 {
		hint = fmt.Sprintf("%s has fixed splits 0..%d; choose one of those", dir, k-1)
	}
	owner := make([]splitSeen, n)
	train, err := readIndexFile(trainPath, n, owner, hint)
	if err != nil {
		return Split{}, err
	}
	test, err := readIndexFile(testPath, n, owner, hint)
	if err != nil {
		return Split{}, err
	}
	if missing := len(owner) - len(train) - len(test); missing > 0 {
		var first []string
		for r, o := range owner {
			if o.path == "" && len(first) < 5 {
				first = append(first, strconv.Itoa(r))
			}
		}
		return Split{}, &FileError{Path: trainPath, Msg: fmt.Sprintf(
			"together with %s it leaves %d of %d rows unassigned (first: %s); the split files do not "+
				"belong to this data file (re-fetch them with scripts/fetch_uci.sh)",
			testPath, missing, n, strings.Join(first, ", "))}
	}
	return Split{Train: train, Test: test}, nil
}

// splitSeen records where a row index was first listed.
type splitSeen struct {
	path string
	line int
}

// countSplits returns how many index_train_<i>.txt files dir holds.
func countSplits(dir string) int {
	m, _ := filepath.Glob(filepath.Join(dir, "index_train_*.txt"))
	return len(m)
}

// readIndexFile reads one split file of 0-based row indices into a slice,
// recording each index in owner and rejecting repeats and out-of-range values.
func readIndexFile(path string, n int, owner []splitSeen, hint string) ([]int, error) {
	f, err := openData(path, hint)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	sc := newScanner(f)
	var idx []int
	line := 0
	for sc.Scan() {
		line++
		s := strings.TrimSpace(sc.Text())
		if s == "" {
			continue
		}
		r, ok := parseIndex(s)
		if !ok {
			return nil, &FileError{Path: path, Line: line, Msg: fmt.Sprintf(
				"%q is not a row index; each line must hold one 0-based integer row index", s)}
		}
		if r < 0 || r >= n {
			return nil, &FileError{Path: path, Line: line, Msg: fmt.Sprintf(
				"row index %d is out of range: the data set has %d rows (indices 0..%d); "+
					"the split files do not belong to this data file", r, n, n-1)}
		}
		if prev := owner[r]; prev.path != "" {
			return nil, &FileError{Path: path, Line: line, Msg: fmt.Sprintf(
				"row index %d is already listed at %s:%d; each row must appear exactly once in the train and test files together",
				r, prev.path, prev.line)}
		}
		owner[r] = splitSeen{path: path, line: line}
		idx = append(idx, r)
	}
	if err := sc.Err(); err != nil {
		return nil, &FileError{Path: path, Line: line + 1, Msg: "read failed: " + err.Error(), Err: err}
	}
	if len(idx) == 0 {
		return nil, &FileError{Path: path, Line: 1, Msg: "file is empty; a split file lists one row index per line"}
	}
	return idx, nil
}

// parseIndex parses an integer row index, also accepting integral floats
// such as "12.0" or "1.2e+01" written by numpy.savetxt.
func parseIndex(s string) (int, bool) {
	if r, err := strconv.Atoi(s); err == nil {
		return r, true
	}
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || v != math.Trunc(v) || math.Abs(v) > 1<<52 {
		return 0, false
	}
	return int(v), true
}
