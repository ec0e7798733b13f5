package models

import (
	"fmt"
	"sort"

	"github.com/mgpteam/mgp/pkg/config"
)

// SizeLimits are the largest values of the model keys that size an
// allocation: a config above one is refused by key, with the limit, before
// anything is allocated (CheckSizes; the CLI's configs and pkg/fit's
// options both go through it). Each is far above what the paper or a
// workstation uses: M = 20,000 inducing points already needs an M × M
// covariance of 3.2 GB per GP.
var SizeLimits = map[string]int{
	"m":          20000,  // inducing points (the paper: 50-500)
	"m_w":        20000,  // the modulation GP's inducing points
	"s":          10000,  // Monte Carlo samples per step (the paper: 10)
	"s_w":        10000,  // SMGP's nested inner samples
	"t":          1000,   // experts or mixture components (the paper: 4)
	"quadrature": 1000,   // Gauss-Hermite points (default 20)
	"d_w":        1000,   // latent dimensions (the paper: 1-16)
	"hidden":     100000, // units of one hidden layer (the paper: 50-512)
}

// MaxHiddenLayers is the most hidden layers a model's MLPs may have.
const MaxHiddenLayers = 100

// CheckSizes refuses a model config (a pointer or struct with mapstructure
// tags) whose size keys exceed SizeLimits, naming the key and its limit.
func CheckSizes(cfg any) error {
	vals := config.Values(cfg)
	keys := make([]string, 0, len(vals))
	for k := range vals {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		limit, ok := SizeLimits[k]
		if !ok {
			continue
		}
		switch v := vals[k].(type) {
		case int:
			if v > limit {
				return config.Errorf("model."+k, "model.%s = %d: at most %d (a larger one would not fit in memory)", k, v, limit)
			}
		case []int:
			if len(v) > MaxHiddenLayers {
				return config.Errorf("model."+k, "model.%s has %d layers: at most %d", k, len(v), MaxHiddenLayers)
			}
			for i, w := range v {
				if w > limit {
					return config.Errorf("model."+k, "model.%s[%d] = %d: at most %d units per layer", k, i, w, limit)
				}
			}
		default:
			return fmt.Errorf("model.%s: size key of type %T", k, v)
		}
	}
	return nil
}
