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

// TestPredictIDAndSummary: --id carries a column the model does not use
// into the first output column, row for row and as text; without --id the
// same column is refused as unknown; an --id the header lacks is exit 2.
// predict prints one summary line naming the rows, the output file, the
// run, the iteration and the predictive.
func TestPredictIDAndSummary(t *testing.T) {
	dir := t.TempDir()
	var b strings.Builder
	b.WriteString("x1,x2,y\n")
	for i := range 40 {
		x1, x2 := float64(i%7)/3, float64(i%5)/2
		fmt.Fprintf(&b, "%g,%g,%g\n", x1, x2, x1-x2)
	}
	data := writeFile(t, dir, "d.csv", b.String())
	cfg := writeFile(t, dir, "c.yaml", "model: {name: sgp, m: 5}\ndata: {kind: csv, path: "+data+", target: [y]}\ntrain: {iterations: 7, batch_size: 0}\neval: {samples: 20}\n")
	runDir := filepath.Join(dir, "run")
	if _, _, err := run(t, "train", "-q", "-c", cfg, "--out", runDir); err != nil {
		t.Fatal(err)
	}
	in := writeFile(t, dir, "in.csv", "x2,id,x1\n1,row-A,0.5\n\n0.25,007,2\n3,\"c,d\",1\n")
	out := filepath.Join(dir, "p.csv")
	stdout, _, err := run(t, "predict", "--run", runDir, "--input", in, "--out", out, "--id", "id")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"predicted 3 rows into " + out, "run " + runDir, "iteration 7", "model sgp", "predictive draws"} {
		if !strings.Contains(stdout, want) {
			t.Errorf("summary %q lacks %q", stdout, want)
		}
	}
	if n := strings.Count(strings.TrimSpace(stdout), "\n"); n != 0 {
		t.Errorf("summary is %d lines:\n%s", n+1, stdout)
	}
	got, _ := os.ReadFile(out)
	lines := strings.Split(strings.TrimSpace(string(got)), "\n")
	if len(lines) != 4 || !strings.HasPrefix(lines[0], "id,mean,sd,") ||
		!strings.HasPrefix(lines[1], "row-A,") || !strings.HasPrefix(lines[2], "007,") || !strings.HasPrefix(lines[3], `"c,d",`) {
		t.Fatalf("output with --id id:\n%s", got)
	}
	// The predictions are those of the same inputs without the id column.
	plain := writeFile(t, dir, "plain.csv", "x1,x2\n0.5,1\n2,0.25\n1,3\n")
	pOut := filepath.Join(dir, "p-plain.csv")
	if _, _, err := run(t, "predict", "--run", runDir, "--input", plain, "--out", pOut); err != nil {
		t.Fatal(err)
	}
	want, _ := os.ReadFile(pOut)
	wl := strings.Split(strings.TrimSpace(string(want)), "\n")
	for i := 1; i < 4; i++ {
		if !strings.HasSuffix(lines[i], ","+wl[i]) {
			t.Errorf("row %d: %q with --id, %q without", i, lines[i], wl[i])
		}
	}
	_, _, err = run(t, "predict", "--run", runDir, "--input", in, "--out", filepath.Join(dir, "x.csv"))
	if err == nil || exitCode(err) != 2 || !strings.Contains(err.Error(), "unknown: id") {
		t.Errorf("id column without --id: err = %v (exit %d), want exit 2 naming it unknown", err, exitCode(err))
	}
	// --keep-columns copies every column that is not an input (the id and a
	// target column here), in file order, before the predictions.
	kin := writeFile(t, dir, "kin.csv", "x2,id,x1,y\n1,row-A,0.5,9\n0.25,007,2,8\n3,\"c,d\",1,7\n")
	kOut := filepath.Join(dir, "p-keep.csv")
	if _, _, err := run(t, "predict", "--run", runDir, "--input", kin, "--out", kOut, "--keep-columns"); err != nil {
		t.Fatal(err)
	}
	kept, _ := os.ReadFile(kOut)
	kl := strings.Split(strings.TrimSpace(string(kept)), "\n")
	if len(kl) != 4 || !strings.HasPrefix(kl[0], "id,y,mean,sd,") || !strings.HasPrefix(kl[1], "row-A,9,") || !strings.HasPrefix(kl[3], `"c,d",7,`) {
		t.Fatalf("output with --keep-columns:\n%s", kept)
	}
	for i := 1; i < 4; i++ {
		if !strings.HasSuffix(kl[i], ","+wl[i]) {
			t.Errorf("row %d: %q with --keep-columns, %q without", i, kl[i], wl[i])
		}
	}
	if _, _, err := run(t, "predict", "--run", runDir, "--input", kin, "--out", filepath.Join(dir, "z.csv"), "--keep-columns", "--id", "id"); exitCode(err) != 2 {
		t.Errorf("--keep-columns with --id: err = %v, want exit 2", err)
	}
	_, _, err = run(t, "predict", "--run", runDir, "--input", plain, "--out", filepath.Join(dir, "y.csv"), "--id", "key")
	if err == nil || exitCode(err) != 2 || !strings.Contains(err.Error(), `"key"`) {
		t.Errorf("--id naming no column: err = %v (exit %d), want exit 2 naming it", err, exitCode(err))
	}
}
