package data

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

// TestParseNumberSyntax: plain decimal and scientific notation is accepted;
// every other spelling strconv.ParseFloat takes (digit separators, hex
// floats, inf/nan words) is refused with a message saying why.
func TestParseNumberSyntax(t *testing.T) {
	good := map[string]float64{
		"1": 1, "-2.5": -2.5, "+3": 3, ".5": 0.5, "5.": 5, "6e1": 60, "1.5E-2": 0.015,
		" 7 ": 7, "0": 0, "-0.0": 0, "1e+3": 1000, "007": 7,
	}
	for s, want := range good {
		if v, msg := parseNumber(s); msg != "" || v != want {
			t.Errorf("parseNumber(%q) = %v, %q; want %v", s, v, msg, want)
		}
	}
	bad := map[string]string{
		"1_000": "digit separators", "0x1p4": "hexadecimal", "0X10": "hexadecimal", "-0x1.8p1": "hexadecimal",
		"inf": "infinite", "+Inf": "infinite", "Infinity": "infinite", "-infinity": "infinite",
		"nan": "NaN", "NaN": "NaN", "1e": "not a number", "e5": "not a number", ".": "not a number",
		"1.2.3": "not a number", "1e5.0": "not a number", "--1": "not a number", "1,5": "not a number",
		"0b101": "not a number", "0o17": "not a number", "1e999": "out of the float64 range",
	}
	for s, want := range bad {
		if v, msg := parseNumber(s); msg == "" || !strings.Contains(msg, want) {
			t.Errorf("parseNumber(%q) = %v, %q; want an error containing %q", s, v, msg, want)
		}
	}
}

// TestDataFilesRefuseNonDecimalSyntax: a training CSV and a UCI data.txt
// with 1_000, a hex float or an inf/nan word are refused with the file,
// line and column named.
func TestDataFilesRefuseNonDecimalSyntax(t *testing.T) {
	for _, v := range []string{"1_000", "0x1p4", "Infinity", "inf", "nan"} {
		t.Run(v, func(t *testing.T) {
			p := writeFile(t, t.TempDir(), "in.csv", fmt.Sprintf("a,b,c\n1,2,3\n4,%s,6\n", v))
			_, err := LoadCSV(p, nil)
			wantErrAt(t, err, p, 3, `column 2 ("b")`, fmt.Sprintf("%q", v))
			var fe *FileError
			if !errors.As(err, &fe) || fe.Column != 2 {
				t.Errorf("error %v: want a FileError at column 2", err)
			}
			dir := t.TempDir()
			writeFile(t, dir, "uci/boston/meta.yaml", testMeta)
			dp := writeFile(t, dir, "uci/boston/data.txt", fmt.Sprintf("1 2 3\n4 5 6\n7 %s 9\n", v))
			_, err = LoadUCI(dir, "boston")
			wantErrAt(t, err, dp, 3, "column 2", fmt.Sprintf("%q", v))
		})
	}
}

// TestReadCSVColumns: the shared reader strips a byte-order mark and the
// spaces around header names, hands the header to pick, and returns the
// picked columns in the order asked for; pick's error comes back unchanged.
func TestReadCSVColumns(t *testing.T) {
	p := writeFile(t, t.TempDir(), "x.csv", "\ufeff a ,b,y\n1,2,3\n \n4,5,6\n")
	var got []string
	X, err := ReadCSVColumns(p, func(h []string) ([]int, error) {
		got = h
		return []int{1, 0}, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(got, "|") != "a|b|y" {
		t.Errorf("header %q", got)
	}
	if r, c := X.Dims(); r != 2 || c != 2 || X.At(0, 0) != 2 || X.At(0, 1) != 1 || X.At(1, 0) != 5 {
		t.Errorf("X = %v", X.RawMatrix().Data)
	}
	sentinel := errors.New("no such column")
	if _, err := ReadCSVColumns(p, func([]string) ([]int, error) { return nil, sentinel }); err != sentinel {
		t.Errorf("pick's error: got %v", err)
	}
	if _, err := ReadCSVColumns(p, func([]string) ([]int, error) { return []int{3}, nil }); err == nil {
		t.Error("an index outside the header was accepted")
	}
}
