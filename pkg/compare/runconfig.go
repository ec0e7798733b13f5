package compare

import (
	"github.com/mgpteam/mgp/pkg/config"
	"github.com/mgpteam/mgp/pkg/models"
	"github.com/mgpteam/mgp/pkg/runconfig"
)

// RunConfig returns the run config of model (or of a candidate
// model-kernel: the model with model.kernel set) for s, built over
// runconfig.DefaultRunConfig as a config file is decoded over it: the model's
// compare settings (models.CompareSettings, with its small-data sizes
// where the training rows fit in one batch, M capped below the training
// rows), the CSV with a random 90/10 split standardised on the training
// rows only, and the small-data path's training and scoring
// (runconfig.ApplyOwnData: Adam 0.005 on minibatches of 512, a model's
// small-data schedule or L-BFGS where the rows fit in one batch, 200
// predictive samples, held-out selection where NeedsSelection says so,
// for every model with early stopping when s.Stop is enabled; a refit
// without selection). The split seed and the
// model seed are left 0: the sweep's runs set them (splitConfig).
func RunConfig(candidate string, s Settings) (runconfig.RunConfig, error) {
	model, kernel := SplitCandidate(candidate)
	mc, err := runconfig.CompareModelConfig(model, s.NTrain)
	if err != nil {
		return runconfig.RunConfig{}, err
	}
	e, _ := models.Lookup(model)
	if kernel != "" {
		if err := config.Set(mc.Config, "kernel", kernel); err != nil {
			return runconfig.RunConfig{}, config.Errorf("model.kernel", "%s has no kernel choice: %v", model, err)
		}
	}
	if s.NTrain > 0 {
		capInducing(mc.Config, s.NTrain*9/10) // k-means needs M below the rows it trains on
	}
	cfg := runconfig.DefaultRunConfig()
	cfg.Model = mc
	cfg.Data = runconfig.DataConfig{Name: s.Name, Kind: "csv", Path: s.Path, Target: []string{s.Target}, Split: "random", Stats: "train"}
	runconfig.ApplyOwnData(&cfg, e, runconfig.OwnData{NTrain: s.NTrain, Iterations: s.Iterations, Stop: s.Stop,
		Refit: s.Refit, SplitIterations: s.SplitIterations})
	if s.Refit {
		cfg.Data.Split = runconfig.SplitNone
		cfg.Eval.Latent = string(s.Latent)
	}
	if err := cfg.Validate(); err != nil {
		return runconfig.RunConfig{}, err
	}
	return cfg, nil
}

// The small-data path's constants, runconfig's (ApplyOwnData).
const (
	// FullBatchRows: runconfig.FullBatchRows.
	FullBatchRows = runconfig.FullBatchRows
	// LBFGSIterations: runconfig.LBFGSIterations.
	LBFGSIterations = runconfig.LBFGSIterations
	// DensityDraws: runconfig.DensityDraws.
	DensityDraws = runconfig.DensityDraws
	// ContinuousDensityDraws: runconfig.ContinuousDensityDraws.
	ContinuousDensityDraws = runconfig.ContinuousDensityDraws
)

// capInducing lowers the config's inducing-point keys (m, m_w) to at most
// n where it has them.
func capInducing(cfg any, n int) {
	vals := config.Values(cfg)
	for _, k := range []string{"m", "m_w"} {
		if m, ok := vals[k].(int); ok && m > n {
			_ = config.Set(cfg, k, n) // an int key takes an int
		}
	}
}
