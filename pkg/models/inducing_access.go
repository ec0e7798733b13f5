package models

import ad "github.com/mgpteam/mgp/pkg/autodiff"

// InducingInputter is a model with trainable inducing inputs: each
// parameter it lists is the M x D matrix of one GP layer's inducing inputs
// (or, in SLGP's and GPCDE's encoded design, of the inputs Z_x and Z_xy
// from which the layer's are computed), in its parameter set.
type InducingInputter interface {
	InducingInputs() []*ad.Param
}

var (
	_ InducingInputter = (*SGP)(nil)
	_ InducingInputter = (*SHGP)(nil)
	_ InducingInputter = (*SVHGP)(nil)
	_ InducingInputter = (*SLGP)(nil)
	_ InducingInputter = (*GPCDE)(nil)
	_ InducingInputter = (*SMGP)(nil)
)

// InducingInputs returns the layer's Z.
func (m *SGP) InducingInputs() []*ad.Param { return []*ad.Param{m.Layer.Z} }

// InducingInputs returns the f- and the w-layer's Z.
func (m *SHGP) InducingInputs() []*ad.Param { return m.L.inducingInputs() }

// InducingInputs returns the f- and the g-layer's Z.
func (m *SVHGP) InducingInputs() []*ad.Param { return m.L.inducingInputs() }

// inducingInputs returns the f- and the w-layer's Z.
func (l *twoLayers) inducingInputs() []*ad.Param { return []*ad.Param{l.F.Z, l.W.Z} }

// InducingInputs returns Z_h in the direct design, Z_x and Z_xy in the
// encoded one (where the layer's inputs are computed from them).
func (c *latentCore) InducingInputs() []*ad.Param {
	if c.Zx != nil {
		return []*ad.Param{c.Zx, c.Zxy}
	}
	return []*ad.Param{c.Layer.Z}
}
