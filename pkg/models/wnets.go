package models

import (
	"math/rand/v2"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"github.com/mgpteam/mgp/pkg/config"
	"github.com/mgpteam/mgp/pkg/models/nn"
	"gonum.org/v1/gonum/mat"
)

// The priors p(w | x) a latent model can have (model.prior).
const (
	// priorMLP is N(μ^p(x), v^p(x)) from MLP_p: d_x -> 2d_w (models.md §5.2).
	priorMLP = "mlp"
	// priorNormal is N(0, I) for every x (the original GPCDE's prior).
	priorNormal = "normal"
	// priorScaled is N(0, diag(s²)) for every x, s² learnt per dimension.
	priorScaled = "scaled"
)

// checkPrior refuses a model.prior other than mlp, normal or scaled.
func checkPrior(prior string) error {
	if prior != priorMLP && prior != priorNormal && prior != priorScaled {
		return config.Errorf("model.prior", "model.prior = %q: use %s, %s or %s", prior, priorMLP, priorNormal, priorScaled)
	}
	return nil
}

// wNets is the pair of distributions over a latent w ∈ R^{d_w} of models.md
// §5.2 that SLGP, GPCDE and CVAE share: the prior p(w | x) (an MLP head,
// N(0, I) or the scaled N(0, diag(s²))) and the amortised posterior
// q(w | x, y) = N(μ^q, v^q) from MLP_q: d_x + d_y -> 2d_w, the MLP heads with
// v = sp(r - 5).
type wNets struct {
	DW    int
	Prior *nn.MLP // p(w | x)'s network; nil for the normal and scaled priors
	// PriorVar is the scaled prior's variance per latent dimension (1 x
	// d_w); nil otherwise.
	PriorVar *ad.Param
	Post     *nn.MLP // q(w | x, y)
}

// newWNets builds the prior (kind prior) and the posterior with the given
// hidden sizes and hidden-unit leak (0 = ReLU), drawing the networks'
// weights from rng (prior first). Params are named prefix+"prior_W1", ...,
// "prior_w_var" and prefix+"post_W1", ....
func newWNets(prefix string, dx, dy, dw int, hidden []int, prior string, leaky float64, rng *rand.Rand) *wNets {
	w := &wNets{DW: dw}
	switch prior {
	case priorMLP:
		w.Prior = nn.NewMLP(prefix+"prior_", mlpSizes(dx, hidden, 2*dw), rng)
		w.Prior.LeakySlope = leaky
	case priorScaled:
		w.PriorVar = ad.NewParam(prefix+"prior_w_var", ad.Positive, ad.Fill(1, dw, 1))
	}
	w.Post = nn.NewMLP(prefix+"post_", mlpSizes(dx+dy, hidden, 2*dw), rng)
	w.Post.LeakySlope = leaky
	return w
}

// params lists the prior's parameters (network or variance) then the
// posterior network's.
func (w *wNets) params() []*ad.Param {
	var ps []*ad.Param
	if w.Prior != nil {
		ps = append(ps, w.Prior.Params()...)
	}
	if w.PriorVar != nil {
		ps = append(ps, w.PriorVar)
	}
	return append(ps, w.Post.Params()...)
}

// prior returns μ^p and v^p (rows of x by d_w).
func (w *wNets) prior(t *ad.Tape, x *ad.Var) (mu, v *ad.Var) {
	n := x.Rows()
	switch {
	case w.PriorVar != nil:
		return t.Const(mat.NewDense(n, w.DW, nil)), t.Tile(w.PriorVar.On(t), n)
	case w.Prior == nil:
		return t.Const(mat.NewDense(n, w.DW, nil)), t.Const(ad.Fill(n, w.DW, 1))
	}
	mu, raw := nn.SplitHead(t, w.Prior.Forward(t, x))
	return mu, nn.SoftplusVar(t, raw)
}

// post returns μ^q and v^q (rows of x by d_w) of q(w | x, y).
func (w *wNets) post(t *ad.Tape, x, y *ad.Var) (mu, v *ad.Var) {
	mu, raw := nn.SplitHead(t, w.Post.Forward(t, t.ConcatCols(x, y)))
	return mu, nn.SoftplusVar(t, raw)
}

// deadReLUs adds the dead-unit fractions of both networks at the rows of
// X and [X, Y] (models.md §5.6a).
func (w *wNets) deadReLUs(out map[string]float64, X, Y *mat.Dense) {
	XY := mat.NewDense(X.RawMatrix().Rows, X.RawMatrix().Cols+Y.RawMatrix().Cols, nil)
	XY.Augment(X, Y)
	if w.Prior != nil {
		deadReLUs(out, "prior", w.Prior, X)
	}
	deadReLUs(out, "post", w.Post, XY)
}
