package models

import (
	ad "github.com/mgpteam/mgp/pkg/autodiff"
)

// core gives the tests SLGP's shared blocks.
func (m *SLGP) core() *latentCore { return &m.latentCore }

// core gives the tests GPCDE's shared blocks.
func (m *GPCDE) core() *latentCore { return &m.latentCore }

// latentModel is SLGP or GPCDE as the tests reach into them.
type latentModel interface {
	Model
	Diagnoser
	core() *latentCore
	bound(t *ad.Tape, tr *terms, s Step) *ad.Var
}

// gpcdeOf returns GPCDE's config with the keys it shares with c.
func gpcdeOf(c SLGPConfig) GPCDEConfig {
	return GPCDEConfig{M: c.M, DW: c.DW, S: c.S, Prior: c.Prior, Hidden: c.Hidden, Whiten: c.Whiten, ARD: c.ARD,
		NoiseInit: c.NoiseInit, LeakySlope: c.LeakySlope, Kernel: c.Kernel}
}

// newLatent builds SLGP from cfg (encoder) or GPCDE from the keys it
// shares with cfg.
func newLatent(cfg SLGPConfig, spec Spec, encoder bool) (latentModel, error) {
	if encoder {
		return NewSLGP(cfg, spec)
	}
	return NewGPCDE(gpcdeOf(cfg), spec)
}
