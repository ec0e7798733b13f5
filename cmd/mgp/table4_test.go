package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// writeMNISTResult writes a fake mnist result.json of model, variant and
// seed under tree, with a recorded model config when dw > 0.
func writeMNISTResult(t *testing.T, tree, model, variant string, seed int, nll float64, dw int) {
	t.Helper()
	dir := filepath.Join(tree, "mnist", model, variant, fmt.Sprintf("s%d", seed))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	cfg := ""
	if dw > 0 {
		cfg = fmt.Sprintf(`"config": {"model": {"name": %q, "d_w": %d}},`, model, dw)
	}
	writeFile(t, dir, "result.json", fmt.Sprintf(`{"model": %q, "dataset": "mnist", "variant": %q, "split_seed": %d, "model_seed": %d,
 %s "split": "random seed %d, 63000/7000, stats none", "iterations": 2000,
 "metrics": {"nll": %g, "rmse": 0.3, "n_test": 7000, "samples": 200}}`, model, variant, seed, seed, cfg, seed, nll))
}

// TestTableSweepTable4 writes Table 4 from a fake mnist tree with mgp
// table --sweep: each row beside the paper's value of its own model and
// d_w (read from the runs' recorded config, or for runs without one from
// the sweep's variant), the header with the command, commit and date, the
// protocol (iterations, samples, seeds) in the footnotes.
func TestTableSweepTable4(t *testing.T) {
	dir := t.TempDir()
	tree := filepath.Join(dir, "runs")
	writeMNISTResult(t, tree, "cvae", "dw2", 0, -700, 2)
	writeMNISTResult(t, tree, "cvae", "dw16", 0, -800, 16)
	writeMNISTResult(t, tree, "slgp", "dw2", 0, -1000, 2)
	writeMNISTResult(t, tree, "slgp", "dw16", 0, -1100, 0) // no recorded config: the sweep's d_w
	spec := writeFile(t, dir, "mnist.yaml", "name: m\ndescription: Table 4 (fixture)\nout: "+tree+
		"\ndatasets: [mnist]\nmodels: [slgp, cvae]\nseeds: [0]\nconfig: c.yaml\n"+
		"set: {train.iterations: 2000}\n"+
		"variants: [{name: dw2, set: {model.d_w: 2}}, {name: dw16, set: {model.d_w: 16}}]\n"+
		"headline:\n"+
		"  - {model: cvae, variant: dw2, label: \"CVAE (d_w = 2)\"}\n  - {model: cvae, variant: dw16, label: \"CVAE (d_w = 16)\"}\n"+
		"  - {model: slgp, variant: dw2, label: \"SLGP (d_w = 2)\"}\n  - {model: slgp, variant: dw16, label: \"SLGP (d_w = 16)\"}\n")
	md, csvOut := filepath.Join(dir, "table4.md"), filepath.Join(dir, "table4.csv")
	if _, _, err := run(t, "table", "--sweep", spec, "--markdown-out", md, "--csv-out", csvOut, "--commit", "abc1234", "--date", "2026-11-25"); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(md)
	if err != nil {
		t.Fatal(err)
	}
	text := string(b)
	for _, want := range []string{
		"# Table 4 (fixture)\n", "`mgp table --sweep " + spec, "(mgp abc1234, 2026-11-25)", "Test NLL per test image",
		"| CVAE (d_w = 2) [^1] | -700.0000 (1)<br>paper -825.1102 |",
		"| CVAE (d_w = 16) [^2] | -800.0000 (1)<br>paper -935.4681 |",
		"| SLGP (d_w = 2) [^3] | -1000.0000 (1)<br>paper -1198.2542 † |",
		"| SLGP (d_w = 16) [^4] | -1100.0000 (1)<br>paper -1225.2195 † |",
		"[^4]: SLGP (d_w = 16): slgp, variant `dw16`: 2000 iterations, 200 samples per test point, random split, last iteration; seed 0.",
	} {
		if !strings.Contains(text, want) {
			t.Errorf("table4.md lacks %q:\n%s", want, text)
		}
	}
	c, err := os.ReadFile(csvOut)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(c), "paper_mean") || strings.Count(string(c), "\n") != 5 {
		t.Errorf("table4.csv: want a header and 4 rows:\n%s", c)
	}
	// The sweep's own tree given again as an extra directory (through
	// another spelling) adds no second copy of its runs to the detail file.
	detail := filepath.Join(dir, "detail.md")
	stdout, stderr, err := run(t, "table", "--sweep", spec, "--markdown-out", md, "--detail-out", detail, tree+"/./")
	if err != nil {
		t.Fatal(err)
	}
	if d, _ := os.ReadFile(detail); strings.Contains(stdout+stderr+string(d), "kept apart") || strings.Contains(string(d), "(2)") {
		t.Errorf("the sweep's tree given twice pooled its runs twice:\n%s\n%s%s", d, stdout, stderr)
	}
}
