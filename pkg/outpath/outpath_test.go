package outpath

import (
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// problem returns the Problem of Check's error, or -1 for none.
func problem(t *testing.T, path string, p Policy) Problem {
	t.Helper()
	err := Check(path, p)
	if err == nil {
		return -1
	}
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("%s: %v is not an *Error", path, err)
	}
	return e.Problem
}

func TestCheck(t *testing.T) {
	dir := t.TempDir()
	write := func(name string) string {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("x"), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	in := write("in.csv")
	old := write("old.csv")
	res := write("run/result.json")
	write("run/checkpoint.json")
	notes := write("notes.txt")
	link := filepath.Join(dir, "link.csv")
	if err := os.Symlink(in, link); err != nil {
		t.Fatal(err)
	}
	null := filepath.Join(dir, "null.csv")
	if err := os.Symlink("/dev/null", null); err != nil {
		t.Fatal(err)
	}
	csv := Policy{Inputs: []string{in}, Exts: []string{".csv"}}
	for _, c := range []struct {
		path string
		p    Policy
		want Problem
	}{
		{filepath.Join(dir, "new.csv"), csv, -1},
		{filepath.Join(dir, "sub", "new.csv"), csv, -1},
		{old, csv, -1},
		{in, csv, IsInput},
		{filepath.Join(dir, ".", "in.csv"), csv, IsInput},
		{link, csv, IsInput},
		{res, Policy{}, RunFile},
		{res, Policy{Overwrite: true}, RunFile},
		{notes, csv, OtherKind},
		{notes, Policy{Exts: []string{".csv"}, Overwrite: true}, -1},
		{null, csv, -1},
		{"/dev/null", csv, -1},
		{dir, csv, IsDir},
		{filepath.Join(old, "x.csv"), csv, ParentNotDir},
		{"", csv, Empty},
	} {
		if got := problem(t, c.path, c.p); got != c.want {
			t.Errorf("%s: problem %d, want %d (%v)", c.path, got, c.want, Check(c.path, c.p))
		}
	}
}
