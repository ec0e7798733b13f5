package models

import (
	"math"

	"github.com/mgpteam/mgp/pkg/config"
)

// The config structs below check their own values (config.Validator):
// the run config's decoder calls Validate before any data is read, and the
// constructors call it again for configs written in code. Each error is a
// *config.KeyError naming its key.

// Validate implements config.Validator.
func (c SGPConfig) Validate() error {
	if c.M <= 0 {
		return config.Errorf("model.m", "model.m = %d: the number of inducing points must be positive", c.M)
	}
	if err := checkKernel("model.kernel", c.Kernel); err != nil {
		return err
	}
	return checkPositive("model.noise_init", c.NoiseInit)
}

// Validate implements config.Validator (m_w = 0 means m_w = m).
func (c HeteroConfig) Validate() error {
	switch {
	case c.M <= 0:
		return config.Errorf("model.m", "model.m = %d: the number of inducing points must be positive", c.M)
	case c.MW < 0:
		return config.Errorf("model.m_w", "model.m_w = %d: must be positive (0: as many as model.m)", c.MW)
	case c.Quadrature <= 0:
		return config.Errorf("model.quadrature", "model.quadrature = %d: must be positive", c.Quadrature)
	}
	if err := checkKernel("model.kernel", c.Kernel); err != nil {
		return err
	}
	if err := checkInit(c.Init); err != nil {
		return err
	}
	return checkKernel("model.kernel_w", c.KernelW)
}

// Validate implements config.Validator.
func (c SMGPConfig) Validate() error {
	switch {
	case c.Bound != boundJoint && c.Bound != boundNested:
		return config.Errorf("model.bound", "model.bound = %q: use %s ([C]'s, the default) or %s ([P]'s, with model.s_w inner samples)",
			c.Bound, boundJoint, boundNested)
	case c.Bound == boundNested && c.SW <= 0:
		return config.Errorf("model.s_w", "model.s_w = %d: the nested bound needs a positive number of inner Concrete samples per logit sample", c.SW)
	case c.Bound == boundJoint && c.SW != 0:
		return config.Errorf("model.s_w", "model.s_w = %d: inner samples are used only by bound: nested; remove the key or set model.bound", c.SW)
	}
	if err := checkMixtureKernels(c.Kernel, c.KernelA); err != nil {
		return err
	}
	return checkMixture(c.M, c.T, c.S, c.Lambda, c.NoiseInit)
}

// Validate implements config.Validator.
func (c DAGPConfig) Validate() error {
	if err := checkMixtureKernels(c.Kernel, c.KernelA); err != nil {
		return err
	}
	return checkMixture(c.M, c.T, c.S, c.Lambda, c.NoiseInit)
}

// checkMixtureKernels checks the experts' and the assignment GPs' kernels.
func checkMixtureKernels(kernel, kernelA string) error {
	if err := checkKernel("model.kernel", kernel); err != nil {
		return err
	}
	return checkKernel("model.kernel_a", kernelA)
}

// checkMixture checks the keys SMGP and DAGP share.
func checkMixture(m, t, s int, lambda, noise float64) error {
	switch {
	case m <= 0:
		return config.Errorf("model.m", "model.m = %d: the number of inducing points must be positive", m)
	case t <= 0:
		return config.Errorf("model.t", "model.t = %d: the number of experts must be positive (the paper uses 4)", t)
	case s <= 0:
		return config.Errorf("model.s", "model.s = %d: the number of Monte Carlo samples must be positive (the paper uses 10)", s)
	case !(lambda > 0) || math.IsInf(lambda, 0):
		return config.Errorf("model.lambda", "model.lambda = %g: the Concrete temperature must be a positive finite number (the paper uses 0.01)", lambda)
	}
	return checkPositive("model.noise_init", noise)
}

// Validate implements config.Validator.
func (c HNNConfig) Validate() error { return checkHidden(c.Hidden) }

// Validate implements config.Validator.
func (c MDNConfig) Validate() error {
	if c.T <= 0 {
		return config.Errorf("model.t", "model.t = %d: the number of mixture components must be positive (the paper's setting is 4)", c.T)
	}
	return checkHidden(c.Hidden)
}

// Validate implements config.Validator.
func (c CVAEConfig) Validate() error {
	switch {
	case c.DW <= 0:
		return config.Errorf("model.d_w", "model.d_w = %d: the latent dimension must be positive", c.DW)
	case c.S <= 0:
		return config.Errorf("model.s", "model.s = %d: the number of Monte Carlo samples must be positive (the paper's setting is 10)", c.S)
	case c.Decoder != decoderHetero && c.Decoder != decoderHomo:
		return config.Errorf("model.decoder", "model.decoder = %q: use %s (the default) or %s", c.Decoder, decoderHetero, decoderHomo)
	}
	if err := checkPositive("model.noise_init", c.NoiseInit); err != nil {
		return err
	}
	return checkHidden(c.Hidden)
}

// checkPositive refuses a value that is not a positive finite number.
func checkPositive(key string, v float64) error {
	if !(v > 0) || math.IsInf(v, 0) {
		return errPositive(key, v)
	}
	return nil
}
