package fit_test

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/mgpteam/mgp/pkg/config"
	"github.com/mgpteam/mgp/pkg/fit"
	"github.com/mgpteam/mgp/pkg/predict"
	"github.com/mgpteam/mgp/pkg/runconfig"
	"github.com/mgpteam/mgp/pkg/train"
	"go.yaml.in/yaml/v3"
	"gonum.org/v1/gonum/mat"
)

// heteroData draws n rows of two inputs and y = sin(x1) + x2/2 + noise
// whose sd grows with x1.
func heteroData(n int, seed uint64) (X, Y *mat.Dense) {
	r := rand.New(rand.NewPCG(seed, 7))
	X, Y = mat.NewDense(n, 2, nil), mat.NewDense(n, 1, nil)
	for i := range n {
		x1, x2 := 4*r.Float64(), r.NormFloat64()
		X.SetRow(i, []float64{x1, x2})
		Y.Set(i, 0, math.Sin(x1)+x2/2+(0.1+0.2*x1)*r.NormFloat64())
	}
	return X, Y
}

// writeCSV writes X and Y as a CSV file with the header x1,x2,y, every
// value in the shortest form that reads back bit for bit.
func writeCSV(t *testing.T, path string, X, Y *mat.Dense) {
	t.Helper()
	var b strings.Builder
	b.WriteString("x1,x2,y\n")
	n, _ := X.Dims()
	for i := range n {
		f := func(v float64) string { return strconv.FormatFloat(v, 'g', -1, 64) }
		fmt.Fprintf(&b, "%s,%s,%s\n", f(X.At(i, 0)), f(X.At(i, 1)), f(Y.At(i, 0)))
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
}

// TestFitMatchesTrainOnCSV fits SHGP through the package and through
// train.Run with configs/csv/shgp.yaml on the same data written as CSV
// (data.split: none, no held-out selection or early stopping, as mgp train
// --set data.split=none --set train.validation=0 ... would), both from
// its warm start (model.init: residuals): the code paths are the same, so
// the predictions agree bit for bit. The saved run
// also predicts bit for bit alike through Load and pkg/predict.Load.
func TestFitMatchesTrainOnCSV(t *testing.T) {
	dir := t.TempDir()
	X, Y := heteroData(150, 3)
	csvPath := filepath.Join(dir, "data.csv")
	writeCSV(t, csvPath, X, Y)
	const iters, seed = 60, 5

	// configs/csv stops early on a held-out part; a fit on every row holds
	// nothing out, so the selection and the stop are switched off; its
	// small-data schedule gives way to the constant rate fit.Options'
	// Iterations trains with.
	cfg := csvConfig(t, "shgp", "data.path="+csvPath, "data.split=none", "data.name=data", "train.lr=0.005", "train.lr_final=0",
		"train.validation=0", "train.select_every=0", "train.stop.patience=0", "train.stop.min_delta=0",
		fmt.Sprintf("train.iterations=%d", iters), fmt.Sprintf("train.seed=%d", seed))
	csvRun := filepath.Join(dir, "csv-run")
	if _, err := train.Run(context.Background(), cfg, train.Options{OutDir: csvRun, Quiet: true}); err != nil {
		t.Fatal(err)
	}

	m, err := fit.New("shgp", fit.Options{Iterations: iters, Seed: seed, Model: map[string]any{"m": 100, "init": "residuals"}})
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if err := m.Fit(ctx, X, Y); err != nil {
		t.Fatal(err)
	}
	Xt, _ := heteroData(40, 4)
	o := fit.PredictOptions{Quantiles: []float64{0.05, 0.5, 0.95}, Seed: 9, KeepSamples: true}
	got, err := m.Predict(ctx, Xt, o)
	if err != nil {
		t.Fatal(err)
	}
	po := predict.Options{Samples: fit.DefaultSamples, Quantiles: o.Quantiles, Seed: o.Seed, KeepSamples: true}
	want := predictRun(t, csvRun, Xt, po)
	samePrediction(t, "fit vs train.Run on the CSV", got, want)

	saved := filepath.Join(dir, "saved")
	if err := m.Save(saved); err != nil {
		t.Fatal(err)
	}
	samePrediction(t, "fit vs predict.Load of the saved run", got, predictRun(t, saved, Xt, po))
	m2, err := fit.Load(saved)
	if err != nil {
		t.Fatal(err)
	}
	again, err := m2.Predict(ctx, Xt, o)
	if err != nil {
		t.Fatal(err)
	}
	samePrediction(t, "fit vs fit.Load of the saved run", got, again)
	if m2.Name() != "shgp" || m2.Config().Train.Iterations != iters {
		t.Errorf("loaded %s with %d iterations, want shgp with %d", m2.Name(), m2.Config().Train.Iterations, iters)
	}
}

// predictRun predicts at X with the run in dir through pkg/predict.
func predictRun(t *testing.T, dir string, X *mat.Dense, o predict.Options) *predict.Prediction {
	t.Helper()
	p, err := predict.Load(dir, "")
	if err != nil {
		t.Fatal(err)
	}
	pr, err := p.Predict(context.Background(), X, o)
	if err != nil {
		t.Fatal(err)
	}
	return pr
}

// samePrediction fails unless a and b hold the same numbers bit for bit.
func samePrediction(t *testing.T, what string, a, b *predict.Prediction) {
	t.Helper()
	ms := func(p *predict.Prediction) []*mat.Dense {
		return append([]*mat.Dense{p.Mean, p.SD, p.Samples}, p.Quantiles...)
	}
	am, bm := ms(a), ms(b)
	if len(am) != len(bm) {
		t.Fatalf("%s: %d matrices against %d", what, len(am), len(bm))
	}
	for k := range am {
		x, y := am[k].RawMatrix().Data, bm[k].RawMatrix().Data
		if len(x) != len(y) {
			t.Fatalf("%s: matrix %d has %d values against %d", what, k, len(x), len(y))
		}
		for i := range x {
			if math.Float64bits(x[i]) != math.Float64bits(y[i]) {
				t.Fatalf("%s: matrix %d value %d: %v against %v", what, k, i, x[i], y[i])
			}
		}
	}
}

// csvConfig decodes configs/csv/<model>.yaml with the --set overrides
// sets, as mgp train -c would.
func csvConfig(t *testing.T, model string, sets ...string) runconfig.RunConfig {
	t.Helper()
	b, err := os.ReadFile("../../configs/csv/" + model + ".yaml")
	if err != nil {
		t.Fatal(err)
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(b, &doc); err != nil {
		t.Fatal(err)
	}
	var over []config.Override
	for _, s := range sets {
		o, err := config.ParseSet(s)
		if err != nil {
			t.Fatal(err)
		}
		over = append(over, o)
	}
	cfg, err := runconfig.DecodeRunConfig(&doc, over)
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}
