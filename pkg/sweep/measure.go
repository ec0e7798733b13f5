package sweep

import (
	"context"
	"time"

	"github.com/mgpteam/mgp/pkg/runconfig"
	"github.com/mgpteam/mgp/pkg/score"
	"github.com/mgpteam/mgp/pkg/train"
	"gonum.org/v1/gonum/mat"
)

// Measure times a run config on this machine: the seconds per training
// step (median of steps after warm-up steps) and the seconds of the final
// evaluation, extrapolated from a subset of at most 200 test points, plus
// the setup (data loading, k-means).
func Measure(ctx context.Context, cfg runconfig.RunConfig, dataDir string, warmup, steps int) (Cost, error) {
	t0 := time.Now()
	exp, err := train.LoadExperiment(cfg.Data, dataDir)
	if err != nil {
		return Cost{}, err
	}
	m, err := train.BuildModel(ctx, cfg, exp, train.BuildOptions{})
	if err != nil {
		return Cost{}, err
	}
	setup := time.Since(t0).Seconds()
	tc := cfg.Train
	tc.Iterations = warmup + steps
	tr := train.NewTrainer(m, exp.XTrain, exp.YTrain, tc)
	times := make([]float64, 0, steps)
	last := time.Now()
	tr.AfterStep = func(it int) error {
		now := time.Now()
		if it > warmup {
			times = append(times, now.Sub(last).Seconds())
		}
		last = now
		return nil
	}
	if err := tr.Run(ctx); err != nil {
		return Cost{}, err
	}
	n, dx := exp.XTest.Dims()
	_, dy := exp.YTest.Dims()
	sub := min(n, 200)
	X := mat.DenseCopyOf(exp.XTest.Slice(0, sub, 0, dx))
	Y := mat.DenseCopyOf(exp.YTest.Slice(0, sub, 0, dy))
	t1 := time.Now()
	sig := make([]float64, dy)
	for d := range sig {
		sig[d] = exp.SigmaY
	}
	if _, err := score.Evaluate(context.Background(), m, X, Y, sig, cfg.Eval.Samples, 1, score.Options{}); err != nil {
		return Cost{}, err
	}
	ev := time.Since(t1).Seconds() * float64(n) / float64(sub)
	return Cost{StepSeconds: med(times), EvalSeconds: ev + setup, Runs: 1, Source: "timed here"}, nil
}
