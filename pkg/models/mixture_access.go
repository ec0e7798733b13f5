package models

import ad "github.com/mgpteam/mgp/pkg/autodiff"

// InducingInputs returns the f- and the assignment layers' Z (SMGP and
// DAGP alike).
func (m *SMGP) InducingInputs() []*ad.Param { return []*ad.Param{m.F.Z, m.A.Z} }
