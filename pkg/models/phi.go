package models

import (
	"fmt"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/gonum/stat"
)

// phiMap is SLGP's prior mean map φ(x, w) from [x, w] (d_in columns) to
// d_h columns (models.md §5.1, A-18): the identity when d_h = d_in, zero
// padding [x, w, 0] when d_h > d_in, and a correct PCA when d_h < d_in:
// columns centred, projected on the top d_h principal directions of the
// batch (gonum's stat.PC). The PCA projection and centre are computed from
// each batch's values and held constant on the tape (gradients flow through
// the inputs, not through the eigenvectors) — a documented deviation from
// [C], whose PCA centres rows and takes eigenvector rows.
type phiMap struct{ in, out int }

func newPhi(in, out int) (*phiMap, error) {
	if out <= 0 {
		return nil, fmt.Errorf("model.d_h = %d: must be positive", out)
	}
	return &phiMap{in: in, out: out}, nil
}

// Kind names the regime: identity, zero-pad or pca.
func (p *phiMap) Kind() string {
	switch {
	case p.out == p.in:
		return "identity"
	case p.out > p.in:
		return "zero-pad"
	}
	return "pca"
}

// apply maps x (n x in) to n x out.
func (p *phiMap) apply(t *ad.Tape, x *ad.Var) *ad.Var {
	n := x.Rows()
	switch p.Kind() {
	case "identity":
		return x
	case "zero-pad":
		return t.ConcatCols(x, t.Const(mat.NewDense(n, p.out-p.in, nil)))
	}
	var pc stat.PC
	mean := mat.NewDense(1, p.in, nil)
	for j := 0; j < p.in; j++ {
		mean.Set(0, j, stat.Mean(mat.Col(nil, j, x.Val), nil))
	}
	V := mat.NewDense(p.in, p.in, nil)
	if n >= 2 && pc.PrincipalComponents(x.Val, nil) {
		pc.VectorsTo(V)
	} else {
		for i := 0; i < p.in; i++ {
			V.Set(i, i, 1)
		}
	}
	proj := mat.DenseCopyOf(V.Slice(0, p.in, 0, p.out))
	return t.MatMul(t.Sub(x, t.Const(mean)), t.Const(proj), false, false)
}
