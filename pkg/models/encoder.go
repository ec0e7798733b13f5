package models

import (
	"math/rand/v2"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"github.com/mgpteam/mgp/pkg/models/nn"
	"gonum.org/v1/gonum/mat"
)

// hEncoder is SLGP's stochastic encoder q(h | x, w) = N(μ_h, v_h) of
// models.md §5.2 with its prior p(h | x, w) = N(φ(x, w), ν₀I): MLP_h:
// d_x + d_w -> 2d_h with the variance head v_h = ν₀·sigmoid(r) (bounded by
// ν₀), the prior mean map φ and ν₀.
type hEncoder struct {
	MLP *nn.MLP
	Nu0 *ad.Param
	phi *phiMap
	dh  int
	// residual makes μ_h = φ(x, w) + the MLP's mean head, which starts at
	// zero (model.encoder_residual).
	residual bool
	// fixNu0 keeps ν₀ out of the trainable parameters (model.fix_nu0).
	fixNu0 bool
	// rows is how many inputs go through the MLP at a time (nn.RowBlock;
	// tests set it to compare with one block).
	rows int
}

// newHEncoder builds the encoder from in = d_x + d_w columns to dh,
// drawing the MLP's weights from rng.
func newHEncoder(in, dh int, cfg SLGPConfig, rng *rand.Rand) (*hEncoder, error) {
	phi, err := newPhi(in, dh)
	if err != nil {
		return nil, err
	}
	e := &hEncoder{
		MLP: nn.NewMLP("enc_", mlpSizes(in, cfg.Hidden, 2*dh), rng),
		Nu0: ad.NewScalar("nu0", ad.Positive, cfg.Nu0Init),
		phi: phi, dh: dh, residual: cfg.EncoderResidual, fixNu0: cfg.FixNu0, rows: nn.RowBlock,
	}
	e.MLP.LeakySlope = cfg.LeakySlope
	if e.residual {
		e.MLP.ZeroOutputCols(0, dh)
	}
	return e, nil
}

// params lists the MLP's parameters and ν₀ unless it is fixed.
func (e *hEncoder) params() []*ad.Param {
	if e.fixNu0 {
		return e.MLP.Params()
	}
	return append(e.MLP.Params(), e.Nu0)
}

// encode returns μ_h and v_h (n x d_h) of q(h | x, w) at in = [x, w].
func (e *hEncoder) encode(t *ad.Tape, in *ad.Var) (mu, v *ad.Var) {
	mu, raw := nn.SplitHead(t, e.MLP.ForwardRows(t, in, e.rows))
	if e.residual {
		mu = t.Add(mu, e.phi.apply(t, in))
	}
	return mu, nn.BoundedVar(t, raw, e.Nu0.On(t))
}

// samples runs the h-stage on the S·b rows tr.h = [x, w] (models.md §5.4
// steps 3 and 6): φ, μ_h, v_h, and h = μ_h + ε' √(v_h + ε_r) at the
// standard normals epsH, which replaces tr.h.
func (e *hEncoder) samples(t *ad.Tape, tr *terms, epsH *mat.Dense) {
	in := tr.h
	tr.phi = e.phi.apply(t, in)
	tr.muH, tr.vH = e.encode(t, in)
	tr.h = reparam(t, tr.muH, tr.vH, t.Const(epsH))
}

// terms adds KL^H and the h log-ratio η per sample (models.md §5.5), each
// when asked for.
func (e *hEncoder) terms(t *ad.Tape, tr *terms, klH, eta bool) {
	nu0 := e.Nu0.On(t)
	if klH {
		tr.klH = normalKLRows(t, tr.muH, tr.vH, tr.phi, nu0)
	}
	if eta {
		tr.eta = logRatioRows(t, tr.h, tr.phi, nu0, tr.muH, tr.vH)
	}
}
