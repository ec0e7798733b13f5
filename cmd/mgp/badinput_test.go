package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/mgpteam/mgp/pkg/checkpoint"
)

// TestBadTrainInputCatalogue runs mgp train on bad input as a new user
// would type it: each case must exit 2 with a message naming the key (and
// the --set flag or file line it came from) and leave --out without files.
func TestBadTrainInputCatalogue(t *testing.T) {
	dir := t.TempDir()
	cfg := writeFile(t, dir, "c.yaml", toyYAML)
	fifty := writeFile(t, dir, "fifty.yaml", strings.Replace(toyYAML, "m: 10", "m: fifty", 1))
	mm := writeFile(t, dir, "mm.yaml", strings.Replace(toyYAML, "m: 10", "mm: 10", 1))
	nanLR := writeFile(t, dir, "nan.yaml", strings.Replace(toyYAML, "iterations: 30", "iterations: 30\n  lr: .nan", 1))
	noPath := writeFile(t, dir, "nopath.yaml", strings.Replace(toyYAML, "name: step", "kind: csv", 1))
	big := writeFile(t, dir, "big.csv", "a,b,y\n1,2,3\n1e308,5,6\n2,3,4\n4,5,6\n5,6,7\n6,7,8\n7,8,9\n8,9,1\n9,1,2\n1,3,5\n2,2,2\n")
	small := writeFile(t, dir, "small.csv", "a,y\n1,2\n2,3\n3,5\n4,4\n5,6\n6,8\n7,7\n8,9\n9,9\n10,12\n11,11\n12,13\n")
	smallCfg := writeFile(t, dir, "small.yaml", "model: {name: sgp}\ndata: {kind: csv, path: "+small+", target: [y]}\ntrain: {iterations: 5, batch_size: 0}\n")
	bigCfg := writeFile(t, dir, "big.yaml", "model: {name: sgp, m: 3}\ndata: {kind: csv, path: "+big+", target: [y]}\ntrain: {iterations: 5, batch_size: 0}\n")
	for _, tc := range []struct {
		name string
		args []string
		want []string
	}{
		{"fractional iterations", []string{"-c", cfg, "--set", "train.iterations=150.7"}, []string{"--set train.iterations=150.7", "not an integer"}},
		{"boolean iterations", []string{"-c", cfg, "--set", "train.iterations=true"}, []string{"train.iterations", "not a number"}},
		{"negative batch", []string{"-c", cfg, "--set", "train.batch_size=-7"}, []string{"train.batch_size = -7", "must be >= 0"}},
		{"negative seed", []string{"-c", cfg, "--seed", "-7"}, []string{"--seed -7"}},
		{"negative eval_every", []string{"-c", cfg, "--set", "train.eval_every=-5"}, []string{"train.eval_every = -5"}},
		{"negative trace_every", []string{"-c", cfg, "--set", "train.trace_every=-1"}, []string{"train.trace_every = -1"}},
		{"negative checkpoint_every", []string{"-c", cfg, "--set", "train.checkpoint_every=-1"}, []string{"train.checkpoint_every = -1"}},
		{"negative split seed", []string{"-c", cfg, "--set", "data.split_seed=-1"}, []string{"data.split_seed", "negative"}},
		{"fixed split on a toy", []string{"-c", cfg, "--set", "data.split=fixed"}, []string{"data.split = fixed", "toy"}},
		{"more inducing points than rows", []string{"-c", cfg, "--set", "model.m=800"}, []string{"model.m = 800", "500 rows"}},
		{"fractional m by --set", []string{"-c", cfg, "--set", "model.m=50.5"}, []string{"--set model.m=50.5", "model.m", "not an integer"}},
		{"m: fifty in the file", []string{"-c", fifty}, []string{"fifty.yaml:3", "model.m", "not a number"}},
		{"unknown model key in the file", []string{"-c", mm}, []string{"mm.yaml:3", "model.mm"}},
		{"unknown train key by --set", []string{"-c", cfg, "--set", "train.foo=1"}, []string{"--set train.foo=1: train.foo: unknown key", "lr_final"}},
		{"fractional samples", []string{"-c", cfg, "--set", "eval.samples=2.5"}, []string{"eval.samples", "not an integer"}},
		{"text lr", []string{"-c", cfg, "--set", "train.lr=fast"}, []string{"train.lr", "not a number"}},
		{"lr_final above lr", []string{"-c", cfg, "--set", "train.lr_final=0.5"}, []string{"train.lr_final = 0.5", "must be in (0, train.lr"}},
		{"negative lr_final", []string{"-c", cfg, "--set", "train.lr_final=-0.001"}, []string{"train.lr_final = -0.001"}},
		{"NaN lr in the file", []string{"-c", nanLR}, []string{"nan.yaml:8", "train.lr = NaN", "positive finite"}},
		{"csv without a path", []string{"-c", noPath}, []string{"nopath.yaml:5", "data.kind = csv needs data.path"}},
		{"default m above a tiny CSV's rows", []string{"-c", smallCfg}, []string{"100 inducing points", "11 rows", "model.m"}},
		{"a 1e308 input value", []string{"-c", bigCfg}, []string{"input column \"a\"", "too large"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out := filepath.Join(dir, strings.ReplaceAll(tc.name, " ", "-"))
			_, _, err := run(t, append([]string{"train", "-q", "--out", out}, tc.args...)...)
			if err == nil || exitCode(err) != 2 {
				t.Fatalf("err = %v (exit %d), want exit 2", err, exitCode(err))
			}
			for _, w := range tc.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("message %q lacks %q", err.Error(), w)
				}
			}
			if entries, _ := os.ReadDir(out); len(entries) > 0 {
				t.Errorf("a refused run left files in --out: %v", entries)
			}
		})
	}
}

// TestEvalRefusesBadSamplesAndNonFinite checks mgp eval: --samples below 2
// is refused (exit 2) instead of falling back, and a checkpoint whose
// values overflow gives a non-zero exit without touching result.json.
func TestEvalRefusesBadSamplesAndNonFinite(t *testing.T) {
	dir := t.TempDir()
	cfg := writeFile(t, dir, "c.yaml", toyYAML)
	runDir := filepath.Join(dir, "run")
	if _, _, err := run(t, "train", "-q", "-c", cfg, "--out", runDir); err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"0", "-3", "1"} {
		_, _, err := run(t, "eval", "--run", runDir, "--samples", s, "--write")
		if err == nil || exitCode(err) != 2 || !strings.Contains(err.Error(), "--samples "+s) {
			t.Errorf("--samples %s: err = %v (exit %d)", s, err, exitCode(err))
		}
	}
	resPath := filepath.Join(runDir, "result.json")
	before, err := os.ReadFile(resPath)
	if err != nil {
		t.Fatal(err)
	}
	ckPath := filepath.Join(runDir, "checkpoint.json")
	ck, err := os.ReadFile(ckPath)
	if err != nil {
		t.Fatal(err)
	}
	// Blow up every parameter value: the predictions overflow.
	blown := regexp.MustCompile(`("data": \[)[^\]]*\]`).ReplaceAllStringFunc(string(ck), func(m string) string {
		return regexp.MustCompile(`-?[0-9][0-9.eE+-]*`).ReplaceAllString(m, "1e300")
	})
	resealCheckpoint(t, ckPath, blown)
	_, _, err = run(t, "eval", "--run", runDir, "--write")
	if err == nil || exitCode(err) == 0 || !strings.Contains(err.Error(), "not") {
		t.Fatalf("eval of an overflowing checkpoint: err = %v (exit %d)", err, exitCode(err))
	}
	if !strings.Contains(err.Error(), "nothing was written") {
		t.Fatalf("eval of an overflowing checkpoint: %v", err)
	}
	after, _ := os.ReadFile(resPath)
	if string(after) != string(before) {
		t.Fatal("a non-finite metric was written over result.json")
	}
}

// TestPredictByNameFromRunDirAlone trains on a two-input CSV, deletes it,
// and predicts from the run directory alone: columns are matched by name
// (any order gives the same numbers, a target column is ignored), unknown
// or missing names are refused with exit 2 and no output file, and an
// overflowing checkpoint gives a non-zero exit and no file.
func TestPredictByNameFromRunDirAlone(t *testing.T) {
	dir := t.TempDir()
	var b strings.Builder
	b.WriteString("x1,x2,y\n")
	for i := range 150 {
		x1, x2 := float64(i%17)/4, float64(i%11)/3
		fmt.Fprintf(&b, "%g,%g,%g\n", x1, x2, x1*x1-2*x2+0.1*float64(i%5))
	}
	data := writeFile(t, dir, "d.csv", b.String())
	cfg := writeFile(t, dir, "c.yaml", "model: {name: sgp, m: 10}\ndata: {kind: csv, path: "+data+", target: [y]}\ntrain: {iterations: 30, batch_size: 0}\neval: {samples: 50}\n")
	runDir := filepath.Join(dir, "run")
	if _, _, err := run(t, "train", "-q", "-c", cfg, "--out", runDir); err != nil {
		t.Fatal(err)
	}
	if err := os.Remove(data); err != nil {
		t.Fatal(err)
	}
	in12 := writeFile(t, dir, "in12.csv", "x1,x2\n0.5,1\n2,0.25\n")
	in21 := writeFile(t, dir, "in21.csv", "x2,y,x1\n1,99,0.5\n0.25,99,2\n")
	p12, p21 := filepath.Join(dir, "p12.csv"), filepath.Join(dir, "p21.csv")
	if _, _, err := run(t, "predict", "--run", runDir, "--input", in12, "--out", p12); err != nil {
		t.Fatalf("predict without the training CSV: %v", err)
	}
	if _, _, err := run(t, "predict", "--run", runDir, "--input", in21, "--out", p21); err != nil {
		t.Fatal(err)
	}
	a, _ := os.ReadFile(p12)
	c, _ := os.ReadFile(p21)
	if string(a) != string(c) || len(a) == 0 {
		t.Fatalf("columns in another order predict differently:\n%s\n%s", a, c)
	}
	for _, tc := range []struct{ body, want string }{
		{"foo,bar\n1,2\n", "missing: x1, x2; unknown: foo, bar"},
		{"x1\n1\n", "missing: x2"},
		{"x1,x2,x3\n1,2,3\n", "unknown: x3"},
		{"x1,x2\n1,abc\n", `column 2 ("x2")`},
	} {
		in := writeFile(t, dir, "bad.csv", tc.body)
		out := filepath.Join(dir, "bad-out.csv")
		_, _, err := run(t, "predict", "--run", runDir, "--input", in, "--out", out)
		if err == nil || exitCode(err) != 2 || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: err = %v (exit %d), want exit 2 with %q", tc.body, err, exitCode(err), tc.want)
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("%q: an output file was written", tc.body)
		}
	}
	if _, _, err := run(t, "predict", "--run", runDir, "--input", in12, "--out", dir); err == nil || exitCode(err) != 2 ||
		!strings.Contains(err.Error(), "is a directory") {
		t.Errorf("--out naming a directory: err = %v (exit %d)", err, exitCode(err))
	}
	ckPath := filepath.Join(runDir, "checkpoint.json")
	ck, _ := os.ReadFile(ckPath)
	blown := regexp.MustCompile(`"data": \[[^\]]*\]`).ReplaceAllStringFunc(string(ck), func(m string) string {
		return regexp.MustCompile(`-?[0-9][0-9.eE+-]*`).ReplaceAllString(m, "1e300")
	})
	resealCheckpoint(t, ckPath, blown)
	out := filepath.Join(dir, "inf.csv")
	_, _, err := run(t, "predict", "--run", runDir, "--input", in12, "--out", out)
	if err == nil || exitCode(err) == 0 || !strings.Contains(err.Error(), "not finite") {
		t.Fatalf("overflowing checkpoint: err = %v (exit %d)", err, exitCode(err))
	}
	if _, err := os.Stat(out); err == nil {
		t.Fatal("non-finite predictions were written")
	}
}

// resealCheckpoint writes the checkpoint JSON text to path through
// Checkpoint.Save, with a checksum of its own: a checkpoint written with
// these values, not one changed after it was written (which is refused).
func resealCheckpoint(t *testing.T, path, text string) {
	t.Helper()
	var ck checkpoint.Checkpoint
	if err := json.Unmarshal([]byte(text), &ck); err != nil {
		t.Fatal(err)
	}
	if err := ck.Save(path); err != nil {
		t.Fatal(err)
	}
}
