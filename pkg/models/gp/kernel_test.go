package gp

import (
	"encoding/json"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"testing"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"github.com/mgpteam/mgp/pkg/autodiff/adtest"
	"gonum.org/v1/gonum/mat"
)

// kernelValues is testdata/kernel_values.json, written by
// testdata/kernel_values.py from the textbook formulas.
type kernelValues struct {
	A, B         [][]float64
	Lengthscales []float64
	Variance     float64
	K            map[string][][]float64
}

func rows(x [][]float64) *mat.Dense {
	m := mat.NewDense(len(x), len(x[0]), nil)
	for i, r := range x {
		m.SetRow(i, r)
	}
	return m
}

// TestKernelValues checks every kernel's K(A, B) and Diag against the
// independent values, including a pair at r = 0 and one at r ≈ 1e-9.
func TestKernelValues(t *testing.T) {
	buf, err := os.ReadFile(filepath.Join("testdata", "kernel_values.json"))
	if err != nil {
		t.Fatal(err)
	}
	var kv kernelValues
	if err := json.Unmarshal(buf, &kv); err != nil {
		t.Fatal(err)
	}
	for _, name := range KernelNames() {
		want, ok := kv.K[name]
		if !ok {
			t.Fatalf("%s: no values in testdata", name)
		}
		k, err := New(name, "k_", len(kv.Lengthscales), true)
		if err != nil {
			t.Fatal(err)
		}
		h := k.Hyperparams()
		if err := h.Variance.SetValue(mat.NewDense(1, 1, []float64{kv.Variance})); err != nil {
			t.Fatal(err)
		}
		if err := h.Lengthscales.SetValue(mat.NewDense(1, len(kv.Lengthscales), kv.Lengthscales)); err != nil {
			t.Fatal(err)
		}
		tp := ad.NewTape()
		tp.NoGrad = true
		K := k.K(tp, tp.Const(rows(kv.A)), tp.Const(rows(kv.B))).Val
		for i, row := range want {
			for j, w := range row {
				if got := K.At(i, j); math.Abs(got-w) > 1e-12*math.Abs(w) {
					t.Errorf("%s: K[%d,%d] = %.17g, want %.17g", name, i, j, got, w)
				}
			}
		}
		for i, v := range k.Diag(tp, tp.Const(rows(kv.A))).Val.RawMatrix().Data {
			if math.Abs(v-kv.Variance) > 1e-12 {
				t.Errorf("%s: Diag[%d] = %v, want %v", name, i, v, kv.Variance)
			}
		}
	}
}

// TestMaternGradients checks the Matérn ops' vector-Jacobian products for
// both inputs, the lengthscales and the variance against finite
// differences: K(A, B), K(Z, Z) (r = 0 on the diagonal, gradients
// accumulate), a pair of distinct inputs at r = 0, and Diag.
func TestMaternGradients(t *testing.T) {
	cases := map[string]struct {
		f   func(op maternOp) adtest.Func
		tie bool
	}{
		"AB": {f: func(op maternOp) adtest.Func {
			return func(t *ad.Tape, v []*ad.Var) *ad.Var { return t.Custom(op, v[0], v[1], v[2], v[3]) }
		}},
		"ZZ": {f: func(op maternOp) adtest.Func {
			return func(t *ad.Tape, v []*ad.Var) *ad.Var { return t.Custom(op, v[1], v[1], v[2], v[3]) }
		}},
		"tie": {tie: true, f: func(op maternOp) adtest.Func {
			return func(t *ad.Tape, v []*ad.Var) *ad.Var { return t.Custom(op, v[0], v[1], v[2], v[3]) }
		}},
		"diag": {f: func(maternOp) adtest.Func {
			return func(t *ad.Tape, v []*ad.Var) *ad.Var { return t.Mul(t.Custom(diagOp{}, v[0], v[3]), v[0]) }
		}},
	}
	for _, nu := range []int{1, 3, 5} {
		op := maternOp{nu: nu}
		for name, c := range cases {
			for seed := uint64(1); seed <= 3; seed++ {
				rng := rand.New(rand.NewPCG(seed, uint64(nu)))
				in := []*mat.Dense{adtest.Rand(rng, 4, 3), adtest.Rand(rng, 5, 3),
					adtest.RandPos(rng, 1, 3, 0.5, 2), adtest.RandPos(rng, 1, 1, 0.5, 2)}
				if c.tie {
					in[1].SetRow(2, in[0].RawRowView(1))
				}
				if rep := adtest.Check(c.f(op), in, seed); rep.MaxRelErr > 1e-6 {
					t.Errorf("%s %s seed %d: %v", op.Name(), name, seed, rep)
				}
			}
		}
	}
}

// TestKernelParamGradients checks every kernel end to end through its
// params (transforms and the shared-lengthscale tiling included): the
// gradient of Σ G⊙K(Z, Z) + Σ Diag with respect to the raw variance and
// lengthscales against central differences, and that none is NaN.
func TestKernelParamGradients(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	Z := adtest.Rand(rng, 5, 3)
	G := adtest.Rand(rng, 5, 5)
	for _, name := range KernelNames() {
		for _, ard := range []bool{true, false} {
			k, err := New(name, "", 3, ard)
			if err != nil {
				t.Fatal(err)
			}
			h := k.Hyperparams()
			if err := h.Lengthscales.SetValue(adtest.RandPos(rng, 1, h.Lengthscales.Raw.RawMatrix().Cols, 0.5, 2)); err != nil {
				t.Fatal(err)
			}
			tp := ad.NewTape()
			loss := func() *ad.Var {
				tp.Reset()
				z := tp.Const(Z)
				return tp.Add(tp.Sum(tp.Mul(k.K(tp, z, z), tp.Const(G))), tp.Sum(k.Diag(tp, z)))
			}
			tp.Backward(loss())
			for _, p := range k.Params() {
				g := mat.DenseCopyOf(p.Grad())
				raw := p.Raw.RawMatrix().Data
				for i := range raw {
					if math.IsNaN(g.RawMatrix().Data[i]) {
						t.Fatalf("%s ard=%v: NaN gradient of %s", name, ard, p.Name)
					}
					x0 := raw[i]
					raw[i] = x0 + 1e-6
					up := loss().Scalar()
					raw[i] = x0 - 1e-6
					down := loss().Scalar()
					raw[i] = x0
					num := (up - down) / 2e-6
					if d := math.Abs(num - g.RawMatrix().Data[i]); d > 1e-6*max(1, math.Abs(num)) {
						t.Errorf("%s ard=%v: d/d %s[%d] = %v, numeric %v", name, ard, p.Name, i, g.RawMatrix().Data[i], num)
					}
				}
			}
		}
	}
}

// TestNewKernel checks the names, the param names every kernel shares and
// the refusal of an unknown name.
func TestNewKernel(t *testing.T) {
	for _, name := range KernelNames() {
		k, err := New(name, "f_kernel_", 2, true)
		if err != nil || k.Name() != name {
			t.Fatalf("New(%q): %v, %v", name, k, err)
		}
		if ps := k.Params(); ps[0].Name != "f_kernel_variance" || ps[1].Name != "f_kernel_lengthscales" {
			t.Errorf("%s: params %s, %s", name, ps[0].Name, ps[1].Name)
		}
	}
	if k, err := New("", "", 2, true); err != nil || k.Name() != KernelSE {
		t.Errorf(`New(""): %v, %v`, k, err)
	}
	if _, err := New("rbf", "", 2, true); err == nil {
		t.Error("New(rbf) accepted")
	}
}
