package data

import (
	"math"
	"os"
	"path/filepath"
	"testing"
)

// checkLoaded fails unless a loaded data set is consistent: matching row
// counts, names for every column and only finite values.
func checkLoaded(t *testing.T, ds *Dataset) {
	t.Helper()
	if ds.N() == 0 || rows(ds.Y) != ds.N() || len(ds.XNames) != ds.Dx() {
		t.Fatalf("inconsistent data set: %d rows, %d output rows, %d inputs, %d names", ds.N(), rows(ds.Y), ds.Dx(), len(ds.XNames))
	}
	for _, v := range append(append([]float64{}, ds.X.RawMatrix().Data...), ds.Y.RawMatrix().Data...) {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			t.Fatalf("loaded a non-finite value %v", v)
		}
	}
}

// FuzzLoadCSV feeds arbitrary bytes and a target name to the CSV loader: it
// must either return an error or a consistent data set of finite values,
// never panic.
func FuzzLoadCSV(f *testing.F) {
	for _, s := range []struct{ body, target string }{
		{"a,b,y\n1,2,3\n4,5,6\n", "y"},
		{"x,y\n1,2\n", ""},
		{"a,b\n1\n", "b"},
		{"a,a,y\n1,2,3\n", "y"},
		{"\ufeffa;b;y\n1;2;3\n", "y"},
		{"a,b,y\n1,NaN,3\n", "y"},
		{"a,b,y\n1,1e400,3\n", "a"},
		{"", "y"},
		{"a,\"b\nc\",y\n1,2,3\n", "y"},
	} {
		f.Add([]byte(s.body), s.target)
	}
	f.Fuzz(func(t *testing.T, body []byte, target string) {
		path := filepath.Join(t.TempDir(), "f.csv")
		if err := os.WriteFile(path, body, 0o644); err != nil {
			t.Fatal(err)
		}
		var targets []string
		if target != "" {
			targets = []string{target}
		}
		ds, err := LoadCSV(path, targets)
		if err != nil {
			return
		}
		checkLoaded(t, ds)
	})
}

// FuzzLoadUCI feeds an arbitrary data.txt and meta.yaml to the UCI loader.
func FuzzLoadUCI(f *testing.F) {
	meta := "name: boston\nrows: 2\ncolumns: 3\nfeature_columns: [0, 1]\ntarget_column: 2\ncolumn_names: [a, b, y]\n"
	f.Add([]byte("1 2 3\n4 5 6\n"), []byte(meta))
	f.Add([]byte(" 1\t2 3 \n\n4 5 6"), []byte(meta))
	f.Add([]byte("1 2\n4 5 6\n"), []byte(meta))
	f.Add([]byte("1 2 x\n4 5 6\n"), []byte(meta))
	f.Add([]byte("1 2 3\n"), []byte("rows: 1\ncolumns: 3\nfeature_columns: [0, 5]\ntarget_column: 1\n"))
	f.Add([]byte("1 2 3\n"), []byte("columns: -1\ntarget_column: [\n"))
	f.Fuzz(func(t *testing.T, body, metaYAML []byte) {
		dir := t.TempDir()
		set := filepath.Join(dir, "uci", "boston")
		if err := os.MkdirAll(set, 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(set, "data.txt"), body, 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(set, "meta.yaml"), metaYAML, 0o644); err != nil {
			t.Fatal(err)
		}
		ds, err := LoadUCI(dir, "boston")
		if err != nil {
			return
		}
		checkLoaded(t, ds)
	})
}
