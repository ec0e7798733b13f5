package main

import (
	"encoding/csv"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// twoTargetCSV writes n rows x, y1, y2 with y1 = sin(x) + 0.1ε and
// y2 = 0.5x + 0.3ε', x uniform on [-3, 3].
func twoTargetCSV(t *testing.T, dir string, n int) string {
	t.Helper()
	r := rand.New(rand.NewPCG(7, 7))
	var b strings.Builder
	b.WriteString("x,y1,y2\n")
	for i := 0; i < n; i++ {
		x := -3 + 6*r.Float64()
		fmt.Fprintf(&b, "%.17g,%.17g,%.17g\n", x, math.Sin(x)+0.1*r.NormFloat64(), 0.5*x+0.3*r.NormFloat64())
	}
	return writeFile(t, dir, "two.csv", b.String())
}

// csvRunYAML is a short run of model on the CSV with the given targets.
func csvRunYAML(model, path, targets string) string {
	return fmt.Sprintf(`model:
  name: %s
  m: 10
data:
  kind: csv
  path: %s
  target: [%s]
train:
  iterations: 150
  batch_size: 0
  lr: 0.03
eval:
  samples: 50
`, model, path, targets)
}

func readCSV(t *testing.T, path string) [][]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	return recs
}

// TestSingleOutputModelsRefuseTwoTargetsCLI: shgp and svhgp model one
// output; mgp train on a two-target CSV stops before training with exit
// code 2 and a message naming the model, the number of targets and the
// fix, and writes no checkpoint or result.
func TestSingleOutputModelsRefuseTwoTargetsCLI(t *testing.T) {
	dir := t.TempDir()
	data := twoTargetCSV(t, dir, 120)
	for _, model := range []string{"shgp", "svhgp"} {
		cfg := writeFile(t, dir, model+".yaml", csvRunYAML(model, data, "y1, y2"))
		out := filepath.Join(dir, "run-"+model)
		_, stderr, err := run(t, "train", "-c", cfg, "--out", out)
		if err == nil || exitCode(err) != 2 {
			t.Fatalf("%s: err %v (exit %d)", model, err, exitCode(err))
		}
		for _, s := range []string{model, "2 target columns", "data.target", "sgp"} {
			if !strings.Contains(err.Error(), s) {
				t.Errorf("%s: message %q lacks %q", model, err, s)
			}
		}
		for _, f := range []string{"checkpoint.json", "result.json"} {
			if _, serr := os.Stat(filepath.Join(out, f)); serr == nil {
				t.Errorf("%s: refused run wrote %s", model, f)
			}
		}
		if strings.Contains(stderr, "it/s") {
			t.Errorf("%s: training started: %s", model, stderr)
		}
	}
}

// TestTwoOutputTrainPredict: SGP trains on two targets end to end and mgp
// predict writes one block of columns per output, headed by the target's
// name, each on its own original scale; a one-target run keeps the plain
// column names.
func TestTwoOutputTrainPredict(t *testing.T) {
	dir := t.TempDir()
	data := twoTargetCSV(t, dir, 300)
	cfg := writeFile(t, dir, "sgp.yaml", csvRunYAML("sgp", data, "y1, y2"))
	runDir := filepath.Join(dir, "run")
	out, _, err := run(t, "train", "-q", "-c", cfg, "--out", runDir)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(out, "test NLL") {
		t.Fatalf("train output: %s", out)
	}
	in := writeFile(t, dir, "x.csv", "x\n-2.5\n1.2\n2.5\n")
	pred := filepath.Join(dir, "pred.csv")
	if _, _, err := run(t, "predict", "--run", runDir, "--input", in, "--out", pred,
		"--quantiles", "0.05,0.95", "--raw-samples", "--samples", "300"); err != nil {
		t.Fatal(err)
	}
	recs := readCSV(t, pred)
	var want []string
	for _, y := range []string{"y1", "y2"} {
		want = append(want, y+"_mean", y+"_sd", y+"_q0.05", y+"_q0.95")
		for p := 0; p < 300; p++ {
			want = append(want, fmt.Sprintf("%s_s%d", y, p))
		}
	}
	if len(recs) != 4 || strings.Join(recs[0], ",") != strings.Join(want, ",") {
		t.Fatalf("predict CSV: %d rows, header %v", len(recs), recs[0][:min(6, len(recs[0]))])
	}
	block := len(want) / 2
	for i, x := range []float64{-2.5, 1.2, 2.5} {
		f := [2]float64{math.Sin(x), 0.5 * x}
		for d := 0; d < 2; d++ {
			cols := recs[i+1][d*block : (d+1)*block]
			mean, _ := strconv.ParseFloat(cols[0], 64)
			lo, _ := strconv.ParseFloat(cols[2], 64)
			hi, _ := strconv.ParseFloat(cols[3], 64)
			// The samples of the block are this output's: their mean is the
			// block's mean column.
			s := 0.0
			for _, c := range cols[4:] {
				v, _ := strconv.ParseFloat(c, 64)
				s += v
			}
			if math.Abs(s/300-mean) > 1e-6*(1+math.Abs(mean)) {
				t.Errorf("x=%v y%d: mean column %v, mean of its samples %v", x, d+1, mean, s/300)
			}
			// Each block follows its own function (the two differ by 0.65,
			// 0.33 and 0.65 at these inputs).
			if math.Abs(mean-f[d]) > 0.15 || !(lo < f[d] && f[d] < hi) {
				t.Errorf("x=%v y%d: mean %v, 90%% band [%v, %v], true %v", x, d+1, mean, lo, hi, f[d])
			}
		}
	}
	// One target: today's column names.
	var one strings.Builder
	one.WriteString("x,y2\n")
	for _, rec := range readCSV(t, data)[1:] {
		one.WriteString(rec[0] + "," + rec[2] + "\n")
	}
	data1 := writeFile(t, dir, "one.csv", one.String())
	cfg1 := writeFile(t, dir, "sgp1.yaml", csvRunYAML("sgp", data1, "y2"))
	run1 := filepath.Join(dir, "run1")
	if _, _, err := run(t, "train", "-q", "-c", cfg1, "--out", run1); err != nil {
		t.Fatal(err)
	}
	if _, _, err := run(t, "predict", "--run", run1, "--input", in, "--out", pred, "--quantiles", "0.05,0.95"); err != nil {
		t.Fatal(err)
	}
	if h := strings.Join(readCSV(t, pred)[0], ","); h != "mean,sd,q0.05,q0.95" {
		t.Fatalf("one-output header %q", h)
	}
}
