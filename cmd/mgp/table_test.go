package main

import (
	"encoding/csv"
	"fmt"
	"github.com/mgpteam/mgp/pkg/results"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeResults writes a results tree: sgp on boston at 20000 iterations
// (3 seeds) and at 2000 iterations (2 seeds), a repeat of seed 0 in a later
// directory, slgp on energy (3 seeds), plus files that sit beside results in run
// directories and are not results.
func writeResults(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	put := func(rel string, model, dataset string, seed uint64, iters int, nll float64) {
		r := &results.Result{
			Model: model, Dataset: dataset, SplitSeed: seed, ModelSeed: seed, Iterations: iters,
			Split:   fmt.Sprintf("random seed %d, 456/50, stats full", seed),
			Metrics: results.Metrics{NLL: nll, RMSE: 1, Samples: 200},
		}
		if err := results.WriteJSONAtomic(filepath.Join(dir, rel, "result.json"), r); err != nil {
			t.Fatal(err)
		}
	}
	for s := range 3 {
		put(fmt.Sprintf("long/sgp-boston-s%d", s), "sgp", "boston", uint64(s), 20000, 2.3+0.01*float64(s))
		put(fmt.Sprintf("long/slgp-energy-s%d", s), "slgp", "energy", uint64(s), 20000, 0.7)
	}
	for s := range 2 {
		put(fmt.Sprintf("short/sgp-boston-s%d", s), "sgp", "boston", uint64(s), 2000, 3)
	}
	put("long2/sgp-boston-s0", "sgp", "boston", 0, 20000, 99)
	for name, body := range map[string]string{
		"long/sgp-boston-s0/checkpoint.json": `{"iter": 5}`,
		"long/sgp-boston-s1/state.json":      `{`,
		"long/sgp-boston-s2/lock.json":       `{"pid": 1}`,
		"long/slgp-energy-s0/error.json":     `{"error": "x"}`,
		"sweep.json":                         `[]`,
	} {
		writeFile(t, dir, name, body)
	}
	return dir
}

func TestTableMarkdownAndNotes(t *testing.T) {
	dir := writeResults(t)
	out, errOut, err := run(t, "table", dir)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		"| model | boston | energy |",
		"| sgp (2000 its) | 3.0000 ± 0.0000 (2) | – |",
		"| sgp (20000 its) | 2.3100 ± 0.0082 (3) | – |",
		"| slgp | – | 0.7000 ± 0.0000 (3) |",
		"2.3325 ± 0.0723, z -0.3",
		"Against the paper (within its band means |z| ≤ 2): 2 cells within, 0 better (z < −2), 1 worse (z > 2), 0 without a paper value.",
		"The paper's SLGP used the hybrid bound with β: energy 1.\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("Markdown lacks %q:\n%s", want, out)
		}
	}
	wantErr := []string{
		"kept apart: sgp on boston: 2 runs at 2000 iterations, 3 runs at 20000 iterations",
		"kept apart: 1 repeat of split 0 / model seed 0 for sgp on boston (20000 its, 200 samples, random split): pooled only " +
			filepath.Join(dir, "long/sgp-boston-s0/result.json") + "; not pooled: " + filepath.Join(dir, "long2/sgp-boston-s0/result.json") +
			" (same config)\n",
	}
	for _, want := range wantErr {
		if !strings.Contains(errOut, want) {
			t.Errorf("stderr lacks %q:\n%s", want, errOut)
		}
	}
	for _, quiet := range []string{"checkpoint.json", "state.json", "lock.json", "error.json", "sweep.json", "skipped"} {
		if strings.Contains(errOut, quiet) {
			t.Errorf("stderr mentions %s:\n%s", quiet, errOut)
		}
	}
}

func TestTableCSVAndOutputFiles(t *testing.T) {
	dir := writeResults(t)
	outDir := t.TempDir()
	mdPath, csvPath := filepath.Join(outDir, "t", "table.md"), filepath.Join(outDir, "table.csv")
	out, errOut, err := run(t, "table", "--csv", "--markdown-out", mdPath, "--csv-out", csvPath, dir)
	if err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(strings.NewReader(out)).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 4 || recs[0][0] != "model" || recs[0][len(recs[0])-1] != "rank" {
		t.Fatalf("CSV on stdout:\n%s", out)
	}
	csvFile, err := os.ReadFile(csvPath)
	if err != nil || string(csvFile) != out {
		t.Fatalf("--csv-out file differs from stdout (err %v):\n%s", err, csvFile)
	}
	md, err := os.ReadFile(mdPath)
	if err != nil || !strings.HasPrefix(string(md), "Test NLL") || !strings.Contains(string(md), "| sgp (20000 its) |") {
		t.Fatalf("--markdown-out file (err %v):\n%s", err, md)
	}
	if !strings.Contains(errOut, "wrote "+mdPath) || !strings.Contains(errOut, "wrote "+csvPath) {
		t.Errorf("stderr does not say what was written:\n%s", errOut)
	}
	// Without --csv, stdout is the Markdown written to the file.
	out, _, err = run(t, "table", "--markdown-out", mdPath, dir)
	if err != nil || out != string(md) {
		t.Fatalf("Markdown on stdout differs from the file (err %v)", err)
	}
}

func TestTableErrors(t *testing.T) {
	empty := t.TempDir()
	bad := t.TempDir()
	writeFile(t, bad, "a.json", "{")
	writeFile(t, bad, "b.json", `{"foo": 1}`)
	writeFile(t, bad, "checkpoint.json", `{"iter": 1}`)
	good := writeResults(t)
	notDir := writeFile(t, t.TempDir(), "file", "x")
	out := t.TempDir()
	cases := []struct {
		name string
		args []string
		want []string
		none string // a file that must not exist afterwards
	}{
		{"no JSON", []string{"table", empty}, []string{"no result files found"}, ""},
		{"all JSON bad", []string{"table", "--markdown-out", filepath.Join(out, "bad.md"), bad},
			[]string{"none of the 2 JSON files is a result", filepath.Join(bad, "a.json") + ": unexpected end of JSON input",
				filepath.Join(bad, "b.json") + ": not a result file"}, filepath.Join(out, "bad.md")},
		{"missing dir", []string{"table", filepath.Join(empty, "nope")}, []string{"no such file"}, ""},
		{"same output twice", []string{"table", "--markdown-out", filepath.Join(out, "x"), "--csv-out", filepath.Join(out, "x"), good},
			[]string{"name the same file"}, filepath.Join(out, "x")},
		{"unwritable output", []string{"table", "--csv-out", filepath.Join(notDir, "t.csv"), good},
			[]string{"--csv-out " + filepath.Join(notDir, "t.csv"), "not a directory"}, filepath.Join(notDir, "t.csv")},
		{"no argument", []string{"table"}, []string{"requires at least 1 arg"}, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			stdout, _, err := run(t, c.args...)
			if err == nil || exitCode(err) != 2 {
				t.Fatalf("err %v (exit %d), want exit 2", err, exitCode(err))
			}
			for _, w := range c.want {
				if !strings.Contains(err.Error(), w) {
					t.Errorf("error lacks %q:\n%v", w, err)
				}
			}
			if strings.Contains(err.Error(), "checkpoint.json") {
				t.Errorf("error mentions the checkpoint:\n%v", err)
			}
			if stdout != "" {
				t.Errorf("a failed command printed a table:\n%s", stdout)
			}
			if c.none != "" {
				if _, err := os.Stat(c.none); err == nil {
					t.Errorf("a failed command left %s", c.none)
				}
			}
		})
	}
	// A failed write leaves no temporary file behind either.
	if entries, _ := os.ReadDir(out); len(entries) != 0 {
		t.Errorf("output directory holds %d entries after failures", len(entries))
	}
}

// TestTableSeveralDirs checks that mgp table pools the result files of
// several directories into one table.
func TestTableSeveralDirs(t *testing.T) {
	root := t.TempDir()
	a, b := filepath.Join(root, "a"), filepath.Join(root, "b")
	cfg := writeFile(t, root, "c.yaml", toyYAML)
	for i, d := range []string{a, b} {
		if _, _, err := run(t, "train", "-q", "-c", cfg, "--seed", fmt.Sprint(i), "--out", d); err != nil {
			t.Fatal(err)
		}
	}
	out, _, err := run(t, "table", a, b)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "(2) |") {
		t.Fatalf("the two directories' runs are not pooled:\n%s", out)
	}
}

// TestTableLastShowsBothScorings: with --last a selecting run appears twice,
// as its variant (selected metrics) and as VARIANT@last (last iteration's),
// while runs without selection appear once.
func TestTableLastShowsBothScorings(t *testing.T) {
	dir := writeResults(t)
	for s := range 2 {
		r := &results.Result{
			Model: "slgp", Dataset: "boston", Variant: "rec", SplitSeed: uint64(s), ModelSeed: uint64(s), Iterations: 20000,
			Split:     fmt.Sprintf("random seed %d, 456/50, stats full", s),
			Metrics:   results.Metrics{NLL: 2.5, RMSE: 3, Samples: 200},
			Selection: &results.Selection{Validation: 0.1, Iter: 5500, LastMetrics: results.Metrics{NLL: 4 + float64(s), Samples: 200}},
		}
		if err := results.WriteJSONAtomic(filepath.Join(dir, "study", fmt.Sprint(s), "result.json"), r); err != nil {
			t.Fatal(err)
		}
	}
	plain, _, err := run(t, "table", dir)
	if err != nil {
		t.Fatal(err)
	}
	out, _, err := run(t, "table", "--last", dir)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(plain, "rec@last") {
		t.Fatalf("the last iterations show without --last:\n%s", plain)
	}
	for _, want := range []string{"| slgp [rec] | 2.5000 ± 0.0000 (2) |", "| slgp [rec@last] | 4.5000 ± 0.5000 (2) |"} {
		if !strings.Contains(out, want) {
			t.Errorf("--last: %q missing:\n%s", want, out)
		}
	}
	if strings.Count(out, "sgp (20000 its)") != strings.Count(plain, "sgp (20000 its)") {
		t.Errorf("runs without selection are repeated:\n%s", out)
	}
}
