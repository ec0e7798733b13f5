package data

import (
	"errors"
	"io/fs"
	"math"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mgpteam/mgp/internal/shareddata"
)

// uciExpect is the paper's Table 2 (N, N_train, N_test, d_x) for each set.
var uciExpect = []struct {
	name               string
	n, nTrain, nTest   int
	dx                 int
	fixedTr, fixedTest int // sizes of the shipped PBP split files (round(0.9 N) train)
}{
	{"boston", 506, 456, 50, 13, 455, 51},
	{"energy", 768, 692, 76, 8, 691, 77},
	{"concrete", 1030, 927, 103, 8, 927, 103},
	{"wine-red", 1599, 1440, 159, 11, 1439, 160},
	{"kin8nm", 8192, 7373, 819, 8, 7373, 819},
	{"power", 9568, 8612, 956, 4, 8611, 957},
	{"naval", 11934, 10741, 1193, 16, 10741, 1193},
	{"protein", 45730, 41157, 4573, 9, 41157, 4573},
}

func TestUCINames(t *testing.T) {
	want := []string{"boston", "energy", "concrete", "wine-red", "kin8nm", "power", "naval", "protein"}
	if got := UCINames(); !slices.Equal(got, want) {
		t.Fatalf("UCINames() = %v", got)
	}
	UCINames()[0] = "changed"
	if UCINames()[0] != "boston" {
		t.Fatal("UCINames returns shared storage")
	}
}

func TestLoadUCIAll(t *testing.T) {
	dir := shareddata.Dir(t, "uci")
	for _, e := range uciExpect {
		t.Run(e.name, func(t *testing.T) {
			ds, err := LoadUCI(dir, e.name)
			if err != nil {
				t.Fatal(err)
			}
			if ds.N() != e.n || ds.Dx() != e.dx || ds.Dy() != 1 {
				t.Fatalf("N=%d Dx=%d Dy=%d, want %d/%d/1", ds.N(), ds.Dx(), ds.Dy(), e.n, e.dx)
			}
			if len(ds.XNames) != e.dx || ds.YName == "" || ds.Name != e.name {
				t.Errorf("names: %q %v %q", ds.Name, ds.XNames, ds.YName)
			}
			for i := range ds.N() {
				for _, v := range ds.X.RawRowView(i) {
					if math.IsNaN(v) || math.IsInf(v, 0) {
						t.Fatalf("row %d has a non-finite input", i)
					}
				}
			}
		})
	}
}

// TestLoadUCIColumns pins the column choices of meta.yaml: boston's first row
// and target, naval's target kMc in [0.95, 1] and its constant columns.
func TestLoadUCIColumns(t *testing.T) {
	dir := shareddata.Dir(t, "uci")
	b, err := LoadUCI(dir, "boston")
	if err != nil {
		t.Fatal(err)
	}
	// First row of the Boston housing data: CRIM 0.00632 ... LSTAT 4.98, MEDV 24.0.
	if b.X.At(0, 0) != 0.00632 || b.X.At(0, 12) != 4.98 || b.Y.At(0, 0) != 24 {
		t.Errorf("boston row 0: CRIM %g LSTAT %g MEDV %g", b.X.At(0, 0), b.X.At(0, 12), b.Y.At(0, 0))
	}
	if b.YName != "MEDV" || b.XNames[0] != "CRIM" {
		t.Errorf("boston names %v / %q", b.XNames, b.YName)
	}
	nv, err := LoadUCI(dir, "naval")
	if err != nil {
		t.Fatal(err)
	}
	y := column(nv.Y, 0)
	if lo, hi := slices.Min(y), slices.Max(y); lo < 0.95 || hi > 1 {
		t.Errorf("naval target range [%g, %g], want kMc in [0.95, 1]", lo, hi)
	}
	s := FitStandardizer(nv.X, nv.Y)
	for _, j := range []int{8, 11} { // T1 and P1 are constant
		if s.XStd[j] != 1 {
			t.Errorf("naval column %d: std %g, want 1 for a constant column", j, s.XStd[j])
		}
	}
	xs := s.TransformX(nv.X)
	for i := range nv.N() {
		if xs.At(i, 8) != 0 || xs.At(i, 11) != 0 {
			t.Fatalf("naval row %d: constant columns standardise to %g, %g, want 0", i, xs.At(i, 8), xs.At(i, 11))
		}
	}
}

func TestLoadUCIUnknownName(t *testing.T) {
	_, err := LoadUCI(t.TempDir(), "yacht")
	if err == nil || !strings.Contains(err.Error(), "boston, energy, concrete, wine-red, kin8nm, power, naval, protein") {
		t.Fatalf("want an error listing the known sets, got %v", err)
	}
}

func TestLoadUCIMissingFile(t *testing.T) {
	dir := t.TempDir()
	_, err := LoadUCI(dir, "boston")
	wantErrAt(t, err, filepath.Join(dir, "uci", "boston", "meta.yaml"), 0, "scripts/fetch_uci.sh", "data directory")
	if fe := (*FileError)(nil); !errors.As(err, &fe) || !fe.Fetch || strings.Contains(err.Error(), "--data-dir") {
		t.Errorf("a missing UCI file: %v, want a FileError marked Fetch that names no flag", err)
	}
	if !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("error does not wrap fs.ErrNotExist: %v", err)
	}
	writeFile(t, dir, "uci/boston/meta.yaml", testMeta)
	_, err = LoadUCI(dir, "boston")
	wantErrAt(t, err, filepath.Join(dir, "uci", "boston", "data.txt"), 0, "scripts/fetch_uci.sh")
}

// testMeta describes a 3-column file: features 0 and 2, target 1.
const testMeta = "name: boston\nrows: 3\ncolumns: 3\nfeature_columns: [0, 2]\ntarget_column: 1\n" +
	"column_names: [a, b, c]  # comment\n"

func TestLoadUCISmallFile(t *testing.T) {
	dir := t.TempDir()
	writeFile(t, dir, "uci/boston/meta.yaml", testMeta)
	writeFile(t, dir, "uci/boston/data.txt", "  1 2\t3  \n\n4   5 6\n7 8 9\n\n")
	ds, err := LoadUCI(dir, "boston")
	if err != nil {
		t.Fatal(err)
	}
	if ds.N() != 3 || ds.Dx() != 2 || ds.X.At(2, 1) != 9 || ds.Y.At(1, 0) != 5 {
		t.Fatalf("got X=%v Y=%v", ds.X.RawMatrix().Data, ds.Y.RawMatrix().Data)
	}
	if !slices.Equal(ds.XNames, []string{"a", "c"}) || ds.YName != "b" {
		t.Errorf("names %v %q", ds.XNames, ds.YName)
	}
}

// TestLoadUCIMalformed: each kind of bad data.txt / meta.yaml gives an error
// naming the file and the line.
func TestLoadUCIMalformed(t *testing.T) {
	cases := []struct {
		name, data, meta string
		line             int
		contains         string
	}{
		{"wrong column count", "1 2 3\n4 5 6\n7 8\n", testMeta, 3, "expected 3"},
		{"non-number", "1 2 3\n4 x5 6\n7 8 9\n", testMeta, 2, `"x5" is not a number`},
		{"NaN", "1 2 3\n\n4 5 NaN\n7 8 9\n", testMeta, 3, "NaN"},
		{"Inf", "1 2 -Inf\n4 5 6\n7 8 9\n", testMeta, 1, "infinite"},
		{"overflow", "1 2 3\n4 5 6\n7 8 1e999\n", testMeta, 3, "out of the float64 range"},
		{"empty file", "", testMeta, 1, "empty"},
		{"row count", "1 2 3\n4 5 6\n", testMeta, 0, "has 2 rows"},
		{"meta without target", "1 2 3\n", "feature_columns: [0]\n", 0, "target_column"},
		{"meta column out of range", "1 2 3\n", "columns: 3\nfeature_columns: [0, 3]\ntarget_column: 1\n", 0, "feature column 3"},
		{"meta not yaml", "1 2 3\n", "rows: 1\nfeature_columns: [0\n", 0, "YAML"},
		{"meta wrong type", "1 2 3\n", "rows: 1\ntarget_column: [0]\n", 2, "YAML"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			mp := writeFile(t, dir, "uci/boston/meta.yaml", c.meta)
			dp := writeFile(t, dir, "uci/boston/data.txt", c.data)
			_, err := LoadUCI(dir, "boston")
			file := dp
			if strings.HasPrefix(c.name, "meta") {
				file = mp
			}
			wantErrAt(t, err, file, c.line, c.contains)
		})
	}
}
