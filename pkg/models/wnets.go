package models

import (
	"math/rand/v2"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"github.com/mgpteam/mgp/pkg/models/nn"
)

// wNets is the pair of networks over a latent w ∈ R^{d_w} of models.md
// §5.2, shared by latent-variable models: the informative prior
// p(w | x) = N(μ^p, v^p) from MLP_p: d_x -> 2d_w and the amortised
// posterior q(w | x, y) = N(μ^q, v^q) from MLP_q: d_x + d_y -> 2d_w, both
// with the default head v = sp(r - 5).
type wNets struct {
	DW          int
	Prior, Post *nn.MLP
}

// newWNets builds the two MLPs with the given hidden sizes, drawing their
// weights from rng (prior first). Params are named prefix+"prior_W1", ....
func newWNets(prefix string, dx, dy, dw int, hidden []int, rng *rand.Rand) *wNets {
	return &wNets{
		DW:    dw,
		Prior: nn.NewMLP(prefix+"prior_", mlpSizes(dx, hidden, 2*dw), rng),
		Post:  nn.NewMLP(prefix+"post_", mlpSizes(dx+dy, hidden, 2*dw), rng),
	}
}

// params lists the prior's then the posterior's weights and biases.
func (w *wNets) params() []*ad.Param {
	return append(w.Prior.Params(), w.Post.Params()...)
}

// prior returns μ^p and v^p (rows of x by d_w).
func (w *wNets) prior(t *ad.Tape, x *ad.Var) (mu, v *ad.Var) {
	mu, raw := nn.SplitHead(t, w.Prior.Forward(t, x))
	return mu, nn.SoftplusVar(t, raw)
}

// post returns μ^q and v^q (rows of x by d_w) of q(w | x, y).
func (w *wNets) post(t *ad.Tape, x, y *ad.Var) (mu, v *ad.Var) {
	mu, raw := nn.SplitHead(t, w.Post.Forward(t, t.ConcatCols(x, y)))
	return mu, nn.SoftplusVar(t, raw)
}

// klW returns KL^W_i = Σ_j KL(N(μ^q_ij, v^q_ij + ε_d) ‖ N(μ^p_ij, v^p_ij + ε_d))
// per row (rows x 1; models.md §5.5).
func klW(t *ad.Tape, muQ, vQ, muP, vP *ad.Var) *ad.Var {
	return t.RowSum(t.GaussKL(muQ, t.AddConst(vQ, EpsD), muP, t.AddConst(vP, EpsD)))
}

// sampleS draws S reparameterised samples per row, stacked as S·b rows
// (row s·b + i for sample s of row i; models.md §5.4 step 2):
// μ + ε ⊙ √(v + ε_r), with the standard normals ε (S·b x cols) in eps.
func sampleS(t *ad.Tape, mu, v *ad.Var, S int, eps *ad.Var) *ad.Var {
	return t.Add(t.Tile(mu, S), t.Mul(eps, t.Sqrt(t.AddConst(t.Tile(v, S), EpsR))))
}
