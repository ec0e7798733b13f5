package main

import (
	"encoding/json"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/mgpteam/mgp/pkg/train"
)

// synthCSV writes n rows x, id, y with y = sin(2x) + sd(x)·ε, x uniform on
// [-2, 2]; hetero makes sd 0.05 for x < 0 and 1 for x >= 0, otherwise 0.3
// everywhere. The id column is text: --inputs x must leave it out.
func synthCSV(t *testing.T, dir string, n int, hetero bool, seed uint64) string {
	t.Helper()
	r := rand.New(rand.NewPCG(seed, 1))
	var b strings.Builder
	b.WriteString("x,id,y\n")
	for i := range n {
		x := -2 + 4*r.Float64()
		sd := 0.3
		if hetero {
			sd = 0.05
			if x >= 0 {
				sd = 1
			}
		}
		fmt.Fprintf(&b, "%.6f,row%d,%.6f\n", x, i, math.Sin(2*x)+sd*r.NormFloat64())
	}
	return writeFile(t, dir, "synth.csv", b.String())
}

// compareReport is the part of report.json the tests read.
type compareReport struct {
	Rows   int `json:"rows"`
	Models []struct {
		Model  string `json:"model"`
		Splits []struct {
			NLL   *float64 `json:"nll"`
			CRPS  *float64 `json:"crps"`
			RMSE  *float64 `json:"rmse"`
			Cov50 *float64 `json:"coverage_50"`
			Cov90 *float64 `json:"coverage_90"`
			Cov95 *float64 `json:"coverage_95"`
			PITKS *float64 `json:"pit_ks"`
		} `json:"splits"`
		NLL   struct{ Mean *float64 } `json:"nll"`
		Cov90 struct{ Mean *float64 } `json:"coverage_90"`
	} `json:"models"`
	Decision struct {
		Best, Chosen, Reason string
		Ranking              []struct {
			Model    string
			BestWins int `json:"best_wins"`
		}
	} `json:"decision"`
	Best    string            `json:"best"`
	Figures map[string]string `json:"figures"`
}

func readCompareReport(t *testing.T, dir string) compareReport {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(dir, "report.json"))
	if err != nil {
		t.Fatal(err)
	}
	var r compareReport
	if err := json.Unmarshal(b, &r); err != nil {
		t.Fatal(err)
	}
	return r
}

// TestCompareHeteroscedastic runs mgp compare end to end on a small
// heteroscedastic CSV (3 splits, SGP and SHGP, 400 iterations, 2 jobs): SHGP is
// chosen, report.json has every metric per split and report.md the table
// and the figures; DIR/best predicts as it is; a second run retrains
// nothing.
func TestCompareHeteroscedastic(t *testing.T) {
	dir := t.TempDir()
	csv := synthCSV(t, dir, 300, true, 1)
	out := filepath.Join(dir, "cmp")
	args := []string{"compare", "--data", csv, "--target", "y", "--inputs", "x", "--models", "sgp,shgp",
		"--splits", "3", "--iterations", "400", "--jobs", "2", "--out", out}
	stdout, stderr, err := run(t, args...)
	if err != nil {
		t.Fatalf("%v\n%s\n%s", err, stdout, stderr)
	}
	r := readCompareReport(t, out)
	if r.Decision.Chosen != "shgp" || r.Decision.Best != "shgp" {
		t.Errorf("chose %s (best %s): %s; want shgp on heteroscedastic data", r.Decision.Chosen, r.Decision.Best, r.Decision.Reason)
	}
	if r.Rows != 300 || len(r.Models) != 2 {
		t.Fatalf("report: %d rows, %d models", r.Rows, len(r.Models))
	}
	for _, m := range r.Models {
		if len(m.Splits) != 3 || m.NLL.Mean == nil || m.Cov90.Mean == nil {
			t.Fatalf("%s: %d splits, aggregates %+v", m.Model, len(m.Splits), m)
		}
		for k, s := range m.Splits {
			for name, v := range map[string]*float64{"nll": s.NLL, "crps": s.CRPS, "rmse": s.RMSE, "coverage_50": s.Cov50,
				"coverage_90": s.Cov90, "coverage_95": s.Cov95, "pit_ks": s.PITKS} {
				if v == nil {
					t.Errorf("%s split %d: no %s", m.Model, k, name)
				}
			}
		}
	}
	md, err := os.ReadFile(filepath.Join(out, "report.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"## Recommendation: SHGP", "| model | test NLL | Δ NLL vs best", "90 % cov.", "PIT KS",
		"![calibration curve](calibration.png)", "![predictive bands](bands.png)", "![PIT histogram sgp](pit_sgp.png)"} {
		if !strings.Contains(string(md), want) {
			t.Errorf("report.md lacks %q", want)
		}
	}
	for _, f := range r.Figures {
		if st, err := os.Stat(filepath.Join(out, f)); err != nil || st.Size() == 0 {
			t.Errorf("figure %s: %v", f, err)
		}
	}
	// DIR/best is a run mgp predict uses as it is, from another directory.
	in := writeFile(t, dir, "new.csv", "x\n-1\n1.5\n")
	if _, _, err := run(t, "predict", "--run", filepath.Join(out, "best"), "--input", in, "--out", filepath.Join(dir, "p.csv")); err != nil {
		t.Fatalf("predict --run DIR/best: %v", err)
	}
	// Resuming: nothing is trained again.
	res := filepath.Join(out, r.Best, "result.json")
	before, _ := os.Stat(res)
	stdout, stderr, err = run(t, args...)
	if err != nil {
		t.Fatal(err)
	}
	after, _ := os.Stat(res)
	if !strings.Contains(stderr, "6 runs finished before") || !after.ModTime().Equal(before.ModTime()) {
		t.Errorf("the second run retrained or did not say so:\n%s", stderr)
	}
	// Other settings in the same directory are refused, naming --out.
	_, _, err = run(t, append(args[:len(args)-4:len(args)-4], "--iterations", "500", "--out", out)...)
	if err == nil || exitCode(err) != 2 || !strings.Contains(err.Error(), "--out") {
		t.Errorf("other --iterations into the same --out: err %v, want exit 2 naming --out", err)
	}
}

// TestCompareHomoscedasticKeepsSGP: on homoscedastic data SHGP's
// flexibility buys nothing beyond the noise, so the simpler SGP is chosen.
func TestCompareHomoscedasticKeepsSGP(t *testing.T) {
	dir := t.TempDir()
	csv := synthCSV(t, dir, 300, false, 2)
	out := filepath.Join(dir, "cmp")
	stdout, stderr, err := run(t, "compare", "--data", csv, "--target", "y", "--inputs", "x", "--models", "shgp,sgp",
		"--splits", "2", "--iterations", "200", "--out", out, "--quiet")
	if err != nil {
		t.Fatalf("%v\n%s\n%s", err, stdout, stderr)
	}
	r := readCompareReport(t, out)
	if r.Decision.Chosen != "sgp" {
		t.Errorf("chose %s (best %s): %s; want the simpler sgp on homoscedastic data", r.Decision.Chosen, r.Decision.Best, r.Decision.Reason)
	}
}

// TestCompareRefusesBadInput: an unknown target or input column, fewer
// than two splits, a non-integer split count and an unknown model exit 2
// naming the flag.
func TestCompareRefusesBadInput(t *testing.T) {
	dir := t.TempDir()
	csv := synthCSV(t, dir, 50, false, 3)
	out := filepath.Join(dir, "cmp")
	for _, c := range []struct {
		args []string
		flag string
	}{
		{[]string{"--target", "z"}, "--target"},
		{[]string{"--target", "y", "--inputs", "x,w"}, "--inputs"},
		{[]string{"--target", "y", "--splits", "1"}, "--splits"},
		{[]string{"--target", "y", "--splits", "2.5"}, "--splits"},
		{[]string{"--target", "y", "--models", "sgp,nope"}, "--models"},
		{[]string{"--target", "y", "--inputs", "x", "--iterations", "0"}, "--iterations"},
	} {
		args := append([]string{"compare", "--data", csv, "--out", out}, c.args...)
		_, _, err := run(t, args...)
		if err == nil || exitCode(err) != 2 || !strings.Contains(err.Error(), c.flag) {
			t.Errorf("%v: err %v, want exit 2 naming %s", c.args, err, c.flag)
		}
	}
	// The id column is text: without --inputs it is refused as an input.
	_, _, err := run(t, "compare", "--data", csv, "--target", "y", "--out", out)
	if err == nil || exitCode(err) != 2 || !strings.Contains(err.Error(), "id") {
		t.Errorf("a text column as input: err %v, want exit 2 naming it", err)
	}
}

// TestCompareAnyModel: --models takes every registered model (the ten),
// each trains a few iterations on 2 splits and is in the report.
func TestCompareAnyModel(t *testing.T) {
	if testing.Short() {
		t.Skip("trains every model twice")
	}
	dir := t.TempDir()
	csv := synthCSV(t, dir, 60, true, 4)
	out := filepath.Join(dir, "cmp")
	all := "sgp,shgp,smgp,slgp,svhgp,dagp,gpcde,hnn,mdn,cvae"
	stdout, stderr, err := run(t, "compare", "--data", csv, "--target", "y", "--inputs", "x", "--models", all,
		"--splits", "2", "--iterations", "4", "--out", out, "--quiet")
	if err != nil {
		t.Fatalf("%v\n%s\n%s", err, stdout, stderr)
	}
	r := readCompareReport(t, out)
	var got []string
	for _, m := range r.Models {
		got = append(got, m.Model)
	}
	slices.Sort(got)
	want := strings.Split(all, ",")
	slices.Sort(want)
	if !slices.Equal(got, want) {
		t.Errorf("report models %v, want %s", got, all)
	}
}

// TestCompareRefit: --refit retrains the chosen model on every row (the
// run's training set has all 120 rows; its result.json has no metrics and
// says why), for the median of the iterations its splits selected, and
// DIR/best is that run: mgp predict uses it as it is, mgp eval refuses it
// (no test set), and the same command again keeps it.
func TestCompareRefit(t *testing.T) {
	dir := t.TempDir()
	csv := synthCSV(t, dir, 120, true, 5)
	out := filepath.Join(dir, "cmp")
	args := []string{"compare", "--data", csv, "--target", "y", "--inputs", "x", "--models", "hnn",
		"--splits", "3", "--iterations", "60", "--out", out, "--quiet", "--refit"}
	stdout, stderr, err := run(t, args...)
	if err != nil {
		t.Fatalf("%v\n%s\n%s", err, stdout, stderr)
	}
	var rep struct {
		Best  string `json:"best"`
		Refit *struct {
			Dir        string `json:"dir"`
			Rows       int    `json:"rows"`
			Iterations int    `json:"iterations"`
			NoTest     string `json:"no_test"`
		} `json:"refit"`
		Models []struct {
			Splits []struct {
				SelectedIter int `json:"selected_iter"`
			} `json:"splits"`
		} `json:"models"`
	}
	b, err := os.ReadFile(filepath.Join(out, "report.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(b, &rep); err != nil {
		t.Fatal(err)
	}
	if rep.Refit == nil || rep.Best != filepath.Join("refit", "hnn") || rep.Refit.Dir != rep.Best || rep.Refit.Rows != 120 || rep.Refit.NoTest == "" {
		t.Fatalf("report.json: best %q, refit %+v", rep.Best, rep.Refit)
	}
	var sel []int
	for _, s := range rep.Models[0].Splits {
		sel = append(sel, s.SelectedIter)
	}
	slices.Sort(sel)
	if rep.Refit.Iterations != max(1, sel[1]) {
		t.Errorf("refit iterations %d, want the median of the selected %v", rep.Refit.Iterations, sel)
	}
	best := filepath.Join(out, "best")
	if target, err := os.Readlink(best); err != nil || target != rep.Best {
		t.Fatalf("DIR/best -> %q (%v), want %s", target, err, rep.Best)
	}
	_, exp, _, err := train.LoadRun(best, "")
	if err != nil {
		t.Fatal(err)
	}
	if n, _ := exp.XTrain.Dims(); n != 120 || !exp.XTest.IsEmpty() {
		t.Errorf("the refit trained on %d rows (test set empty: %v), want all 120", n, exp.XTest.IsEmpty())
	}
	res, err := os.ReadFile(filepath.Join(best, "result.json"))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(res), `"metrics"`) || !strings.Contains(string(res), `"no_test"`) {
		t.Errorf("the refit's result.json has metrics or no no_test:\n%s", res)
	}
	md, _ := os.ReadFile(filepath.Join(out, "report.md"))
	if !strings.Contains(string(md), "retrained on all 120 rows") || !strings.Contains(string(md), "It has no test metrics") {
		t.Errorf("report.md does not describe the refit:\n%s", md)
	}
	in := writeFile(t, dir, "new.csv", "x\n-1\n1.5\n")
	pred := filepath.Join(dir, "p.csv")
	if _, _, err := run(t, "predict", "--run", best, "--input", in, "--out", pred); err != nil {
		t.Fatalf("predict --run DIR/best (the refit): %v", err)
	}
	if p, _ := os.ReadFile(pred); strings.Count(string(p), "\n") != 3 {
		t.Errorf("predictions:\n%s", p)
	}
	if _, _, err := run(t, "eval", "--run", best); err == nil || exitCode(err) != 2 || !strings.Contains(err.Error(), "no test set") {
		t.Errorf("eval --run on the refit: %v, want exit 2 saying it has no test set", err)
	}
	// Again: the refit is kept.
	st, _ := os.Stat(filepath.Join(best, "result.json"))
	if _, _, err := run(t, args...); err != nil {
		t.Fatal(err)
	}
	st2, _ := os.Stat(filepath.Join(best, "result.json"))
	if !st.ModTime().Equal(st2.ModTime()) {
		t.Error("the second compare --refit trained the refit again")
	}
}

// TestCompareTwoInputsSurface: on two-input data report.md references the
// chosen model's predictive mean and sd heat maps (surface.png), which is
// a PNG; there are no one-input bands.
func TestCompareTwoInputsSurface(t *testing.T) {
	dir := t.TempDir()
	r := rand.New(rand.NewPCG(6, 1))
	var b strings.Builder
	b.WriteString("a,b,y\n")
	for range 60 {
		a, c := 4*r.Float64()-2, 5*r.Float64()
		fmt.Fprintf(&b, "%.5f,%.5f,%.5f\n", a, c, math.Sin(2*a)+(0.05+0.3*c)*r.NormFloat64())
	}
	csv := writeFile(t, dir, "two.csv", b.String())
	out := filepath.Join(dir, "cmp")
	if stdout, stderr, err := run(t, "compare", "--data", csv, "--target", "y", "--models", "sgp", "--splits", "2",
		"--iterations", "20", "--out", out, "--quiet"); err != nil {
		t.Fatalf("%v\n%s\n%s", err, stdout, stderr)
	}
	md, err := os.ReadFile(filepath.Join(out, "report.md"))
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(md), "![predictive surface](surface.png)") || strings.Contains(string(md), "bands.png") {
		t.Errorf("report.md does not reference surface.png alone:\n%s", md)
	}
	png, err := os.ReadFile(filepath.Join(out, "surface.png"))
	if err != nil || len(png) < 1000 || string(png[1:4]) != "PNG" {
		t.Errorf("surface.png: %d bytes, %v", len(png), err)
	}
}

// TestCompareRefusesAConstantTarget: a target that takes one value is
// refused before any run, with exit 2, naming --target, and the --out
// directory the command would have made is not left behind.
func TestCompareRefusesAConstantTarget(t *testing.T) {
	dir := t.TempDir()
	var b strings.Builder
	b.WriteString("x,y\n")
	for i := range 30 {
		fmt.Fprintf(&b, "%d,2\n", i)
	}
	out := filepath.Join(dir, "out")
	_, _, err := run(t, "compare", "--data", writeFile(t, dir, "c.csv", b.String()), "--target", "y", "--out", out)
	if exitCode(err) != 2 || !strings.Contains(err.Error(), "--target") || !strings.Contains(err.Error(), "nothing to predict") {
		t.Fatalf("exit %d: %v", exitCode(err), err)
	}
	if _, err := os.Stat(out); !os.IsNotExist(err) {
		t.Errorf("the refused compare left %s behind (%v)", out, err)
	}
}
