package models

// DAGP is the data association GP competitor (Kaiser, Otte, Runkler, Ek
// 2019) as models.md §6.2 reconstructs it: SMGP's generative model,
// parameters, initialisation, T, S and λ, with the assignments kept as
// relaxed samples whose variational distribution equals the prior, so the
// Monte Carlo mean sits outside the log:
// (1/b) Σ_i (1/S) Σ_s Σ_t w_it^(s) ℓ_it - (Σ_t KL^f_t + Σ_t KL^a_t)/n.
// By Jensen it is never above SMGP's bound at the same draws. Prediction
// is SMGP's (§4.4).
type DAGP = SMGP

// DAGPConfig configures DAGP: SMGP's keys without its choice of bound.
type DAGPConfig struct {
	M           int     `mapstructure:"m"`            // inducing points per layer (paper: 100 UCI, 50 toys)
	T           int     `mapstructure:"t"`            // number of experts (default 4, A-16)
	S           int     `mapstructure:"s"`            // Monte Carlo samples (default 10, A-17)
	Lambda      float64 `mapstructure:"lambda"`       // Concrete temperature λ (default 0.01)
	Whiten      bool    `mapstructure:"whiten"`       // whitened q(u) (default true, A-4)
	ARD         bool    `mapstructure:"ard"`          // one lengthscale per input (default true)
	NoiseInit   float64 `mapstructure:"noise_init"`   // initial σ_t² (default 1.0)
	HardPredict bool    `mapstructure:"hard_predict"` // exact categorical predictive assignment
	// Kernel and KernelA are SMGPConfig's (the experts' and the
	// assignment GPs' kernels; empty: the squared exponential).
	Kernel  string `mapstructure:"kernel,omitempty"`
	KernelA string `mapstructure:"kernel_a,omitempty"`
}

// DefaultDAGPConfig returns SMGP's settings (models.md §6.2): M = 100,
// T = 4, S = 10, λ = 0.01.
func DefaultDAGPConfig() DAGPConfig {
	d := DefaultSMGPConfig()
	return DAGPConfig{M: d.M, T: d.T, S: d.S, Lambda: d.Lambda, Whiten: d.Whiten, ARD: d.ARD, NoiseInit: d.NoiseInit}
}

// NewDAGP builds DAGP (models.md §6.2) with SMGP's initialisation (§4.2
// and NewSMGP's clustered start of the experts and logits).
func NewDAGP(cfg DAGPConfig, spec Spec) (*DAGP, error) {
	if err := cfg.Validate(); err != nil {
		return nil, err
	}
	return newMixture("dagp", "§6.2", boundMean, SMGPConfig{M: cfg.M, T: cfg.T, S: cfg.S, Lambda: cfg.Lambda,
		Whiten: cfg.Whiten, ARD: cfg.ARD, NoiseInit: cfg.NoiseInit, HardPredict: cfg.HardPredict,
		Kernel: cfg.Kernel, KernelA: cfg.KernelA}, spec)
}
