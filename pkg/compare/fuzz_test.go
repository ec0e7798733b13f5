package compare

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// FuzzReadTable feeds arbitrary bytes, a target and --inputs to compare's
// CSV reader: it must return an error or a table of at least 20 rows whose
// values are finite and below MaxAbsValue, with one column per input and
// the target, never panic.
func FuzzReadTable(f *testing.F) {
	var rows strings.Builder
	rows.WriteString("x,z,y\n")
	for i := range 25 {
		rows.WriteString(strings.Repeat("1,", 2) + string(rune('0'+i%10)) + "\n")
	}
	for _, s := range []struct{ body, target, inputs string }{
		{rows.String(), "y", ""},
		{rows.String(), "y", "x"},
		{strings.Replace(rows.String(), "x,z", "x,x", 1), "y", ""},
		{strings.Replace(rows.String(), "x,z", "x,", 1), "y", ""},
		{strings.Replace(rows.String(), "1,1,5", "1,1e200,5", 1), "y", ""},
		{strings.Replace(rows.String(), "x,z,y", "x,z,\xe9t\xe9", 1), "\xe9t\xe9", ""},
		{"\xff\xfex\x00,\x00y\x00\n", "y", ""},
		{"", "y", ""},
	} {
		f.Add([]byte(s.body), s.target, s.inputs)
	}
	dir := f.TempDir()
	f.Fuzz(func(t *testing.T, body []byte, target, inputs string) {
		path := filepath.Join(dir, "d.csv")
		if err := os.WriteFile(path, body, 0o644); err != nil {
			t.Fatal(err)
		}
		var in []string
		if inputs != "" {
			in = strings.Split(inputs, ",")
		}
		tbl, err := ReadTable(path, target, in)
		if err != nil {
			return
		}
		r, c := tbl.M.Dims()
		if r < 20 || c != len(tbl.Inputs)+1 {
			t.Fatalf("read %d×%d for %d inputs", r, c, len(tbl.Inputs))
		}
		for _, v := range tbl.M.RawMatrix().Data {
			if math.IsNaN(v) || math.Abs(v) >= MaxAbsValue {
				t.Fatalf("read %v", v)
			}
		}
	})
}
