package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mgpteam/mgp/pkg/results"
	"github.com/mgpteam/mgp/pkg/rundir"
	"github.com/mgpteam/mgp/pkg/runlock"
	"github.com/mgpteam/mgp/pkg/sweep"
)

// toySweep writes run configs and a sweep over two toys, SGP and a model
// this build lacks, two seeds and two variants of SGP.
func toySweep(t *testing.T, dir string) string {
	t.Helper()
	for _, toy := range []string{"step", "hetero"} {
		writeFile(t, dir, toy+"-sgp.yaml", strings.Replace(toyYAML, "name: step", "name: "+toy, 1))
	}
	return writeFile(t, dir, "sweep.yaml", `name: toy
out: `+filepath.Join(dir, "out")+`
datasets: [step, hetero]
models: [sgp, nosuchmodel]
seeds: [0, 1]
config: `+dir+`/{dataset}-{model}.yaml
set: {train.iterations: 25}
variants:
  - name: paper
  - name: lr=0.02
    set: {train.lr: 0.02}
`)
}

// TestSweepRunsSkipsAndTables runs a small sweep end to end: every run
// gets its directory and result (recording its variant and seeds), the
// unregistered model is left out with a word, a second invocation runs
// nothing, and mgp table reads the tree keeping the variants apart.
func TestSweepRunsSkipsAndTables(t *testing.T) {
	dir := t.TempDir()
	spec := toySweep(t, dir)
	out, errOut, err := run(t, "sweep", "-c", spec, "--jobs", "2")
	if err != nil {
		t.Fatalf("%v\n%s\n%s", err, out, errOut)
	}
	if !strings.Contains(out, "nosuchmodel (8 runs)") || !strings.Contains(out, "8 completed now") {
		t.Fatalf("output:\n%s", out)
	}
	res, err := results.ReadResult(filepath.Join(dir, "out", "hetero", "sgp", "lr=0.02", "s1", rundir.ResultFile))
	if err != nil {
		t.Fatal(err)
	}
	if res.Variant != "lr=0.02" || res.SplitSeed != 1 || res.ModelSeed != 1 || res.Iterations != 25 || res.Dataset != "hetero" {
		t.Fatalf("result %+v", res)
	}
	if lr := res.Config["train"].(map[string]any)["lr"]; lr != 0.02 {
		t.Fatalf("variant override not applied: lr %v", lr)
	}
	out, _, err = run(t, "sweep", "-c", spec, "--jobs", "2")
	if err != nil || !strings.Contains(out, "8 done before, 0 completed now") {
		t.Fatalf("second invocation: %v\n%s", err, out)
	}
	out, _, err = run(t, "sweep", "-c", spec, "--dry-run")
	if err != nil || !strings.Contains(out, "step/sgp/paper/s0") || !strings.Contains(out, "8 runs: 8 done") {
		t.Fatalf("dry run: %v\n%s", err, out)
	}
	tbl, _, err := run(t, "table", filepath.Join(dir, "out"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(tbl, "lr=0.02") {
		t.Fatalf("table does not keep the variants apart:\n%s", tbl)
	}
}

// TestSweepDryRunEstimates checks that --dry-run lists every run of a
// shard with a cost estimate from measured step times and writes nothing,
// and gives no estimate when nothing is measured.
func TestSweepDryRunEstimates(t *testing.T) {
	dir := t.TempDir()
	spec := toySweep(t, dir)
	out, _, err := run(t, "sweep", "-c", spec, "--dry-run", "--measure", "--shard", "1/2", "--costs", dir, "--jobs", "1")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "shard 1/2 (--shard) has 4") || !strings.Contains(out, "4 runs: 0 done, 0 partial, 4 todo") ||
		!strings.Contains(out, "timed here") || !strings.Contains(out, "with --jobs 1 about") {
		t.Fatalf("dry run:\n%s", out)
	}
	if _, err := os.Stat(filepath.Join(dir, "out")); err == nil {
		t.Fatal("--dry-run created the results tree")
	}
	// Nothing measured: no estimate, rather than "0s" of work left.
	out, _, err = run(t, "sweep", "-c", spec, "--dry-run", "--costs", t.TempDir())
	if err != nil || !strings.Contains(out, "no estimate of the work left: none of its 8 runs has a measured cost") ||
		strings.Contains(out, "estimated work left") || !strings.Contains(out, "+ 8 sgp runs of unknown cost") {
		t.Fatalf("dry run without costs (err %v):\n%s", err, out)
	}
	// --measure-all --save-costs keeps the timings; --costs FILE.json uses them.
	costs := filepath.Join(dir, "costs.json")
	if _, _, err := run(t, "sweep", "-c", spec, "--dry-run", "--measure-all", "--costs", dir, "--save-costs", costs); err != nil {
		t.Fatal(err)
	}
	out, _, err = run(t, "sweep", "-c", spec, "--dry-run", "--costs", costs)
	if err != nil || !strings.Contains(out, costs) || strings.Contains(out, "timed here") || strings.Contains(out, "no measured time") {
		t.Fatalf("dry run from a cost file (err %v):\n%s", err, out)
	}
	if strings.Contains(out, "borrowed from other data sets") {
		t.Fatalf("exact costs flagged as borrowed:\n%s", out)
	}
	// Costs measured on another data set only are borrowed, and said to be.
	raw, err := os.ReadFile(costs)
	if err != nil {
		t.Fatal(err)
	}
	other := filepath.Join(dir, "other.json")
	if err := os.WriteFile(other, []byte(strings.ReplaceAll(string(raw), `"dataset": "`, `"dataset": "elsewhere-`)), 0o644); err != nil {
		t.Fatal(err)
	}
	out, _, err = run(t, "sweep", "-c", spec, "--dry-run", "--costs", other)
	if err != nil || !strings.Contains(out, "≈") || !strings.Contains(out, "borrowed from other data sets and ignore") {
		t.Fatalf("dry run from another data set's costs (err %v):\n%s", err, out)
	}
	if _, _, err := run(t, "sweep", "-c", spec, "--save-costs", costs); exitCode(err) != 2 {
		t.Fatalf("--save-costs without --dry-run: err = %v", err)
	}
	// A run another process holds shows its last checkpoint and what it has
	// left, totalled apart from this process's work.
	held := filepath.Join(dir, "out", "step", "sgp", "paper", "s0")
	copyDir(t, interruptedRun(t, toyYAML, 12), held)
	l, err := runlock.Acquire(held, time.Minute)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Release()
	out, _, err = run(t, "sweep", "-c", spec, "--dry-run", "--costs", costs)
	if err != nil || !strings.Contains(out, "checkpointed at iteration 12") || !strings.Contains(out, ", own rate, elsewhere)") ||
		!strings.Contains(out, "8 runs: 0 done, 0 partial, 7 todo, 0 failed, 1 running elsewhere") ||
		!strings.Contains(out, "+ 1 runs running elsewhere, about ") {
		t.Fatalf("dry run beside a held run (err %v):\n%s", err, out)
	}
}

// copyDir copies the files of directory src into dst (created).
func copyDir(t *testing.T, src, dst string) {
	t.Helper()
	ents, err := os.ReadDir(src)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(dst, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, e := range ents {
		b, err := os.ReadFile(filepath.Join(src, e.Name()))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dst, e.Name()), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// TestSweepBadInput checks the errors (exit 2, nothing run) for a missing
// run config, a bad shard and a bad sweep file.
func TestSweepBadInput(t *testing.T) {
	dir := t.TempDir()
	spec := toySweep(t, dir)
	if err := os.Remove(filepath.Join(dir, "hetero-sgp.yaml")); err != nil {
		t.Fatal(err)
	}
	bad := writeFile(t, dir, "bad.yaml", "out: o\ndatasets: [a]\nmodels: [sgp]\nseeds: [0.5]\nconfig: c\n")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"sweep", "-c", spec}, "hetero-sgp.yaml does not exist"},
		{[]string{"sweep", "-c", spec, "--shard", "2/2"}, "--shard \"2/2\""},
		{[]string{"sweep", "-c", spec, "--shard", "x"}, "write i/n"},
		{[]string{"sweep", "-c", spec, "--jobs", "0"}, "--jobs 0"},
		{[]string{"sweep", "-c", spec, "--variants", "nope"}, "--variants: \"nope\" is not in the sweep"},
		{[]string{"sweep", "-c", bad}, "bad.yaml: line 4"},
		{[]string{"sweep", "-c", filepath.Join(dir, "none.yaml")}, "none.yaml"},
	} {
		_, _, err := run(t, tc.args...)
		if err == nil || exitCode(err) != 2 || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%v: err = %v (exit %d), want exit 2 mentioning %q", tc.args, err, exitCode(err), tc.want)
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "out")); err == nil {
		t.Fatal("a refused sweep created its results tree")
	}
}

// TestShardIndexFromEnvironment checks --shard, Slurm's array variables and
// Kubernetes' completion index, and their errors (sweep.PartFromFlags, as
// mgp sweep reads them).
func TestShardIndexFromEnvironment(t *testing.T) {
	shardIndex := func(flag string, shards int) (int, int, string, error) {
		p, err := sweep.PartFromFlags(flag, shards, os.Getenv)
		return p.Index, p.Count, p.From, err
	}
	for _, k := range []string{"SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_COUNT", "SLURM_ARRAY_TASK_MIN", "JOB_COMPLETION_INDEX"} {
		t.Setenv(k, "")
	}
	if i, n, _, err := shardIndex("", 0); err != nil || i != 0 || n != 1 {
		t.Fatalf("no shard: %d/%d %v", i, n, err)
	}
	t.Setenv("JOB_COMPLETION_INDEX", "3")
	if i, n, from, err := shardIndex("", 5); err != nil || i != 3 || n != 5 || !strings.Contains(from, "Kubernetes") {
		t.Fatalf("kubernetes: %d/%d %v", i, n, err)
	}
	if _, _, _, err := shardIndex("", 3); err == nil {
		t.Fatal("completion index 3 of 3 shards accepted")
	}
	t.Setenv("SLURM_ARRAY_TASK_ID", "5")
	t.Setenv("SLURM_ARRAY_TASK_COUNT", "4")
	t.Setenv("SLURM_ARRAY_TASK_MIN", "2")
	if i, n, from, err := shardIndex("", 0); err != nil || i != 3 || n != 4 || !strings.Contains(from, "Slurm") {
		t.Fatalf("slurm: %d/%d %v", i, n, err)
	}
	if i, n, _, err := shardIndex("1/2", 0); err != nil || i != 1 || n != 2 {
		t.Fatalf("--shard wins over the environment: %d/%d %v", i, n, err)
	}
	t.Setenv("SLURM_ARRAY_TASK_ID", "9")
	if _, _, _, err := shardIndex("", 0); err == nil {
		t.Fatal("Slurm task outside the array accepted")
	}
}
