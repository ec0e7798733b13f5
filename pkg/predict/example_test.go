package predict_test

import (
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"

	"github.com/mgpteam/mgp/pkg/config"
	"github.com/mgpteam/mgp/pkg/predict"
	"github.com/mgpteam/mgp/pkg/runconfig"
	"github.com/mgpteam/mgp/pkg/train"
	"gonum.org/v1/gonum/mat"
)

// A run trained on a CSV (here a short SGP run; usually mgp train or mgp
// compare writes it) predicts at new inputs: mean, sd and quantiles per
// input, on the original y scale.
func Example() {
	dir, err := os.MkdirTemp("", "predict-example")
	if err != nil {
		panic(err)
	}
	defer os.RemoveAll(dir)
	var csv strings.Builder
	csv.WriteString("x,y\n")
	for i := range 200 {
		x := -3 + 6*float64(i)/199
		fmt.Fprintf(&csv, "%g,%g\n", x, math.Sin(x)+0.1*math.Cos(float64(7*i)))
	}
	path := filepath.Join(dir, "data.csv")
	if err := os.WriteFile(path, []byte(csv.String()), 0o644); err != nil {
		panic(err)
	}
	var sets []config.Override
	for _, s := range []string{"model.name=sgp", "model.m=10", "data.kind=csv", "data.path=" + path,
		"train.iterations=100", "train.batch_size=0", "train.lr=0.03"} {
		o, err := config.ParseSet(s)
		if err != nil {
			panic(err)
		}
		sets = append(sets, o)
	}
	cfg, err := runconfig.DecodeRunConfig(nil, sets)
	if err != nil {
		panic(err)
	}
	run := filepath.Join(dir, "run")
	if _, err := train.Run(context.Background(), cfg, train.Options{OutDir: run, Quiet: true}); err != nil {
		panic(err)
	}

	p, err := predict.Load(run, "")
	if err != nil {
		panic(err)
	}
	X := mat.NewDense(3, 1, []float64{-1, 0, 1}) // n × Dx, original scale
	pr, err := p.Predict(context.Background(), X, predict.Options{Samples: 200, Quantiles: []float64{0.05, 0.95}, Seed: 1})
	if err != nil {
		panic(err)
	}
	n, dy := pr.Mean.Dims()
	fmt.Printf("%d inputs x %d output (%s), %d quantile levels\n", n, dy, p.YNames[0], len(pr.Quantiles))
	for i := range n {
		fmt.Printf("x = %g: 5%% quantile < mean < 95%% quantile: %v\n", X.At(i, 0),
			pr.Quantiles[0].At(i, 0) < pr.Mean.At(i, 0) && pr.Mean.At(i, 0) < pr.Quantiles[1].At(i, 0))
	}
	// Output:
	// 3 inputs x 1 output (y), 2 quantile levels
	// x = -1: 5% quantile < mean < 95% quantile: true
	// x = 0: 5% quantile < mean < 95% quantile: true
	// x = 1: 5% quantile < mean < 95% quantile: true
}
