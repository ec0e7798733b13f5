package predict

import (
	"context"
	"encoding/csv"
	"errors"
	"math"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/mgpteam/mgp/pkg/results"
	"gonum.org/v1/gonum/mat"
)

// grid returns n inputs (n × 1) spread over [-2, 2].
func grid(n int) *mat.Dense {
	X := mat.NewDense(n, 1, nil)
	for i := range n {
		X.Set(i, 0, -2+4*float64(i)/float64(n))
	}
	return X
}

// TestPredictShapesAndBlocks: Predict's matrices have the documented
// shapes, Mean is the mean of the kept samples of each input and output
// (in the last block too: 2000 samples of 2 outputs make blocks of 1000
// inputs) and WriteCSV writes the same numbers with the same seed.
func TestPredictShapesAndBlocks(t *testing.T) {
	p, err := Load(trainedRun(t), "")
	if err != nil {
		t.Fatal(err)
	}
	if p.Dx() != 1 || p.Dy() != 2 || len(p.XNames) != 1 || len(p.YNames) != 2 {
		t.Fatalf("Dx %d, Dy %d, names %v %v", p.Dx(), p.Dy(), p.XNames, p.YNames)
	}
	const n, P = 1001, 2000
	X := grid(n)
	o := Options{Samples: P, Quantiles: []float64{0.1, 0.9}, Seed: 7, KeepSamples: true}
	pr, err := p.Predict(context.Background(), X, o)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range append([]*mat.Dense{pr.Mean, pr.SD}, pr.Quantiles...) {
		if r, c := m.Dims(); r != n || c != 2 {
			t.Fatalf("a summary is %d x %d, want %d x 2", r, c, n)
		}
	}
	if r, c := pr.Samples.Dims(); r != P || c != 2*n || len(pr.Quantiles) != 2 {
		t.Fatalf("samples %d x %d, %d quantile levels", r, c, len(pr.Quantiles))
	}
	for _, i := range []int{0, 999, 1000} {
		for d := range 2 {
			s := mat.Sum(pr.Samples.ColView(i*2+d)) / P
			if m := pr.Mean.At(i, d); math.Abs(s-m) > 1e-9*(1+math.Abs(m)) {
				t.Errorf("input %d output %d: Mean %v, samples' mean %v", i, d, m, s)
			}
			if lo, hi := pr.Quantiles[0].At(i, d), pr.Quantiles[1].At(i, d); !(lo < hi) {
				t.Errorf("input %d output %d: q0.1 %v not below q0.9 %v", i, d, lo, hi)
			}
		}
	}
	out := filepath.Join(t.TempDir(), "pred.csv")
	o.KeepSamples = false
	if err := p.WriteCSV(context.Background(), out, &Inputs{X: X}, o); err != nil {
		t.Fatal(err)
	}
	recs := readCSV(t, out)
	want := []string{"y1_mean", "y1_sd", "y1_q0.1", "y1_q0.9", "y2_mean", "y2_sd", "y2_q0.1", "y2_q0.9"}
	if len(recs) != n+1 || !slices.Equal(recs[0], want) {
		t.Fatalf("%d rows, header %v; want %d rows, header %v", len(recs), recs[0], n+1, want)
	}
	for _, i := range []int{0, 1000} {
		if got, w := recs[i+1][4], results.FormatCSVFloat(pr.Mean.At(i, 1)); got != w {
			t.Errorf("row %d: y2_mean %s in the CSV, %s from Predict", i, got, w)
		}
	}
}

// TestOptionsRefused: too few samples and a quantile outside [0, 1] are
// *OptionError, and nothing is written.
func TestOptionsRefused(t *testing.T) {
	p, err := Load(trainedRun(t), "")
	if err != nil {
		t.Fatal(err)
	}
	out := filepath.Join(t.TempDir(), "pred.csv")
	for _, o := range []Options{{Samples: 1}, {Samples: 10, Quantiles: []float64{0.5, 1.5}}, {Samples: 10, Quantiles: []float64{math.NaN()}}} {
		var oe *OptionError
		if err := p.WriteCSV(context.Background(), out, &Inputs{X: grid(3)}, o); !errors.As(err, &oe) {
			t.Errorf("%+v: %v, want an *OptionError", o, err)
		}
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("a refused prediction wrote its file")
	}
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
