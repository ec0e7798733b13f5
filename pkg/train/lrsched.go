package train

import (
	"math"

	"github.com/mgpteam/mgp/pkg/runconfig"
)

// LearningRate returns Adam's learning rate at iteration it (1-based) of a
// run with cfg: cfg.LR throughout when cfg.LRFinal is 0, otherwise
// cfg.LR·(cfg.LRFinal/cfg.LR)^((it-1)/(T-1)) with T = cfg.Iterations, a
// geometric decay that starts at LR and ends at LRFinal. It depends on the
// iteration alone, so a resumed run follows the same schedule.
func LearningRate(cfg runconfig.TrainConfig, it int) float64 {
	if cfg.LRFinal <= 0 || cfg.Iterations <= 1 {
		return cfg.LR
	}
	f := float64(it-1) / float64(cfg.Iterations-1)
	f = math.Min(math.Max(f, 0), 1)
	return cfg.LR * math.Pow(cfg.LRFinal/cfg.LR, f)
}
