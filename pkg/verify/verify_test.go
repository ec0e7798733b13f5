package verify

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/mgpteam/mgp/pkg/inputerr"
	"github.com/mgpteam/mgp/pkg/results"
	"github.com/mgpteam/mgp/pkg/rundir"
	"github.com/mgpteam/mgp/pkg/sweep"
	"github.com/mgpteam/mgp/pkg/train"
)

// toyConfig is a small SGP run on a generated toy (no data files): 40
// iterations, the trace every 10 with a traced test NLL every 20.
const toyConfig = `model: {name: sgp, m: 8}
data: {name: step}
train: {iterations: 40, batch_size: 0, trace_every: 10, eval_every: 20}
eval: {samples: 30}
`

// committedRun trains cfg (YAML) into tree/<dataset>/<model>/<variant>/s<seed>
// as a sweep does, and returns the run directory.
func committedRun(t *testing.T, tree, cfgYAML, variant string, seed uint64, dataDir string) string {
	t.Helper()
	cfg, _, err := sweep.ParseRunConfig("c.yaml", []byte(cfgYAML), nil)
	if err != nil {
		t.Fatal(err)
	}
	cfg.Data.SplitSeed, cfg.Train.Seed = seed, seed
	dir := rundir.Path(tree, cfg.Data.Name, cfg.ModelName(), variant, seed)
	if cfg.Data.Name == "" {
		dir = rundir.Path(tree, "own", cfg.ModelName(), variant, seed)
	}
	if _, err := train.Run(context.Background(), cfg, train.Options{DataDir: dataDir, OutDir: dir, Log: io.Discard, Quiet: true,
		Version: "old1234", Variant: variant, Command: "test"}); err != nil {
		t.Fatal(err)
	}
	return dir
}

// verifyOpts are the options of a verification of paths into out.
func verifyOpts(out string, paths ...string) Options {
	return Options{Paths: paths, Out: out, Jobs: 1, Tolerance: DefaultTolerance, Costs: []string{filepath.Join(out, "none")}, Version: "new5678"}
}

// only returns the one outcome of rep, failing unless there is one.
func only(t *testing.T, rep *Report) Outcome {
	t.Helper()
	if rep == nil || len(rep.Runs) != 1 {
		t.Fatalf("report %+v: want one run", rep)
	}
	return rep.Runs[0]
}

// editResult rewrites dir's result.json through edit.
func editResult(t *testing.T, dir string, edit func(r *results.Result)) {
	t.Helper()
	p := filepath.Join(dir, rundir.ResultFile)
	r, err := results.ReadResult(p)
	if err != nil {
		t.Fatal(err)
	}
	edit(r)
	if err := results.WriteJSONAtomic(p, r); err != nil {
		t.Fatal(err)
	}
}

// TestVerifyIdenticalThenResumes: a committed run re-trained by the same
// code is identical, bit for bit, and the reports say so; a second
// verification keeps the finished re-run (it does not train again).
func TestVerifyIdenticalThenResumes(t *testing.T) {
	tmp := t.TempDir()
	run := committedRun(t, filepath.Join(tmp, "committed"), toyConfig, "paper", 1, "")
	before, _ := os.ReadFile(filepath.Join(run, rundir.ResultFile))
	out := filepath.Join(tmp, "out")
	var w strings.Builder
	rep, err := Run(context.Background(), &w, verifyOpts(out, filepath.Join(tmp, "committed")))
	if err != nil {
		t.Fatal(err)
	}
	o := only(t, rep)
	if o.Status != Identical || o.Diff == nil || o.Diff.Compared < 5 || o.FirstTraceDiff == nil || *o.FirstTraceDiff != -1 {
		t.Fatalf("outcome %+v, diff %+v", o, o.Diff)
	}
	if o.Old.Version != "old1234" || o.New.Version != "new5678" {
		t.Fatalf("binaries %+v %+v", o.Old, o.New)
	}
	md, err := os.ReadFile(filepath.Join(out, MarkdownFile))
	if err != nil || !strings.Contains(string(md), "| identical | 1 |") || !strings.Contains(string(md), "old1234") {
		t.Fatalf("verify.md: %v\n%s", err, md)
	}
	var js Report
	if b, err := os.ReadFile(filepath.Join(out, JSONFile)); err != nil || json.Unmarshal(b, &js) != nil || js.Totals[Identical] != 1 {
		t.Fatalf("verify.json: %v %+v", err, js.Totals)
	}
	if after, _ := os.ReadFile(filepath.Join(run, rundir.ResultFile)); string(after) != string(before) {
		t.Fatal("the committed result.json was modified")
	}
	// Resume: the finished re-run is kept (its result file untouched) and
	// judged again.
	res := filepath.Join(o.Scratch, rundir.ResultFile)
	st, _ := os.Stat(res)
	var plan strings.Builder
	dry := verifyOpts(out, run)
	dry.DryRun = true
	if _, err := Run(context.Background(), &plan, dry); err != nil || !strings.Contains(plan.String(), "1 done before") {
		t.Fatalf("dry run after the re-run: %v\n%s", err, plan.String())
	}
	rep, err = Run(context.Background(), io.Discard, verifyOpts(out, run))
	if err != nil || only(t, rep).Status != Identical {
		t.Fatalf("second verification: %v %+v", err, rep)
	}
	if st2, _ := os.Stat(res); !st2.ModTime().Equal(st.ModTime()) {
		t.Fatal("the finished re-run was trained again")
	}
}

// TestVerifyEditedMetricIsDifferent: a committed metric edited by 1e-3
// reports different with both values, one edited by 1e-9 within the
// tolerance with its largest difference.
func TestVerifyEditedMetricIsDifferent(t *testing.T) {
	tmp := t.TempDir()
	tree := filepath.Join(tmp, "committed")
	run := committedRun(t, tree, toyConfig, "paper", 0, "")
	var nll float64
	editResult(t, run, func(r *results.Result) { nll = r.Metrics.NLL; r.Metrics.NLL += 1e-3 })
	out := filepath.Join(tmp, "out")
	rep, err := Run(context.Background(), io.Discard, verifyOpts(out, filepath.Join(run, rundir.ResultFile)))
	if err != nil {
		t.Fatal(err)
	}
	o := only(t, rep)
	if o.Status != Different || o.Diff.MaxKey != "nll" {
		t.Fatalf("outcome %+v diff %+v", o, o.Diff)
	}
	md, _ := os.ReadFile(filepath.Join(out, MarkdownFile))
	for _, want := range []string{fmt.Sprint(nll + 1e-3), fmt.Sprint(nll), "| different | 1 |"} {
		if !strings.Contains(string(md), want) {
			t.Errorf("verify.md lacks %q:\n%s", want, md)
		}
	}
	editResult(t, run, func(r *results.Result) { r.Metrics.NLL = nll + 1e-9 })
	rep, err = Run(context.Background(), io.Discard, verifyOpts(out, run))
	if o := only(t, rep); err != nil || o.Status != WithinTolerance || o.Diff.MaxKey != "nll" || o.Diff.MaxAbs <= 0 {
		t.Fatalf("1e-9 off: %v %+v", err, o)
	}
}

// TestVerifyMissingDataFile: a run whose CSV is gone is not re-runnable,
// naming the file; so is one whose config holds a key this binary does not
// know, naming the key.
func TestVerifyMissingDataFile(t *testing.T) {
	tmp := t.TempDir()
	csv := filepath.Join(tmp, "own.csv")
	var b strings.Builder
	b.WriteString("x,y\n")
	for i := range 40 {
		fmt.Fprintf(&b, "%d,%g\n", i, float64(i%7)*0.5)
	}
	if err := os.WriteFile(csv, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg := fmt.Sprintf("model: {name: sgp, m: 5}\ndata: {kind: csv, path: %s}\ntrain: {iterations: 10, batch_size: 0}\neval: {samples: 20}\n", csv)
	tree := filepath.Join(tmp, "committed")
	run := committedRun(t, tree, cfg, "a", 0, "")
	if err := os.Remove(csv); err != nil {
		t.Fatal(err)
	}
	retired := committedRun(t, tree, toyConfig, "b", 0, "")
	editResult(t, retired, func(r *results.Result) { r.Config["train"].(map[string]any)["warp_speed"] = 3 })
	rep, err := Run(context.Background(), io.Discard, verifyOpts(filepath.Join(tmp, "out"), run, retired))
	if err != nil || len(rep.Runs) != 2 {
		t.Fatalf("%v %+v", err, rep)
	}
	for _, o := range rep.Runs {
		want := "data file missing: " + csv
		if o.Model == "sgp" && o.Variant == "b" {
			want = "train.warp_speed"
		}
		if o.Status != NotRerunnable || !strings.Contains(o.Reason, want) {
			t.Errorf("%s: %s (%s), want not re-runnable naming %q", o.Path, o.Status, o.Reason, want)
		}
	}
}

// TestVerifyRefusesOutInsideResults: --out inside the repository's
// results/ directory is refused as bad input before anything is written,
// and so is one among the committed runs.
func TestVerifyRefusesOutInsideResults(t *testing.T) {
	tmp := t.TempDir()
	run := committedRun(t, filepath.Join(tmp, "committed"), toyConfig, "paper", 0, "")
	inside := filepath.Join("..", "..", ResultsDir, "verify-test-scratch")
	for _, out := range []string{inside, filepath.Join(run, "scratch")} {
		_, err := Run(context.Background(), io.Discard, verifyOpts(out, run))
		var ie *inputerr.Error
		if !errors.As(err, &ie) || !strings.Contains(err.Error(), "--out") {
			t.Errorf("--out %s: err %v, want an input error naming --out", out, err)
		}
		if _, err := os.Stat(out); err == nil {
			t.Errorf("--out %s was created", out)
		}
	}
}

// TestVerifyTruncatedComparesTrace: --iterations 20 re-trains the first 20
// of 40 iterations and compares the trace up to 20 (identical), and an
// edit of the trace at iteration 20 is found while one at 30 is not
// looked at.
func TestVerifyTruncatedComparesTrace(t *testing.T) {
	tmp := t.TempDir()
	run := committedRun(t, filepath.Join(tmp, "committed"), toyConfig, "paper", 2, "")
	o := verifyOpts(filepath.Join(tmp, "out"), run)
	o.Iterations = 20
	rep, err := Run(context.Background(), io.Discard, o)
	if err != nil {
		t.Fatal(err)
	}
	got := only(t, rep)
	if got.Status != Identical || !got.Truncated || !strings.HasSuffix(got.Scratch, "-first20") {
		t.Fatalf("truncated: %+v %+v", got, got.Diff)
	}
	old, _ := results.ReadResult(filepath.Join(run, rundir.ResultFile))
	keys := TraceNumbers(old, 20)
	for _, k := range []string{"trace@1.elbo", "trace@10.elbo", "trace@20.elbo", "trace@20.test_nll"} {
		if _, ok := keys[k]; !ok {
			t.Errorf("the compared trace lacks %s: %v", k, keys)
		}
	}
	if _, ok := keys["trace@30.elbo"]; ok || got.Diff.Compared != len(keys) {
		t.Errorf("compared %d numbers (%v), want those up to iteration 20", got.Diff.Compared, keys)
	}
	if r, err := results.ReadResult(filepath.Join(got.Scratch, rundir.ResultFile)); err != nil || r.Iterations != 20 {
		t.Fatalf("the re-run: %v %+v", err, r)
	}
	editResult(t, run, func(r *results.Result) {
		for i := range r.Trace {
			switch r.Trace[i].Iter {
			case 20:
				*r.Trace[i].TestNLL += 0.5
			case 30:
				r.Trace[i].ELBO += 7
			}
		}
	})
	rep, err = Run(context.Background(), io.Discard, o)
	if got := only(t, rep); err != nil || got.Status != Different || got.Diff.MaxKey != "trace@20.test_nll" || len(got.Diff.Rows) != 1 {
		t.Fatalf("edited trace: %v %+v", err, got.Diff)
	}
}

// TestPerCellOldestFirst: --per-cell keeps each cell's oldest runs, the
// first choices of every cell before the second ones.
func TestPerCellOldestFirst(t *testing.T) {
	mk := func(cell, seed, date string) Committed {
		return Committed{Path: filepath.Join("t", cell, "s"+seed, rundir.ResultFile), Result: &results.Result{Date: date}}
	}
	runs := []Committed{
		mk("a", "0", "2026-11-25T00:00:00Z"), mk("a", "1", "2026-11-23T00:00:00Z"), mk("a", "2", "2026-11-24T00:00:00Z"),
		mk("b", "0", "2026-11-20T00:00:00Z"), mk("b", "1", ""),
	}
	var got []string
	for _, c := range perCell(runs, 2) {
		got = append(got, filepath.Base(filepath.Dir(filepath.Dir(c.Path)))+filepath.Base(c.Dir()))
	}
	if want := "as1 bs0 as2 bs1"; strings.Join(got, " ") != want {
		t.Fatalf("got %v, want %s", got, want)
	}
}

// TestBudgetLeavesOutAndDryRunRunsNothing: under a budget smaller than
// any run's estimate (the committed runs' own timings as the cost model)
// every run is left out and listed; the dry run writes nothing.
func TestBudgetLeavesOutAndDryRunRunsNothing(t *testing.T) {
	tmp := t.TempDir()
	tree := filepath.Join(tmp, "committed")
	committedRun(t, tree, toyConfig, "a", 0, "")
	committedRun(t, tree, toyConfig, "b", 0, "")
	out := filepath.Join(tmp, "out")
	o := verifyOpts(out, tree)
	o.Costs, o.Budget, o.DryRun = []string{tree}, 1, true
	var plan strings.Builder
	if _, err := Run(context.Background(), &plan, o); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(plan.String(), "2 left out by the budget") || strings.Count(plan.String(), "left out: beyond the budget") != 2 {
		t.Fatalf("plan:\n%s", plan.String())
	}
	if _, err := os.Stat(out); err == nil {
		t.Fatal("the dry run wrote --out")
	}
	o.DryRun = false
	rep, err := Run(context.Background(), io.Discard, o)
	if err != nil || rep.Totals[LeftOut] != 2 {
		t.Fatalf("%v %+v", err, rep)
	}
}

// TestSameRunIDInTwoTrees: runs of two trees that share a sweep run ID
// (dataset/model/variant/seed) but not their configs are each re-trained
// with their own config, so both are identical.
func TestSameRunIDInTwoTrees(t *testing.T) {
	tmp := t.TempDir()
	a := committedRun(t, filepath.Join(tmp, "one"), toyConfig, "paper", 0, "")
	b := committedRun(t, filepath.Join(tmp, "two"), strings.Replace(toyConfig, "m: 8", "m: 5", 1), "paper", 0, "")
	rep, err := Run(context.Background(), io.Discard, verifyOpts(filepath.Join(tmp, "out"), a, b))
	if err != nil || rep.Totals[Identical] != 2 {
		for _, o := range rep.Runs {
			t.Logf("%s: %s %s", o.Path, o.Status, detail(o))
		}
		t.Fatalf("%v %+v", err, rep.Totals)
	}
}
