package train

import (
	"context"
	"math"
	"testing"

	"github.com/mgpteam/mgp/pkg/data"
	"github.com/mgpteam/mgp/pkg/models"
	"gonum.org/v1/gonum/stat"
)

// TestSHGPBeatsSGPOnHetero: with the same budget (M = 20, 1000 full-batch
// steps) SHGP's KDE NLL on the heteroscedastic toy is clearly below SGP's,
// and its learnt noise sd √c·e^{μ_w(x)} follows the generator's true noise
// sd 0.25(cos 6x + 1)e^{-x} in shape. Measured (2026-11-24, seeds 0-3, both
// BLAS backends): correlation 0.91-0.97 at 1000 steps; at 600 steps it was
// 0.73-0.86 and moved by 0.07 with the last bits of exp, so the budget is
// 1000 and the bar 0.85.
func TestSHGPBeatsSGPOnHetero(t *testing.T) {
	ctx := context.Background()
	sgp, err := Run(ctx, toyConfig("sgp", 1000), Options{})
	if err != nil {
		t.Fatal(err)
	}
	shgp, err := Run(ctx, toyConfig("shgp", 1000), Options{})
	if err != nil {
		t.Fatal(err)
	}
	a, b := sgp.Result.Metrics.NLLStd, shgp.Result.Metrics.NLLStd
	t.Logf("hetero NLL_std: SGP %.4f, SHGP %.4f", a, b)
	// Margin 0.3 nats: at this budget SHGP is about 1.4 below SGP; a model
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
