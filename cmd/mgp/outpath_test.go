package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// trainTinyCSVRun trains a 5-iteration sgp on a small CSV and returns the
// directory, the run and an input file for predict.
func trainTinyCSVRun(t *testing.T) (dir, runDir, input string) {
	t.Helper()
	dir = t.TempDir()
	var b strings.Builder
	b.WriteString("x1,x2,y\n")
	for i := range 60 {
		x1, x2 := float64(i%7)/3, float64(i%5)/2
		fmt.Fprintf(&b, "%g,%g,%g\n", x1, x2, x1-x2+0.1*float64(i%3))
	}
	train := writeFile(t, dir, "d.csv", b.String())
	cfg := "model: {name: sgp, m: 5}\ndata: {kind: csv, path: " + train + ", target: [y]}\ntrain: {iterations: 5, batch_size: 0}\neval: {samples: 20}\n"
	runDir = filepath.Join(dir, "run")
	if _, _, err := run(t, "train", "-q", "-c", writeFile(t, dir, "c.yaml", cfg), "--out", runDir); err != nil {
		t.Fatal(err)
	}
	return dir, runDir, writeFile(t, dir, "in.csv", "x1,x2\n0.5,1\n2,0.25\n")
}

// wantRefused checks err is an exit-2 refusal whose message holds every
// part, and that dir holds no hidden temporary file.
func wantRefused(t *testing.T, what string, err error, dir string, parts ...string) {
	t.Helper()
	if err == nil || exitCode(err) != 2 {
		t.Errorf("%s: err = %v (exit %d), want exit 2", what, err, exitCode(err))
		return
	}
	for _, p := range parts {
		if !strings.Contains(err.Error(), p) {
			t.Errorf("%s: %q does not say %q", what, err, p)
		}
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		if strings.HasPrefix(e.Name(), ".") && strings.HasSuffix(e.Name(), ".tmp") {
			t.Errorf("%s: left %s behind", what, e.Name())
		}
	}
}

// TestPredictQuantilesRefused: NaN, 0, 1 and repeated --quantiles levels
// are refused (exit 2, naming the flag), with no panic and no temporary
// file left.
func TestPredictQuantilesRefused(t *testing.T) {
	dir, runDir, in := trainTinyCSVRun(t)
	for _, q := range []string{"nan", "0.5,NaN", "0,1", "0.5,0.5"} {
		out := filepath.Join(dir, "p.csv")
		_, _, err := run(t, "predict", "--run", runDir, "--input", in, "--out", out, "--quantiles", q)
		wantRefused(t, "--quantiles "+q, err, dir, "--quantiles")
		if _, serr := os.Stat(out); serr == nil {
			t.Errorf("--quantiles %s: wrote %s", q, out)
		}
	}
}

// TestOutputsNeverDestroyInputs: predict --out equal to --input, eval
// --points-out at the run's result.json, and a file of another kind are
// refused (exit 2, naming the flag) and left as they were; a symbolic link
// to /dev/null stays a link; --overwrite replaces the other kind's file.
func TestOutputsNeverDestroyInputs(t *testing.T) {
	dir, runDir, in := trainTinyCSVRun(t)
	before, _ := os.ReadFile(in)
	_, _, err := run(t, "predict", "--run", runDir, "--input", in, "--out", in)
	wantRefused(t, "--out = --input", err, dir, "--out", "input")
	if after, _ := os.ReadFile(in); string(after) != string(before) {
		t.Errorf("the input was changed:\n%s", after)
	}
	res := filepath.Join(runDir, "result.json")
	resBefore, _ := os.ReadFile(res)
	_, _, err = run(t, "eval", "--run", runDir, "--points-out", res)
	wantRefused(t, "--points-out result.json", err, runDir, "--points-out", "run's own file")
	if after, _ := os.ReadFile(res); string(after) != string(resBefore) {
		t.Errorf("the run's result.json was changed")
	}
	notes := writeFile(t, dir, "notes.md", "# my notes\n")
	_, _, err = run(t, "predict", "--run", runDir, "--input", in, "--out", notes)
	wantRefused(t, "--out notes.md", err, dir, "--out", "--overwrite")
	if _, _, err := run(t, "predict", "--run", runDir, "--input", in, "--out", notes, "--overwrite"); err != nil {
		t.Errorf("--overwrite: %v", err)
	}
	null := filepath.Join(dir, "null.csv")
	if err := os.Symlink("/dev/null", null); err != nil {
		t.Fatal(err)
	}
	if _, _, err := run(t, "predict", "--run", runDir, "--input", in, "--out", null); err != nil {
		t.Fatalf("--out a link to /dev/null: %v", err)
	}
	if st, err := os.Lstat(null); err != nil || st.Mode()&os.ModeSymlink == 0 {
		t.Errorf("the link to /dev/null was replaced by a regular file")
	}
}

// TestPaperOutputsNeverDestroyRuns: mgp table's --markdown-out and
// --csv-out, and a figure's --out, pointed at a run's result.json are
// refused (exit 2, naming the flag) and the run's result is left as it
// was; so is an existing file of another kind.
func TestPaperOutputsNeverDestroyRuns(t *testing.T) {
	dir, runDir, _ := trainTinyCSVRun(t)
	res := filepath.Join(runDir, "result.json")
	before, _ := os.ReadFile(res)
	for _, c := range []struct {
		flag string
		args []string
	}{
		{"--markdown-out", []string{"table", "--markdown-out", res, runDir}},
		{"--csv-out", []string{"table", "--csv-out", res, runDir}},
		{"--out", []string{"trace", "--out", res, runDir}},
		{"--out", []string{"ablation", "--runs", dir, "--out", res}},
	} {
		_, _, err := run(t, c.args...)
		wantRefused(t, c.args[0]+" "+c.flag+" result.json", err, runDir, c.flag, "run's own file")
		if after, _ := os.ReadFile(res); string(after) != string(before) {
			t.Fatalf("%s %s: the run's result.json was changed", c.args[0], c.flag)
		}
	}
	notes := writeFile(t, dir, "notes.csv", "a,b\n1,2\n")
	_, _, err := run(t, "trace", "--out", notes, runDir)
	wantRefused(t, "trace --out notes.csv", err, dir, "--out", "")
}
