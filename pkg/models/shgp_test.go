package models

import (
	"math"
	"math/rand/v2"
	"testing"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"github.com/mgpteam/mgp/pkg/autodiff/adtest"
	"gonum.org/v1/gonum/mat"
)

// twoZ returns a KMeans stub handing out Zf on the first call and Zw on the
// second (SHGP's two k-means runs).
func twoZ(Zf, Zw *mat.Dense) func(*mat.Dense, int, uint64) *mat.Dense {
	k := 0
	return func(*mat.Dense, int, uint64) *mat.Dense {
		k++
		if k == 1 {
			return mat.DenseCopyOf(Zf)
		}
		return mat.DenseCopyOf(Zw)
	}
}

func shgpFromGolden(t *testing.T, g map[string]any) (*SHGP, *mat.Dense, *mat.Dense) {
	p := obj(g["params"])
	d := obj(g["data"])
	X, Y := dense(d["X"], false), dense(d["y"], true)
	Zf, Zw := dense(p["Z_f"], false), dense(p["Z_w"], false)
	mf, _ := Zf.Dims()
	mw, _ := Zw.Dims()
	cfg := defaultHeteroConfig()
	cfg.M, cfg.MW = mf, mw
	m, err := NewSHGP(cfg, Spec{X: X, Y: Y, KMeans: twoZ(Zf, Zw)})
	if err != nil {
		t.Fatal(err)
	}
	set := func(pp *ad.Param, v any, col bool) {
		if err := pp.SetValue(dense(v, col)); err != nil {
			t.Fatal(err)
		}
	}
	set(m.L.F.Kern.Hyperparams().Variance, p["f_kernel_variance"], false)
	set(m.L.F.Kern.Hyperparams().Lengthscales, p["f_lengthscales"], false)
	set(m.L.W.Kern.Hyperparams().Variance, p["w_kernel_variance"], false)
	set(m.L.W.Kern.Hyperparams().Lengthscales, p["w_lengthscales"], false)
	set(m.L.F.Mean, p["m_f"], true)
	set(m.L.F.Factors[0], p["R_f"], false)
	set(m.L.W.Mean, p["m_w"], true)
	set(m.L.W.Factors[0], p["R_w"], false)
	set(m.L.W.Mu0, p["mu0"], false)
	set(m.C, p["c"], false)
	return m, X, Y
}

func TestSHGPGolden(t *testing.T) {
	g := loadGolden(t, "shgp.json")
	tol := obj(g["tolerances"])
	vr, va := num(tol["values_rel"]), num(tol["values_abs_floor"])
	gr, ga := num(tol["gradients_rel"]), num(tol["gradients_abs_floor"])
	m, X, Y := shgpFromGolden(t, g)
	tp := ad.NewTape()
	for _, cv := range g["cases"].([]any) {
		c := obj(cv)
		name := c["name"].(string)
		idx := ints(c["batch_indices"])
		Xb, Yb := rows(X, idx), rows(Y, idx)
		n := int(num(c["N"]))
		e := obj(c["expected"])
		tp.Reset()
		muF, nuF, muW, nuW, _ := m.L.onTape(tp, Xb)
		closeTo(t, name+"/q_f_mean", flat(muF.Val), vec(e["q_f_mean"]), vr, va)
		closeTo(t, name+"/q_f_var", flat(nuF.Val), vec(e["q_f_var"]), vr, va)
		closeTo(t, name+"/q_w_mean", flat(muW.Val), vec(e["q_w_mean"]), vr, va)
		closeTo(t, name+"/q_w_var", flat(nuW.Val), vec(e["q_w_var"]), vr, va)
		ve, e2, e1 := varExpH(tp, tp.Const(Yb), muF, nuF, muW, nuW, m.C.On(tp))
		closeTo(t, name+"/E_exp_minus_2w", flat(e2.Val), vec(e["E_exp_minus_2w"]), vr, va)
		closeTo(t, name+"/E_exp_minus_w", flat(e1.Val), vec(e["E_exp_minus_w"]), vr, va)
		closeTo(t, name+"/var_exp", flat(ve.Val), vec(e["var_exp"]), vr, va)
		closeTo(t, name+"/KL_f", []float64{m.L.F.KL(tp, m.L.F.Prior(tp)).Scalar()}, vec(e["KL_f"]), vr, va)
		closeTo(t, name+"/KL_w", []float64{m.L.W.KL(tp, m.L.W.Prior(tp)).Scalar()}, vec(e["KL_w"]), vr, va)
		tp.Reset()
		o := m.Objective(tp, Step{X: Xb, Y: Yb, N: n})
		closeTo(t, name+"/objective", []float64{o.Scalar()}, vec(e["objective"]), vr, va)
		tp.Backward(o)
		gd := obj(c["gradients"])
		for key, p := range map[string]*ad.Param{"Z_f": m.L.F.Z, "Z_w": m.L.W.Z, "m_f": m.L.F.Mean, "m_w": m.L.W.Mean,
			"R_f": m.L.F.Factors[0], "R_w": m.L.W.Factors[0], "mu0": m.L.W.Mu0} {
			closeTo(t, name+"/d"+key, flat(p.Grad()), flat(dense(gd[key], key == "m_f" || key == "m_w")), gr, ga)
		}
		l1 := obj(c["log1pe"])
		for key, p := range map[string]*ad.Param{"f_kernel_variance": m.L.F.Kern.Hyperparams().Variance, "f_lengthscales": m.L.F.Kern.Hyperparams().Lengthscales,
			"w_kernel_variance": m.L.W.Kern.Hyperparams().Variance, "w_lengthscales": m.L.W.Kern.Hyperparams().Lengthscales, "c": m.C} {
			closeTo(t, name+"/d_rho_"+key, flat(p.Grad()), vec(obj(l1[key])["d_objective_d_rho"]), gr, ga)
		}
	}
	pred := obj(g["prediction"])
	Xt, Yt := dense(pred["X_test"], false), dense(pred["y_test"], true)
	closeTo(t, "gauss_hermite_nodes", m.nodes, vec(pred["gauss_hermite_nodes"]), 1e-12, 1e-13)
	closeTo(t, "gauss_hermite_weights", m.wts, vec(pred["gauss_hermite_weights"]), 1e-10, 1e-300)
	mod, modv := m.Modulation(Xt)
	closeTo(t, "pred/q_w_mean", mod, vec(pred["q_w_mean"]), vr, va)
	closeTo(t, "pred/q_w_var", modv, vec(pred["q_w_var"]), vr, va)
	closeTo(t, "pred/log_density_J20", m.LogDensity(Xt, Yt), vec(pred["log_predictive_density"]), vr, va)
}

func heteroToyModel(t *testing.T, name string, rng *rand.Rand) (Model, *mat.Dense, *mat.Dense) {
	X, Y := adtest.Rand(rng, 8, 2), adtest.Rand(rng, 8, 1)
	cfg := defaultHeteroConfig()
	cfg.M, cfg.MW = 4, 3
	spec := Spec{X: X, Y: Y, KMeans: twoZ(adtest.Rand(rng, 4, 2), adtest.Rand(rng, 3, 2))}
	var m Model
	var err error
	if name == "shgp" {
		m, err = NewSHGP(cfg, spec)
	} else {
		m, err = NewSVHGP(cfg, spec)
	}
	if err != nil {
		t.Fatal(err)
	}
	randomize(m.Params(), rng, 0.3)
	return m, X, Y
}

func TestHeteroObjectiveGradientFD(t *testing.T) {
	rng := rand.New(rand.NewPCG(21, 22))
	for _, name := range []string{"shgp", "svhgp"} {
		m, X, Y := heteroToyModel(t, name, rng)
		objectiveCheck(t, m, X, Y, 30, 1)
	}
}

// TestHeteroVEMatchesMonteCarlo is models.md §11 item 3: the analytical
// expected log-likelihoods equal a 10⁶-sample Monte Carlo estimate of
// E_{q(f)q(w)} log p(y | f, w) within a few standard errors.
func TestHeteroVEMatchesMonteCarlo(t *testing.T) {
	rng := rand.New(rand.NewPCG(31, 32))
	const S = 1_000_000
	cases := [][5]float64{ // y, μ_f, ν_f, μ_w, ν_w
		{0.7, 0.3, 0.4, -0.2, 0.3}, {-1.5, 0.5, 0.1, 0.4, 0.05}, {2.0, -0.4, 0.8, -0.6, 0.5},
	}
	const c = 0.3
	tp := ad.NewTape()
	for _, cs := range cases {
		y, muF, nuF, muW, nuW := cs[0], cs[1], cs[2], cs[3], cs[4]
		one := func(x float64) *ad.Var { return tp.Scalar(x) }
		tp.Reset()
		veH, _, _ := varExpH(tp, one(y), one(muF), one(nuF), one(muW), one(nuW), one(c))
		veS := varExpSV(tp, one(y), one(muF), one(nuF), one(muW), one(nuW))
		var sH, sH2, sS, sS2 float64
		for k := 0; k < S; k++ {
			f := muF + math.Sqrt(nuF)*rng.NormFloat64()
			w := muW + math.Sqrt(nuW)*rng.NormFloat64()
			ew := math.Exp(w)
			v := c * ew * ew
			r := y - ew*f
			lh := -0.5*math.Log(2*math.Pi*v) - r*r/(2*v)
			vs := math.Exp(w) // SVHGP: noise variance e^{g}
			rs := y - f
			ls := -0.5*math.Log(2*math.Pi*vs) - rs*rs/(2*vs)
			sH, sH2, sS, sS2 = sH+lh, sH2+lh*lh, sS+ls, sS2+ls*ls
		}
		for _, chk := range []struct {
			name      string
			got       float64
			sum, sum2 float64
		}{{"SHGP", veH.Scalar(), sH, sH2}, {"SVHGP", veS.Scalar(), sS, sS2}} {
			mean := chk.sum / S
			se := math.Sqrt((chk.sum2/S - mean*mean) / S)
			if math.Abs(chk.got-mean) > 4*se {
				t.Errorf("%s VE %v vs MC %v ± %v (case %v)", chk.name, chk.got, mean, se, cs)
			}
		}
	}
}

// TestSHGPQuadratureMatchesMonteCarlo: the Gauss-Hermite predictive density
// equals a Monte Carlo average of N(y | μ_f e^w, (ν_f + c) e^{2w}) over w.
func TestSHGPQuadratureMatchesMonteCarlo(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 42))
	nodes, wts := hermite(20)
	buf := make([]float64, 20)
	const S = 400_000
	for _, cs := range [][5]float64{{0.7, 0.3, 0.4, -0.2, 0.3}, {-1.2, 0.9, 0.2, 0.3, 0.6}} {
		y, muF, nuF, muW, nuW := cs[0], cs[1], cs[2], cs[3], cs[4]
		const c = 0.25
		mv := func(w float64) (float64, float64) { e := math.Exp(w); return muF * e, (nuF + c) * e * e }
		got := ghLogDensity(y, muW, nuW, nodes, wts, mv, buf)
		var s, s2 float64
		for k := 0; k < S; k++ {
			m, v := mv(muW + math.Sqrt(nuW)*rng.NormFloat64())
			p := math.Exp(-0.5*math.Log(2*math.Pi*v) - (y-m)*(y-m)/(2*v))
			s, s2 = s+p, s2+p*p
		}
		mean := s / S
		se := math.Sqrt((s2/S - mean*mean) / S)
		if math.Abs(math.Exp(got)-mean) > 4*se {
			t.Errorf("quadrature density %v vs MC %v ± %v", math.Exp(got), mean, se)
		}
	}
}
