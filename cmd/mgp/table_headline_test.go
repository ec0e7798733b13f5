package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestTableSweepHeadline runs mgp table --sweep on the report package's
// fixture tree: the three files are written, the header states the
// command, the injected commit and date, the notes' links are made
// relative to the table, and the extra tree reaches the detail file only.
func TestTableSweepHeadline(t *testing.T) {
	tree, err := filepath.Abs("../../pkg/paper/testdata/headline/runs")
	if err != nil {
		t.Fatal(err)
	}
	quick, _ := filepath.Abs("../../pkg/paper/testdata/headline/quick")
	dir := t.TempDir()
	spec := writeFile(t, dir, "s.yaml", "name: s\ndescription: Fixture\nout: "+tree+
		"\ndatasets: [boston, energy]\nmodels: [sgp, slgp]\nseeds: 0-2\nconfig: c\n"+
		"variants: [{name: paper, models: [sgp]}, {name: recommended, models: [slgp]}]\n"+
		"headline: [{model: sgp, variant: paper}, {model: slgp, variant: recommended, label: SLGP (rec)}]\n"+
		"notes: ['see [it](docs/x.md) and [web](https://example.org)']\n")
	md, det, csvOut := filepath.Join(dir, "res", "t.md"), filepath.Join(dir, "res", "t-detail.md"), filepath.Join(dir, "res", "t.csv")
	// Links in notes are relative to the working directory: run from dir.
	wd, _ := os.Getwd()
	if err := os.Chdir(dir); err != nil {
		t.Fatal(err)
	}
	defer os.Chdir(wd)
	out, _, err := run(t, "table", "--sweep", spec, "--markdown-out", "res/t.md", "--detail-out", "res/t-detail.md",
		"--csv-out", "res/t.csv", "--claims-out", "res/t-claims.md", "--commit", "abc1234", "--date", "2026-02-03", quick)
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]string{}
	for _, p := range []string{md, det, csvOut, filepath.Join(dir, "res", "t-claims.md")} {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		files[filepath.Base(p)] = string(b)
	}
	if out != files["t.md"] {
		t.Error("stdout is not the Markdown file")
	}
	for _, want := range []string{"# Fixture\n", "(mgp abc1234, 2026-02-03)", "`mgp table --sweep", "| SLGP (rec) [^2] |",
		"[it](../docs/x.md)", "[web](https://example.org)", "[t-detail.md](t-detail.md)"} {
		if !strings.Contains(files["t.md"], want) {
			t.Errorf("t.md lacks %q:\n%s", want, files["t.md"])
		}
	}
	if strings.Contains(files["t.md"], "2000 its") || !strings.Contains(files["t-detail.md"], "sgp [paper] (2000 its)") {
		t.Error("the extra tree should reach the detail file only")
	}
	if lines := strings.Count(files["t.csv"], "\n"); lines != 1+2*2 {
		t.Errorf("t.csv has %d lines, want a header and 4 cells:\n%s", lines, files["t.csv"])
	}
	for _, want := range []string{"# Fixture: the paper's claims about SLGP", "(mgp abc1234, 2026-02-03)", "## SLGP (rec) against each model", "| SGP |"} {
		if !strings.Contains(files["t-claims.md"], want) {
			t.Errorf("t-claims.md lacks %q:\n%s", want, files["t-claims.md"])
		}
	}
	if _, _, err := run(t, "table", "--sweep", spec, "--markdown-out", "res/x.md", "--claims-out", "res/x.md"); err == nil || exitCode(err) != 2 || !strings.Contains(err.Error(), "--claims-out") {
		t.Errorf("--claims-out naming the Markdown file: err = %v", err)
	}
	// A sweep file without a headline is bad input.
	bare := writeFile(t, dir, "b.yaml", "out: "+tree+"\ndatasets: [boston]\nmodels: [sgp]\nseeds: 0\nconfig: c\n")
	if _, _, err := run(t, "table", "--sweep", bare); err == nil || exitCode(err) != 2 || !strings.Contains(err.Error(), "no headline") {
		t.Errorf("no headline: err = %v", err)
	}
	if _, _, err := run(t, "table"); err == nil || exitCode(err) != 2 {
		t.Errorf("no directory and no sweep: err = %v", err)
	}
}

// TestTableSweepSeeds runs mgp table --sweep with --seeds on the fixture
// tree: the cells count only the seeds asked for (n = 2 where the tree has
// 3), the footnotes name them, the header says the table holds 0-1 of the
// sweep's 0-2; a seed the sweep does not declare, a malformed list and
// --seeds without --sweep are refused with exit 2.
func TestTableSweepSeeds(t *testing.T) {
	tree, err := filepath.Abs("../../pkg/paper/testdata/headline/runs")
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	spec := writeFile(t, dir, "s.yaml", "name: s\ndescription: Fixture\nout: "+tree+
		"\ndatasets: [boston, energy]\nmodels: [sgp, slgp]\nseeds: 0-2\nconfig: c\n"+
		"variants: [{name: paper, models: [sgp]}, {name: recommended, models: [slgp]}]\n"+
		"headline: [{model: sgp, variant: paper}, {model: slgp, variant: recommended}]\n")
	full, _, err := run(t, "table", "--sweep", spec, "--commit", "abc1234", "--date", "2026-02-03")
	if err != nil {
		t.Fatal(err)
	}
	part, _, err := run(t, "table", "--sweep", spec, "--seeds", "0-1", "--commit", "abc1234", "--date", "2026-02-03")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(full, "(3)") || strings.Contains(full, "Seeds 0-1 only") {
		t.Fatalf("the full table should count 3 seeds and state no restriction:\n%s", full)
	}
	if strings.Contains(part, "(3)") || !strings.Contains(part, "(2)") || !strings.Contains(part, "seeds 0-1") {
		t.Errorf("--seeds 0-1: every cell should count seeds 0 and 1 only:\n%s", part)
	}
	if !strings.Contains(part, "Seeds 0-1 of the sweep's 0-2 only") || !strings.Contains(part, "--seeds 0-1") {
		t.Errorf("--seeds 0-1: the header should state the restriction and the command:\n%s", part)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--sweep", spec, "--seeds", "7"}, "seed 7 is not among"},
		{[]string{"--sweep", spec, "--seeds", "1.5"}, "seeds"},
		{[]string{"--seeds", "0-1", tree}, "--sweep"},
	} {
		_, _, err := run(t, append([]string{"table"}, c.args...)...)
		if err == nil || exitCode(err) != 2 || !strings.Contains(err.Error(), c.want) {
			t.Errorf("table %v: err = %v, want exit 2 naming %q", c.args, err, c.want)
		}
	}
}
