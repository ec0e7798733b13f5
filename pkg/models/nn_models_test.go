package models

import (
	"math"
	"math/rand/v2"
	"testing"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"github.com/mgpteam/mgp/pkg/autodiff/adtest"
	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/stat"
)

// nnSpec is a Spec for the neural competitors (which need no k-means).
func nnSpec(X, Y *mat.Dense, seed uint64) Spec { return Spec{X: X, Y: Y, Seed: seed} }

// TestNNObjectiveGradientFD checks each neural competitor's objective
// against central differences in every weight, with two outputs (d_y = 2)
// and, for CVAE, both decoders and d_w = 2; CVAE's Monte Carlo draws are
// held fixed by reseeding the rng for every evaluation (models.md §11
// item 8: relative error below 1e-6).
func TestNNObjectiveGradientFD(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	X, Y := adtest.Rand(rng, 9, 3), adtest.Rand(rng, 9, 2)
	hidden := []int{5, 4}
	build := map[string]func() (Model, error){
		"hnn": func() (Model, error) { return NewHNN(HNNConfig{Hidden: hidden}, nnSpec(X, Y, 1)) },
		"mdn": func() (Model, error) { return NewMDN(MDNConfig{Hidden: hidden, T: 3}, nnSpec(X, Y, 2)) },
		"cvae": func() (Model, error) {
			return NewCVAE(CVAEConfig{Hidden: hidden, DW: 2, S: 3, Decoder: decoderHetero, NoiseInit: 1}, nnSpec(X, Y, 3))
		},
		"cvae-homoscedastic": func() (Model, error) {
			return NewCVAE(CVAEConfig{Hidden: hidden, DW: 2, S: 3, Decoder: decoderHomo, NoiseInit: 0.7}, nnSpec(X, Y, 4))
		},
	}
	for name, b := range build {
		t.Run(name, func(t *testing.T) {
			m, err := b()
			if err != nil {
				t.Fatal(err)
			}
			// Spread the weights so the variance heads move away from
			// their sp(-5) start and the mixture weights from uniform.
			randomize(m.Params(), rand.New(rand.NewPCG(6, 6)), 0.5)
			objectiveCheck(t, m, X, Y, 50, 7)
		})
	}
}

// TestHNNMatchesFormula recomputes HNN's objective from its network's raw
// output: (1/b) Σ_i Σ_d log N(y_id | μ_id, sp(r_id - 5) + 1e-6); the exact
// log density is the same sum per point.
func TestHNNMatchesFormula(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	X, Y := adtest.Rand(rng, 6, 2), adtest.Rand(rng, 6, 2)
	m, err := NewHNN(HNNConfig{Hidden: []int{4}}, nnSpec(X, Y, 1))
	if err != nil {
		t.Fatal(err)
	}
	randomize(m.Params(), rng, 0.5)
	tp := ad.NewTape()
	out := m.Net.Forward(tp, tp.Const(X)).Val
	want := make([]float64, 6)
	total := 0.0
	for i := range want {
		for d := 0; d < 2; d++ {
			v := math.Log1p(math.Exp(out.At(i, 2+d)-5)) + 1e-6
			r := Y.At(i, d) - out.At(i, d)
			want[i] += -0.5*math.Log(2*math.Pi*v) - r*r/(2*v)
		}
		total += want[i] / 6
	}
	tp.Reset()
	closeTo(t, "objective", []float64{m.Objective(tp, Step{X: X, Y: Y, N: 100}).Scalar()}, []float64{total}, 1e-12, 1e-12)
	closeTo(t, "log density", m.LogDensity(X, Y), want, 1e-12, 1e-12)
}

// TestMDNMatchesFormula recomputes MDN's mixture density from its network's
// raw output, with two outputs and T = 3, in the column layout documented
// on MDN; Objective is its mean over the batch.
func TestMDNMatchesFormula(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 42))
	const T, dy, n = 3, 2, 5
	X, Y := adtest.Rand(rng, n, 2), adtest.Rand(rng, n, dy)
	m, err := NewMDN(MDNConfig{Hidden: []int{6}, T: T}, nnSpec(X, Y, 1))
	if err != nil {
		t.Fatal(err)
	}
	randomize(m.Params(), rng, 0.5)
	tp := ad.NewTape()
	out := m.Net.Forward(tp, tp.Const(X)).Val
	want := make([]float64, n)
	mean := 0.0
	for i := 0; i < n; i++ {
		logits := out.RawRowView(i)[:T]
		lz := 0.0
		for _, a := range logits {
			lz += math.Exp(a)
		}
		p := 0.0
		for c := 0; c < T; c++ {
			dens := math.Exp(logits[c]) / lz
			for d := 0; d < dy; d++ {
				mu := out.At(i, T+c*dy+d)
				v := math.Log1p(math.Exp(out.At(i, T+T*dy+c*dy+d)-5)) + 1e-6
				r := Y.At(i, d) - mu
				dens *= math.Exp(-r*r/(2*v)) / math.Sqrt(2*math.Pi*v)
			}
			p += dens
		}
		want[i] = math.Log(p)
		mean += want[i] / n
	}
	closeTo(t, "log density", m.LogDensity(X, Y), want, 1e-10, 1e-12)
	tp.Reset()
	closeTo(t, "objective", []float64{m.Objective(tp, Step{X: X, Y: Y, N: 100}).Scalar()}, []float64{mean}, 1e-10, 1e-12)
}

// TestNNSamplesMatchDensity draws many predictive samples at one input and
// checks their mean and sd per output against the model's own mixture or
// Gaussian (HNN, MDN) and, for CVAE, against the moments of y computed by
// the law of total variance from a large independent draw of w ~ p(w | x).
// The layout is column i·d_y + d for point i, output d.
func TestNNSamplesMatchDensity(t *testing.T) {
	rng := rand.New(rand.NewPCG(51, 52))
	const dy = 2
	X, Y := adtest.Rand(rng, 8, 2), adtest.Rand(rng, 8, dy)
	Xt := adtest.Rand(rng, 3, 2)
	const P = 40000
	hnn, _ := NewHNN(HNNConfig{Hidden: []int{6}}, nnSpec(X, Y, 1))
	mdn, _ := NewMDN(MDNConfig{Hidden: []int{6}, T: 3}, nnSpec(X, Y, 2))
	for _, m := range []Model{hnn, mdn} {
		randomize(m.Params(), rand.New(rand.NewPCG(3, 3)), 0.8)
	}
	check := func(name string, S *mat.Dense, i, d int, mean, sd float64) {
		t.Helper()
		col := mat.Col(nil, i*dy+d, S)
		gm, gs := stat.PopMeanStdDev(col, nil)
		// Five standard errors of the mean, and 3% on the sd.
		if math.Abs(gm-mean) > 5*sd/math.Sqrt(P) || math.Abs(gs-sd) > 0.03*sd {
			t.Errorf("%s point %d output %d: sample mean %.4f sd %.4f, want %.4f and %.4f", name, i, d, gm, gs, mean, sd)
		}
	}
	ys, fs := hnn.Sample(Xt, P, rand.New(rand.NewPCG(9, 9)))
	if fs != nil {
		t.Fatal("HNN returned f-samples")
	}
	mu, v := hnn.predict(Xt)
	for i := 0; i < 3; i++ {
		for d := 0; d < dy; d++ {
			check("hnn", ys, i, d, mu.At(i, d), math.Sqrt(v.At(i, d)))
		}
	}
	ys, _ = mdn.Sample(Xt, P, rand.New(rand.NewPCG(9, 9)))
	w, mu, v := mdn.predict(Xt)
	for i := 0; i < 3; i++ {
		for d := 0; d < dy; d++ {
			var m1, m2 float64
			for c := 0; c < 3; c++ {
				a, b := mu.At(i, c*dy+d), v.At(i, c*dy+d)
				m1 += w.At(i, c) * a
				m2 += w.At(i, c) * (b + a*a)
			}
			check("mdn", ys, i, d, m1, math.Sqrt(m2-m1*m1))
		}
	}
	for _, dec := range []string{decoderHetero, decoderHomo} {
		cv, err := NewCVAE(CVAEConfig{Hidden: []int{6}, DW: 2, S: 2, Decoder: dec, NoiseInit: 0.3}, nnSpec(X, Y, 3))
		if err != nil {
			t.Fatal(err)
		}
		randomize(cv.Params(), rand.New(rand.NewPCG(4, 4)), 0.8)
		ys, fs = cv.Sample(Xt, P, rand.New(rand.NewPCG(9, 9)))
		if fs != nil {
			t.Fatal("CVAE returned f-samples")
		}
		m1, sd := cvaeMoments(cv, Xt, 400000, rand.New(rand.NewPCG(10, 10)))
		for i := 0; i < 3; i++ {
			for d := 0; d < dy; d++ {
				check("cvae-"+dec, ys, i, d, m1.At(i, d), sd.At(i, d))
			}
		}
	}
}

// cvaeMoments returns the mean and sd of y* per point and output under
// CVAE's predictive distribution: w ~ N(μ^p, v^p + ε_r), then
// E[y] = E[μ^d], Var[y] = E[v^d] + Var[μ^d], from K draws of w per point.
func cvaeMoments(m *CVAE, X *mat.Dense, K int, rng *rand.Rand) (mean, sd *mat.Dense) {
	n, _ := X.Dims()
	mean, sd = mat.NewDense(n, m.dy, nil), mat.NewDense(n, m.dy, nil)
	t := noGradTape()
	for i := 0; i < n; i++ {
		t.Reset()
		x := t.Const(X.Slice(i, i+1, 0, m.dx))
		muP, vP := m.W.prior(t, x)
		eps := adtest.Rand(rng, K, m.Cfg.DW)
		w := reparam(t, t.Tile(muP, K), t.Tile(vP, K), t.Const(eps))
		muD, vD := m.likelihood(t, t.ConcatCols(t.Tile(x, K), w))
		for d := 0; d < m.dy; d++ {
			var s1, s2, sv float64
			for k := 0; k < K; k++ {
				a := muD.Val.At(k, d)
				s1 += a
				s2 += a * a
				if m.Noise != nil {
					sv += vD.Val.At(0, 0)
				} else {
					sv += vD.Val.At(k, d)
				}
			}
			e1 := s1 / float64(K)
			mean.Set(i, d, e1)
			sd.Set(i, d, math.Sqrt(sv/float64(K)+s2/float64(K)-e1*e1))
		}
	}
	return mean, sd
}
