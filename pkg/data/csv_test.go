package data

import (
	"fmt"
	"math"
	"slices"
	"strings"
	"testing"

	"gonum.org/v1/gonum/stat"
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
		{"comma in a target name", "a,\"b,c\",d\n1,2,3\n", []string{"b,c", "d"}, 1, []string{`"b,c"`, "comma", "rename"}},
		{"semicolons", "a;b\n1;2\n", nil, 1, []string{`"a;b"`, "semicolons", "comma-separated", "tr ';' ','"}},
		{"tabs", "a\tb\n1\t2\n", nil, 1, []string{"tabs", "comma-separated", `tr '\t' ','`}},
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

// TestLoadCSVTwoTargetsStandardised: a CSV with two targets gives Y with
// one column per target, each standardised by its own statistics, so that
// NLLs map back to each output's original scale by its own σ_y.
func TestLoadCSVTwoTargetsStandardised(t *testing.T) {
	var b strings.Builder
	b.WriteString("x,small,big\n")
	for i := 0; i < 50; i++ {
		x := float64(i) / 10
		fmt.Fprintf(&b, "%g,%g,%g\n", x, 0.01*math.Sin(x), 1000+300*x)
	}
	p := writeFile(t, t.TempDir(), "two.csv", b.String())
	ds, err := LoadCSV(p, []string{"small", "big"})
	if err != nil {
		t.Fatal(err)
	}
	pr, err := Prepare(ds, SplitOptions{Seed: 1})
	if err != nil {
		t.Fatal(err)
	}
	if len(pr.Std.YStd) != 2 || len(pr.Std.YMean) != 2 {
		t.Fatalf("y statistics %v %v", pr.Std.YMean, pr.Std.YStd)
	}
	for d := 0; d < 2; d++ {
		col := make([]float64, 50)
		for i := range col {
			col[i] = ds.Y.At(i, d)
		}
		mean, sd := stat.PopMeanStdDev(col, nil)
		if math.Abs(pr.Std.YMean[d]-mean) > 1e-9*(1+math.Abs(mean)) || math.Abs(pr.Std.YStd[d]-sd) > 1e-9*sd {
			t.Errorf("output %d: mean %v sd %v, want %v %v", d, pr.Std.YMean[d], pr.Std.YStd[d], mean, sd)
		}
		// Row k of YTrain is data row Split.Train[k], standardised by its
		// own output's statistics.
		for k, i := range pr.Split.Train[:5] {
			if got, want := pr.YTrain.At(k, d), (ds.Y.At(i, d)-mean)/sd; math.Abs(got-want) > 1e-9 {
				t.Errorf("output %d row %d: %v, want %v", d, i, got, want)
			}
		}
	}
}
