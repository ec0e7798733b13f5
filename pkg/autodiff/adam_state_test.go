package autodiff_test

import (
	"encoding/json"
	"testing"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"gonum.org/v1/gonum/mat"
)

// rosenSteps takes n Adam steps on the Rosenbrock function.
func rosenSteps(p *ad.Param, opt *ad.Adam, n int) {
	tp := ad.NewTape()
	for range n {
		tp.Reset()
		v := p.On(tp)
		a, b := tp.SliceCols(v, 0, 1), tp.SliceCols(v, 1, 2)
		tp.Backward(tp.Add(tp.Square(tp.AddConst(tp.Neg(a), 1)), tp.Scale(100, tp.Square(tp.Sub(b, tp.Square(a))))))
		opt.Step()
	}
}

// TestAdamStateResumes checks that an optimiser restored from a JSON round
// trip of another's state (with the parameter values copied) continues bit
// for bit as the original; without the moments it would not.
func TestAdamStateResumes(t *testing.T) {
	p := ad.NewParam("ab", ad.Identity, mat.NewDense(1, 2, []float64{-1.2, 1}))
	opt := ad.NewAdam(ad.NewParamSet(p), 0.01)
	rosenSteps(p, opt, 37)
	raw, err := json.Marshal(opt.State())
	if err != nil {
		t.Fatal(err)
	}
	var st ad.AdamState
	if err := json.Unmarshal(raw, &st); err != nil {
		t.Fatal(err)
	}
	q := ad.NewParam("ab", ad.Identity, mat.DenseCopyOf(p.Raw))
	fresh := ad.NewParam("ab", ad.Identity, mat.DenseCopyOf(p.Raw))
	opt2 := ad.NewAdam(ad.NewParamSet(q), 0.01)
	if err := opt2.Restore(st); err != nil {
		t.Fatal(err)
	}
	opt3 := ad.NewAdam(ad.NewParamSet(fresh), 0.01)
	rosenSteps(p, opt, 50)
	rosenSteps(q, opt2, 50)
	rosenSteps(fresh, opt3, 50)
	for j := range 2 {
		if p.Raw.At(0, j) != q.Raw.At(0, j) {
			t.Fatalf("restored optimiser diverged: %v vs %v", q.Raw.RawMatrix().Data, p.Raw.RawMatrix().Data)
		}
	}
	if fresh.Raw.At(0, 0) == p.Raw.At(0, 0) && fresh.Raw.At(0, 1) == p.Raw.At(0, 1) {
		t.Fatal("a fresh optimiser matches too: the test cannot tell restored moments from none")
	}
	if opt2.Steps() != opt.Steps() {
		t.Fatalf("steps %d, want %d", opt2.Steps(), opt.Steps())
	}
}

// TestAdamRestoreRejects checks missing parameters and wrong sizes.
func TestAdamRestoreRejects(t *testing.T) {
	p := ad.NewParam("x", ad.Identity, mat.NewDense(1, 3, nil))
	opt := ad.NewAdam(ad.NewParamSet(p), 0.01)
	st := opt.State()
	st.M["x"] = st.M["x"][:2]
	if err := opt.Restore(st); err == nil {
		t.Error("short moments accepted")
	}
	if err := opt.Restore(ad.AdamState{M: map[string][]float64{}, V: map[string][]float64{}}); err == nil {
		t.Error("missing parameter accepted")
	}
	st = opt.State()
	st.Step = -1
	if err := opt.Restore(st); err == nil {
		t.Error("negative step accepted")
	}
}
