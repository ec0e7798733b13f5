package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestPredictReadsCSVLikeTraining: predict reads its input CSV with the
// training loader's reader. A header starting with a UTF-8 byte-order mark
// predicts exactly as the same file without one; 1_000, a hex float and
// the inf/nan words are refused (exit 2, file:line and column named, no
// output written), in the predict input and in the training CSV alike.
func TestPredictReadsCSVLikeTraining(t *testing.T) {
	dir := t.TempDir()
	var b strings.Builder
	b.WriteString("x1,x2,y\n")
	for i := range 60 {
		x1, x2 := float64(i%7)/3, float64(i%5)/2
		fmt.Fprintf(&b, "%g,%g,%g\n", x1, x2, x1-x2+0.1*float64(i%3))
	}
	train := writeFile(t, dir, "d.csv", b.String())
	cfgFor := func(path string) string {
		return "model: {name: sgp, m: 5}\ndata: {kind: csv, path: " + path + ", target: [y]}\ntrain: {iterations: 5, batch_size: 0}\neval: {samples: 20}\n"
	}
	runDir := filepath.Join(dir, "run")
	if _, _, err := run(t, "train", "-q", "-c", writeFile(t, dir, "c.yaml", cfgFor(train)), "--out", runDir); err != nil {
		t.Fatal(err)
	}
	plain := writeFile(t, dir, "plain.csv", "x1,x2\n0.5,1\n2,0.25\n")
	bom := writeFile(t, dir, "bom.csv", "\ufeffx1,x2\n0.5,1\n2,0.25\n")
	pPlain, pBOM := filepath.Join(dir, "p-plain.csv"), filepath.Join(dir, "p-bom.csv")
	if _, _, err := run(t, "predict", "--run", runDir, "--input", plain, "--out", pPlain); err != nil {
		t.Fatal(err)
	}
	if _, _, err := run(t, "predict", "--run", runDir, "--input", bom, "--out", pBOM); err != nil {
		t.Fatalf("a header with a byte-order mark: %v", err)
	}
	a, _ := os.ReadFile(pPlain)
	c, _ := os.ReadFile(pBOM)
	if len(a) == 0 || string(a) != string(c) {
		t.Fatalf("the byte-order mark changed the predictions:\n%s\n%s", a, c)
	}
	for _, v := range []string{"1_000", "0x1p4", "Infinity", "inf", "nan"} {
		in := writeFile(t, dir, "bad.csv", "x1,x2\n0.5,1\n2,"+v+"\n")
		out := filepath.Join(dir, "bad-out.csv")
		_, _, err := run(t, "predict", "--run", runDir, "--input", in, "--out", out)
		if err == nil || exitCode(err) != 2 || !strings.Contains(err.Error(), "bad.csv:3:") ||
			!strings.Contains(err.Error(), `column 2 ("x2")`) || !strings.Contains(err.Error(), `"`+v+`"`) {
			t.Errorf("predict input %q: err = %v (exit %d), want exit 2 naming bad.csv:3: and column 2", v, err, exitCode(err))
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("predict input %q: an output file was written", v)
		}
		badTrain := writeFile(t, dir, "bad-train.csv", strings.Replace(b.String(), "\n0,0,0\n", "\n0,"+v+",0\n", 1))
		_, _, err = run(t, "train", "-q", "-c", writeFile(t, dir, "bad.yaml", cfgFor(badTrain)), "--out", filepath.Join(dir, "bad-run"))
		if err == nil || exitCode(err) != 2 || !strings.Contains(err.Error(), "bad-train.csv:") || !strings.Contains(err.Error(), `column 2 ("x2")`) {
			t.Errorf("training CSV with %q: err = %v (exit %d), want exit 2 naming the file, line and column", v, err, exitCode(err))
		}
	}
}
