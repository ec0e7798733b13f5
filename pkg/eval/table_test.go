package eval

import (
	"encoding/csv"
	"errors"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// run builds a minimal Result.
func run(model, dataset string, split uint64, nll, rmse float64) *Result {
	return &Result{Model: model, Dataset: dataset, SplitSeed: split, Metrics: Metrics{NLL: nll, RMSE: rmse}}
}

// syntheticResults is a small set with a known summary.
func syntheticResults() []*Result {
	return []*Result{
		run("mine", "toy", 0, 1.0, 0.5),
		run("sgp", "boston", 2, 2.4, 3),
		run("SLGP", "energy", 0, 0.7, 1),
		run("sgp", "boston", 0, 2.2, 1),
		run("SLGP", "boston", 1, 2.3, 2),
		nil,
		run("sgp", "boston", 1, 2.3, 2),
		run("SLGP", "boston", 0, 2.1, 2),
	}
}

func TestSummarise(t *testing.T) {
	rows := Summarise(syntheticResults())
	var order []string
	for _, r := range rows {
		order = append(order, r.Model+"/"+r.Dataset)
	}
	if got := strings.Join(order, " "); got != "sgp/boston SLGP/boston SLGP/energy mine/toy" {
		t.Fatalf("row order %q", got)
	}
	sgp := rows[0]
	if sgp.N != 3 || math.Abs(sgp.Mean-2.3) > 1e-12 || math.Abs(sgp.Median-2.3) > 1e-12 {
		t.Fatalf("sgp row %+v", sgp)
	}
	if want := math.Sqrt(0.02 / 3); math.Abs(sgp.Std-want) > 1e-12 {
		t.Errorf("population std %v, want %v", sgp.Std, want)
	}
	if want := 0.1 / math.Sqrt(3); math.Abs(sgp.StdErr-want) > 1e-12 {
		t.Errorf("std error %v, want %v", sgp.StdErr, want)
	}
	if sgp.Values[0] != 2.2 || sgp.Values[1] != 2.3 || sgp.Values[2] != 2.4 || sgp.SplitSeeds[2] != 2 {
		t.Errorf("values %v seeds %v not ordered by seed", sgp.Values, sgp.SplitSeeds)
	}
	if want := math.Sqrt(2.0 / 3); math.Abs(sgp.RMSEMean-2) > 1e-12 || math.Abs(sgp.RMSEStd-want) > 1e-12 {
		t.Errorf("rmse %v ± %v", sgp.RMSEMean, sgp.RMSEStd)
	}
	if one := rows[2]; one.N != 1 || one.Std != 0 || !math.IsNaN(one.StdErr) || one.Median != 0.7 {
		t.Errorf("single-run row %+v", one)
	}
	if even := rows[1]; math.Abs(even.Median-2.2) > 1e-12 {
		t.Errorf("median of two = %v, want 2.2", even.Median)
	}
}

func TestMarkdownTable(t *testing.T) {
	rows := Summarise(syntheticResults())
	want := `| model | boston | energy | toy |
|---|---|---|---|
| sgp | 2.3000 ± 0.0816 (3) | – | – |
| SLGP | **2.2000 ± 0.1000 (2)** | **0.7000 ± 0.0000 (1)** | – |
| mine | – | – | **1.0000 ± 0.0000 (1)** |

Paper (Table 3, mean ± std) and Δ = ours − paper:

| model | boston | energy | toy |
|---|---|---|---|
| sgp | 2.3325 ± 0.0723 (Δ -0.0325) | – | – |
| SLGP | 2.2075 ± 0.0804 (Δ -0.0075) | 0.6821 ± 0.3064 (Δ +0.0179) | – |
| mine | – | – | – |
`
	if got := MarkdownTable(rows, PaperTable3()); got != want {
		t.Fatalf("MarkdownTable:\n%s\nwant:\n%s", got, want)
	}
	// Without paper values only the first table is written.
	if got := MarkdownTable(rows, nil); strings.Contains(got, "Paper") || strings.Count(got, "\n") != 5 {
		t.Fatalf("MarkdownTable without paper:\n%s", got)
	}
}

func TestCSVTable(t *testing.T) {
	rows := Summarise(syntheticResults())
	recs, err := csv.NewReader(strings.NewReader(CSVTable(rows))).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != len(rows)+1 || strings.Join(recs[0], ",") != strings.Join(csvHeader, ",") {
		t.Fatalf("CSV records %v", recs)
	}
	r := recs[1]
	if r[0] != "sgp" || r[1] != "boston" || r[2] != "3" || r[9] != "2.2;2.3;2.4" || r[10] != "0;1;2" {
		t.Fatalf("first CSV row %v", r)
	}
	if mean, err := strconv.ParseFloat(r[3], 64); err != nil || mean != rows[0].Mean {
		t.Fatalf("mean field %q does not round-trip to %v", r[3], rows[0].Mean)
	}
	if recs[3][5] != "NaN" {
		t.Errorf("single-run stderr field %q, want NaN", recs[3][5])
	}
}

func TestLoadResults(t *testing.T) {
	dir := t.TempDir()
	for i, r := range syntheticResults()[:3] {
		p := filepath.Join(dir, r.Model, strconv.Itoa(i)+".json")
		if err := WriteJSONAtomic(p, r); err != nil {
			t.Fatal(err)
		}
	}
	bad := filepath.Join(dir, "bad.json")
	other := filepath.Join(dir, "sub", "other.json")
	for p, s := range map[string]string{bad: "{", other: `{"foo": 1}`, filepath.Join(dir, "notes.txt"): "x"} {
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(s), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	results, err := LoadResults(dir)
	if len(results) != 3 {
		t.Fatalf("loaded %d results, want 3", len(results))
	}
	var lerr *LoadError
	if !errors.As(err, &lerr) || len(lerr.Files) != 2 || lerr.Scanned != 5 {
		t.Fatalf("error %v, want a LoadError with 2 of 5 files", err)
	}
	if msg := err.Error(); !strings.Contains(msg, bad) || !strings.Contains(msg, other) || !strings.Contains(msg, "not a result") {
		t.Fatalf("error message lacks the skipped files:\n%s", msg)
	}
	if !errors.Is(err, ErrNotResult) {
		t.Fatal("errors.Is(err, ErrNotResult) is false")
	}
	// A clean directory gives no error.
	if rs, err := LoadResults(filepath.Join(dir, "mine")); err != nil || len(rs) != 1 {
		t.Fatalf("clean dir: %d results, err %v", len(rs), err)
	}
	if _, err := LoadResults(filepath.Join(dir, "missing")); err == nil {
		t.Fatal("missing directory gave no error")
	}
}
