package models

// DAGP is the data association GP competitor (Kaiser, Otte, Runkler, Ek
// 2019) as models.md §6.2 reconstructs it: SMGP's generative model,
// parameters, initialisation, T, S and λ, with the assignments kept as
// relaxed samples whose variational distribution equals the prior, so the
// Monte Carlo mean sits outside the log:
// (1/b) Σ_i (1/S) Σ_s Σ_t w_it^(s) ℓ_it - (Σ_t KL^f_t + Σ_t KL^a_t)/n.
// By Jensen it is never above SMGP's bound at the same draws. Prediction
// is SMGP's (§4.4). Its config is SMGPConfig (same keys and defaults).
type DAGP = SMGP

func newDAGP(decode func(any) error, spec Spec) (Model, error) {
	cfg := DefaultSMGPConfig()
	if err := decode(&cfg); err != nil {
		return nil, err
	}
	return NewDAGP(cfg, spec)
}

// NewDAGP builds DAGP (models.md §6.2) with SMGP's initialisation (§4.2).
func NewDAGP(cfg SMGPConfig, spec Spec) (*DAGP, error) {
	return newMixture("dagp", "§6.2", false, cfg, spec)
}
