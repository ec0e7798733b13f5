package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mgpteam/mgp/pkg/models"
	"github.com/mgpteam/mgp/pkg/rundir"
	"go.yaml.in/yaml/v3"
)

// csvRows is a small two-input CSV body with a target column y.
func csvRows(n int, shift float64) string {
	var b strings.Builder
	b.WriteString("x1,x2,y\n")
	for i := range n {
		x1, x2 := float64(i%7)/3, float64(i%5)/2
		fmt.Fprintf(&b, "%g,%g,%g\n", x1, x2, x1-x2+shift)
	}
	return b.String()
}

// recordedDataPath is data.path as the run's checkpoint records it.
func recordedDataPath(t *testing.T, runDir string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(runDir, rundir.CheckpointFile))
	if err != nil {
		t.Fatal(err)
	}
	var ck struct {
		Config struct {
			Data struct {
				Path string `json:"path"`
			} `json:"data"`
		} `json:"config"`
	}
	if err := json.Unmarshal(b, &ck); err != nil {
		t.Fatal(err)
	}
	return ck.Config.Data.Path
}

// TestConfigDataPathRelativeToConfigFile: a relative data.path in a config
// given with -c is found next to the config file when the working
// directory has no such file, but a file in the working directory wins;
// a --set data.path is relative to the working directory only. The run
// records the path absolute, so mgp eval --run and mgp predict --run work
// from another directory.
func TestConfigDataPathRelativeToConfigFile(t *testing.T) {
	root := t.TempDir()
	t.Chdir(root)
	if err := os.MkdirAll(filepath.Join("cfgs", "deeper"), 0o755); err != nil {
		t.Fatal(err)
	}
	writeFile(t, "cfgs", "d.csv", csvRows(60, 0))
	writeFile(t, "cfgs", "c.yaml", "model: {name: sgp, m: 5}\ndata: {kind: csv, path: d.csv, target: [y]}\ntrain: {iterations: 5, batch_size: 0}\neval: {samples: 20}\n")
	if _, _, err := run(t, "train", "-q", "-c", filepath.Join("cfgs", "c.yaml"), "--out", filepath.Join("runs", "r")); err != nil {
		t.Fatalf("a data.path relative to the config file: %v", err)
	}
	want := filepath.Join(root, "cfgs", "d.csv")
	if got := recordedDataPath(t, filepath.Join("runs", "r")); got != want {
		t.Errorf("recorded data.path %q, want %q", got, want)
	}
	// From another directory, with the run given relative to it.
	t.Chdir(filepath.Join(root, "cfgs", "deeper"))
	rel := filepath.Join("..", "..", "runs", "r")
	out, _, err := run(t, "eval", "--run", rel)
	if err != nil || !strings.Contains(out, "test NLL") {
		t.Fatalf("eval --run %s from another directory: %v\n%s", rel, err, out)
	}
	in := writeFile(t, ".", "in.csv", "x1,x2\n0.5,1\n")
	if _, _, err := run(t, "predict", "--run", rel, "--input", in, "--out", "p.csv"); err != nil {
		t.Fatalf("predict --run %s from another directory: %v", rel, err)
	}
	t.Chdir(root)
	// A file of that name in the working directory wins.
	writeFile(t, ".", "d.csv", csvRows(60, 5))
	if _, _, err := run(t, "train", "-q", "-c", filepath.Join("cfgs", "c.yaml"), "--out", filepath.Join("runs", "r2")); err != nil {
		t.Fatal(err)
	}
	if got := recordedDataPath(t, filepath.Join("runs", "r2")); got != filepath.Join(root, "d.csv") {
		t.Errorf("with d.csv in the working directory: recorded data.path %q", got)
	}
	// --set data.path is relative to the working directory only.
	_, _, err = run(t, "train", "-q", "-c", filepath.Join("cfgs", "c.yaml"), "--set", "data.path=e.csv", "--out", filepath.Join("runs", "r3"))
	writeFile(t, "cfgs", "e.csv", csvRows(60, 0))
	if err == nil || exitCode(err) != 2 || !strings.Contains(err.Error(), "e.csv") {
		t.Errorf("--set data.path=e.csv, found nowhere: err = %v (exit %d)", err, exitCode(err))
	}
	_, _, err = run(t, "train", "-q", "-c", filepath.Join("cfgs", "c.yaml"), "--set", "data.path=e.csv", "--out", filepath.Join("runs", "r4"))
	if err == nil {
		t.Error("--set data.path=e.csv was read from the config file's directory")
	}
}

// csvTemplateShort are the overrides that make a configs/csv template
// train in a moment on hetero-example.csv: few iterations, inducing points,
// hidden units and samples, and selection every iteration where the
// template selects (its model and train sections decide which keys exist).
func csvTemplateShort(t *testing.T, path string) []string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var doc struct {
		Model map[string]any `yaml:"model"`
		Data  map[string]any `yaml:"data"`
		Train map[string]any `yaml:"train"`
	}
	if err := yaml.Unmarshal(b, &doc); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	if doc.Data["stats"] != "train" {
		t.Errorf("%s: data.stats is %v; a template for your own data standardises on the training rows only (train)", path, doc.Data["stats"])
	}
	sets := []string{"train.iterations=3", "eval.samples=10", "train.log_every=1"}
	for k, v := range map[string]string{"m": "8", "m_w": "8", "hidden": "[8]", "s": "2"} {
		if _, ok := doc.Model[k]; ok {
			sets = append(sets, "model."+k+"="+v)
		}
	}
	if _, ok := doc.Train["select_every"]; ok {
		sets = append(sets, "train.select_every=1")
	}
	var args []string
	for _, s := range sets {
		args = append(args, "--set", s)
	}
	return args
}

// TestCSVTemplatesTrain: every config under configs/csv (one per model at
// least) trains with --set data.path=... (shortened by csvTemplateShort)
// and mgp eval re-scores the run, and a template's own relative data.path
// is found next to it.
func TestCSVTemplatesTrain(t *testing.T) {
	dir := t.TempDir()
	example := filepath.Join(repoRoot, "configs", "csv", "hetero-example.csv")
	cfgs, err := filepath.Glob(filepath.Join(repoRoot, "configs", "csv", "*.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	covered := map[string]bool{}
	for _, cfg := range cfgs {
		name := strings.TrimSuffix(filepath.Base(cfg), ".yaml")
		covered[name] = true
		out := filepath.Join(dir, name)
		args := append([]string{"train", "-q", "-c", cfg, "--set", "data.path=" + example, "--out", out}, csvTemplateShort(t, cfg)...)
		if _, _, err := run(t, args...); err != nil {
			t.Errorf("%s: %v", cfg, err)
			continue
		}
		if got, _, err := run(t, "eval", "--run", out, "--samples", "10"); err != nil || !strings.Contains(got, "test NLL") {
			t.Errorf("mgp eval --run (trained with %s): %v\n%s", cfg, err, got)
		}
	}
	for _, m := range models.Names() {
		if !covered[m] {
			t.Errorf("configs/csv has no %s.yaml", m)
		}
	}
	short := csvTemplateShort(t, filepath.Join(repoRoot, "configs", "csv", "sgp.yaml"))
	// The template's path (my.csv) relative to its own directory.
	tmpl, err := os.ReadFile(filepath.Join(repoRoot, "configs", "csv", "sgp.yaml"))
	if err != nil {
		t.Fatal(err)
	}
	sub := filepath.Join(dir, "mine")
	if err := os.MkdirAll(sub, 0o755); err != nil {
		t.Fatal(err)
	}
	cfg := writeFile(t, sub, "sgp.yaml", string(tmpl))
	writeFile(t, sub, "my.csv", csvRows(80, 0))
	if _, _, err := run(t, append([]string{"train", "-q", "-c", cfg, "--out", filepath.Join(dir, "mine-run")}, short...)...); err != nil {
		t.Errorf("template with my.csv beside it: %v", err)
	}
}
