package train

import (
	"context"
	"math"
	"testing"

	"github.com/mgpteam/mgp/pkg/data"
	"github.com/mgpteam/mgp/pkg/models"
	"gonum.org/v1/gonum/stat"
)

// TestSHGPBeatsSGPOnHetero: with the same budget (M = 20, 2000 full-batch
// steps) SHGP's KDE NLL on the heteroscedastic toy is clearly below SGP's,
// and its learnt noise sd √c·e^{μ_w(x)} follows the generator's true noise
// sd 0.25(cos 6x + 1)e^{-x} in shape. The trajectory depends on the last
// bits of every GEMM, so it differs between BLAS kernels, and the budget
// must be long enough for all of them to converge. Measured (2026-11-25,
// seed 0, correlation at 1000 / 1500 / 2000 steps): OpenBLAS Haswell
// 0.924 / 0.984 / 0.985, Nehalem 0.953 / 0.987 / 0.986, Sandybridge
// 0.717 / 0.930 / 0.983 (at 1000 steps it was still leaving a worse
// optimum, NLL 0.31 against -0.07 on Haswell). Hence 2000 steps and the bar
// 0.85.
// heteroSteps is TestSHGPBeatsSGPOnHetero's training budget.
const heteroSteps = 2000

func TestSHGPBeatsSGPOnHetero(t *testing.T) {
	ctx := context.Background()
	sgp, err := Run(ctx, toyConfig("sgp", heteroSteps), Options{})
	if err != nil {
		t.Fatal(err)
	}
	shgp, err := Run(ctx, toyConfig("shgp", heteroSteps), Options{})
	if err != nil {
		t.Fatal(err)
	}
	a, b := sgp.Result.Metrics.NLLStd, shgp.Result.Metrics.NLLStd
	t.Logf("hetero NLL_std: SGP %.4f, SHGP %.4f", a, b)
	// Margin 0.3 nats: at this budget SHGP is about 1.6 below SGP; a model
	// without working noise modulation cannot beat SGP by that much.
	if b > a-0.3 {
		t.Fatalf("SHGP NLL %.4f not clearly below SGP's %.4f (margin 0.3)", b, a)
	}
	exp := shgp.Exp
	mu, _ := shgp.Model.(models.Modulator).Modulation(exp.PlotX)
	c := shgp.Result.Diagnostics["c"]
	n, _ := exp.PlotX.Dims()
	learnt, truth := make([]float64, n), make([]float64, n)
	for i := 0; i < n; i++ {
		xRaw := exp.PlotX.At(i, 0)*exp.Std.XStd[0] + exp.Std.XMean[0]
		learnt[i] = math.Sqrt(c) * math.Exp(mu[i])
		truth[i] = data.HeteroNoiseStd(xRaw) / exp.SigmaY
	}
	r := stat.Correlation(learnt, truth, nil)
	t.Logf("correlation of learnt and true noise sd over the test grid: %.3f", r)
	if !(r >= 0.85) {
		t.Fatalf("learnt noise sd does not follow the true one: correlation %.3f < 0.85", r)
	}
}
