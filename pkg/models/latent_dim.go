package models

// LatentDimConfig is a model config with a latent input w of dimension
// d_w (SLGP, GPCDE, CVAE).
type LatentDimConfig interface {
	LatentDim() int
}

var (
	_ LatentDimConfig = SLGPConfig{}
	_ LatentDimConfig = GPCDEConfig{}
	_ LatentDimConfig = CVAEConfig{}
)

// LatentDim returns d_w.
func (c SLGPConfig) LatentDim() int { return c.DW }

// LatentDim returns d_w.
func (c GPCDEConfig) LatentDim() int { return c.DW }

// LatentDim returns d_w.
func (c CVAEConfig) LatentDim() int { return c.DW }
