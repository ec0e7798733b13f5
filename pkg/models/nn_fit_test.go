package models

import (
	"math"
	"math/rand/v2"
	"testing"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"github.com/mgpteam/mgp/pkg/data"
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/stat"
)

// toyStd returns toy case name's standardised training set (seed 0), its
// standardiser and the raw test grid (models.md §9.1).
func toyStd(t *testing.T, name string) (X, Y *mat.Dense, std *data.Standardizer, grid *mat.Dense) {
	t.Helper()
	tr, grid, err := data.Toy(name, 0)
	if err != nil {
		t.Fatal(err)
	}
	std = data.FitStandardizer(tr.X, tr.Y)
	return std.TransformX(tr.X), std.TransformY(tr.Y), std, grid
}

// fitNN trains m with Adam at the paper's lr 0.005 (models.md §7) for iters
// steps on batches of size batch (0 = full batch) drawn without replacement
// per epoch. From step keepFrom on it evaluates the full training objective
// every 250 steps and ends at the best such checkpoint (selection on the
// training data only; keepFrom 0 keeps the last step).
func fitNN(t *testing.T, m Model, X, Y *mat.Dense, iters, batch, keepFrom int) {
	t.Helper()
	n, dx := X.Dims()
	_, dy := Y.Dims()
	if batch == 0 {
		batch = n
	}
	tp := ad.NewTape()
	opt := ad.NewAdam(m.Params(), 0.005)
	rng := rand.New(rand.NewPCG(17, 18))
	Xb, Yb := mat.NewDense(batch, dx, nil), mat.NewDense(batch, dy, nil)
	perm, k := rng.Perm(n), 0
	best, bestObj := map[string]*mat.Dense(nil), math.Inf(-1)
	for it := 1; it <= iters; it++ {
		for r := 0; r < batch; r++ {
			if k == n {
				perm, k = rng.Perm(n), 0
			}
			Xb.SetRow(r, X.RawRowView(perm[k]))
			Yb.SetRow(r, Y.RawRowView(perm[k]))
			k++
		}
		tp.Reset()
		tp.Backward(tp.Neg(m.Objective(tp, Step{X: Xb, Y: Yb, N: n, Rng: rng})))
		opt.Step()
		if keepFrom > 0 && it >= keepFrom && (it-keepFrom)%250 == 0 {
			tp.Reset()
			if o := m.Objective(tp, Step{X: X, Y: Y, N: n, Rng: rand.New(rand.NewPCG(1, 1))}).Scalar(); o > bestObj {
				best, bestObj = m.Params().Snapshot(), o
			}
		}
	}
	if best != nil {
		if err := m.Params().Restore(best); err != nil {
			t.Fatal(err)
		}
	}
}

// meanNLL is -mean(ld).
func meanNLL(ld []float64) float64 { return -stat.Mean(ld, nil) }

// TestMDNBeatsHNNOnMoons trains HNN and MDN with the toy settings
// (models.md §9.1: MLPs [100, 100, 100], full batch, Adam 0.005; 400
// iterations instead of 10000 to keep the test short) on the moons toy and
// compares their exact NLL on a held-out draw of the same generator: a
// mixture can follow both branches for x in (0, 1), a single Gaussian
// cannot. Measured (pure-Go BLAS): HNN 0.66, MDN 0.15, a gap of 0.51 nats
// (over model seeds 0-9 the non-collapsed MDNs were 0.26-0.49 at 300
// iterations, HNN about 0.7). The test asks for 0.2.
//
// MDN is trained from model seeds 0 and 1 and the restart with the higher
// training objective is kept: with the paper's settings and no tricks an
// MDN sometimes collapses onto one component (seeds 1, 2 and 6 of 0-9 did
// within 600 iterations, ending near HNN's NLL), a known failure mode that
// restarts address.
func TestMDNBeatsHNNOnMoons(t *testing.T) {
	X, Y, std, _ := toyStd(t, "moons")
	te, _, err := data.Toy("moons", data.ToyTestSeedOffset) // the trainer's held-out draw for seed 0
	if err != nil {
		t.Fatal(err)
	}
	Xt, Yt := std.TransformX(te.X), std.TransformY(te.Y)
	n, _ := X.Dims()
	const iters = 400
	hnn, err := NewHNN(defaultHNNConfig(), Spec{X: X, Y: Y, Seed: 0})
	if err != nil {
		t.Fatal(err)
	}
	fitNN(t, hnn, X, Y, iters, 0, 0)
	var mdn *MDN
	bestObj := math.Inf(-1)
	for seed := uint64(0); seed < 2; seed++ {
		m, err := NewMDN(defaultMDNConfig(), Spec{X: X, Y: Y, Seed: seed})
		if err != nil {
			t.Fatal(err)
		}
		fitNN(t, m, X, Y, iters, 0, 0)
		o := m.Objective(ad.NewTape(), Step{X: X, Y: Y, N: n}).Scalar()
		t.Logf("MDN seed %d: training objective %.4f, effective components %.2f", seed, o, m.Diagnostics(X, Y)["effective_components"])
		if o > bestObj {
			mdn, bestObj = m, o
		}
	}
	a, b := meanNLL(hnn.LogDensity(Xt, Yt)), meanNLL(mdn.LogDensity(Xt, Yt))
	t.Logf("moons held-out NLL (standardised y): HNN %.4f, MDN %.4f, gap %.3f", a, b, a-b)
	if b > a-0.2 {
		t.Fatalf("MDN NLL %.4f not below HNN's %.4f by 0.2 nats", b, a)
	}
}

// TestHNNRecoversHeteroNoise trains HNN ([100, 100, 100], Adam 0.005;
// batches of 100 for 3000 steps, best training objective from step 2000)
// on the heteroscedastic toy and compares its learnt noise sd √v(x), on the
// original y scale, with the generator's 0.25 (cos 6x + 1) e^{-x} over the
// 500-point test grid. Measured at 2026-11-24 over seeds 0-4 on both BLAS
// backends (ten runs that differ only in rounding or initialisation):
// correlation 0.945-0.984, mean absolute error 15-33% of the mean true sd.
// The test asks for correlation above 0.92 and an error below 40%; a
// constant sd (a homoscedastic model's, √mean g²) has no correlation (NaN)
// and an error of 142%.
func TestHNNRecoversHeteroNoise(t *testing.T) {
	X, Y, std, grid := toyStd(t, "hetero")
	m, err := NewHNN(defaultHNNConfig(), Spec{X: X, Y: Y, Seed: 0})
	if err != nil {
		t.Fatal(err)
	}
	fitNN(t, m, X, Y, 3000, 100, 2000)
	_, v := m.predict(std.TransformX(grid))
	n, _ := grid.Dims()
	learnt, truth := make([]float64, n), make([]float64, n)
	for i := range learnt {
		learnt[i] = math.Sqrt(v.At(i, 0)) * std.YStd[0]
		truth[i] = data.HeteroNoiseStd(grid.At(i, 0))
	}
	r := stat.Correlation(learnt, truth, nil)
	diff := make([]float64, n)
	floats.SubTo(diff, learnt, truth)
	mae := floats.Norm(diff, 1) / float64(n) / stat.Mean(truth, nil)
	s0 := math.Sqrt(stat.Mean(mulTo(truth, truth), nil))
	base := 0.0
	for _, g := range truth {
		base += math.Abs(s0-g) / float64(n)
	}
	t.Logf("learnt vs true noise sd: correlation %.3f, mean absolute error %.1f%% of the mean true sd (constant sd %.3f: %.1f%%)",
		r, 100*mae, s0, 100*base/stat.Mean(truth, nil))
	if !(r >= 0.92) || !(mae <= 0.40) { // NaN fails
		t.Fatalf("HNN's noise sd does not follow g(x): correlation %.3f (want > 0.92), relative MAE %.3f (want < 0.40)", r, mae)
	}
}

// mulTo returns the element-wise product of a and b.
func mulTo(a, b []float64) []float64 {
	out := make([]float64, len(a))
	floats.MulTo(out, a, b)
	return out
}
