package data

import (
	"slices"
	"testing"
)

func TestLoadCSV(t *testing.T) {
	dir := t.TempDir()
	p := writeFile(t, dir, "cars.csv", "\ufeffspeed, weight ,dist\n1,2,3\n\n4, 5 ,6e1\n")
	ds, err := LoadCSV(p, nil)
	if err != nil {
		t.Fatal(err)
	}
	if ds.Name != "cars" || ds.N() != 2 || ds.Dx() != 2 || ds.Dy() != 1 {
		t.Fatalf("%q N=%d Dx=%d Dy=%d", ds.Name, ds.N(), ds.Dx(), ds.Dy())
	}
	if !slices.Equal(ds.XNames, []string{"speed", "weight"}) || ds.YName != "dist" || ds.Y.At(1, 0) != 60 {
		t.Errorf("names %v %q, y %v", ds.XNames, ds.YName, ds.Y.RawMatrix().Data)
	}
	// Two targets in the requested order; the other column is the input.
	ds, err = LoadCSV(p, []string{"dist", "speed"})
	if err != nil {
		t.Fatal(err)
	}
	if ds.Dx() != 1 || ds.Dy() != 2 || ds.YName != "dist,speed" || ds.Y.At(1, 0) != 60 || ds.Y.At(1, 1) != 4 || ds.X.At(1, 0) != 5 {
		t.Errorf("two targets: X %v Y %v %q", ds.X.RawMatrix().Data, ds.Y.RawMatrix().Data, ds.YName)
	}
}

// TestLoadCSVMalformed: each kind of bad CSV gives an error naming the file
// and the line (and the column where one applies).
func TestLoadCSVMalformed(t *testing.T) {
	cases := []struct {
		name, content string
		targets       []string
		line          int
		contains      []string
	}{
		{"non-numeric", "a,b,c\n1,2,3\n4,five,6\n", nil, 3, []string{`column 2 ("b")`, `"five" is not a number`}},
		{"NaN", "a,b,c\n1,2,3\n4,5,nan\n", nil, 3, []string{`column 3 ("c")`, "NaN"}},
		{"empty value", "a,b,c\n1,,3\n", nil, 2, []string{`column 2 ("b")`, "empty value"}},
		{"ragged", "a,b,c\n1,2,3\n4,5\n", nil, 3, []string{"2 fields", "3 columns"}},
		{"empty file", "", nil, 1, []string{"empty", "header"}},
		{"header only", "a,b,c\n", nil, 2, []string{"no", "data rows"}},
		{"unknown target", "a,b,c\n1,2,3\n", []string{"d"}, 1, []string{`"d"`, "a, b, c"}},
		{"all targets", "a,b\n1,2\n", []string{"a", "b"}, 1, []string{"no input columns"}},
		{"duplicate name", "a,b,a\n1,2,3\n", nil, 1, []string{"repeats"}},
		{"bad quote", "a,b\n1,\"2\n", nil, 2, []string{"malformed CSV"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := writeFile(t, t.TempDir(), "in.csv", c.content)
			_, err := LoadCSV(p, c.targets)
			wantErrAt(t, err, p, c.line, c.contains...)
		})
	}
	_, err := LoadCSV("/nonexistent/dir/in.csv", nil)
	wantErrAt(t, err, "in.csv", 0, "not found")
}
