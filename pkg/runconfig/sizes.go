package runconfig

import (
	"github.com/mgpteam/mgp/pkg/config"
	"github.com/mgpteam/mgp/pkg/models"
)

// The largest values of the run's own keys that size an allocation or a
// loop (the model section's are models.SizeLimits), each far above what
// the paper or a workstation uses.
const (
	// MaxIterations is the most training iterations (train.iterations):
	// the paper's runs take 20,000 to 50,000, and the trace grows with it.
	MaxIterations = 100_000_000
	// MaxBatchSize is the largest minibatch (train.batch_size; one at
	// least as large as the data trains on the full batch).
	MaxBatchSize = 100_000_000
	// MaxEvalJobs is the most goroutines scoring an evaluation block
	// (eval.jobs).
	MaxEvalJobs = 1024
	// MaxModelFloats bounds the floats the model's largest blocks take
	// together (8 GB), estimated from its keys before it is built: the
	// covariances of its GPs (about (t+1)·m² + m_w²) and the weights
	// between its MLPs' hidden layers (Σ hidden[i]·hidden[i+1]). Each key
	// may be within its own limit while together they would not fit.
	MaxModelFloats = 1 << 30
)

// SizeLimits lists every key of a run config that sizes an allocation or a
// loop with its largest value: the model section's (models.SizeLimits, as
// model.<key>), the training's and the evaluation's. Validate refuses a
// config above any of them, naming the key and the limit, before anything
// is allocated; mgp train, mgp sweep, mgp compare and pkg/fit all go
// through it.
func SizeLimits() map[string]int {
	out := map[string]int{
		"train.iterations":   MaxIterations,
		"train.batch_size":   MaxBatchSize,
		"eval.samples":       MaxSamples,
		"eval.density_draws": MaxDensityDraws,
		"eval.jobs":          MaxEvalJobs,
	}
	for k, v := range models.SizeLimits {
		out["model."+k] = v
	}
	return out
}

// checkSizes refuses the training and evaluation keys above their limits
// that no other check bounds (eval.samples and eval.density_draws are
// checked with their lower bounds; the model's by ModelConfig.Validate).
func (c *RunConfig) checkSizes() error {
	for _, k := range []struct {
		key      string
		v, limit int
		what     string
	}{
		{"train.iterations", c.Train.Iterations, MaxIterations, "iterations (the paper's runs take 20,000 to 50,000)"},
		{"train.batch_size", c.Train.BatchSize, MaxBatchSize, "rows per minibatch (0: the full batch)"},
		{"eval.jobs", c.Eval.Jobs, MaxEvalJobs, "goroutines"},
	} {
		if k.v > k.limit {
			return config.Errorf(k.key, "%s = %d: at most %d %s", k.key, k.v, k.limit, k.what)
		}
	}
	return c.checkModelMemory()
}

// checkModelMemory refuses a model whose size keys together would need
// more than MaxModelFloats (see there), naming the key that dominates.
func (c *RunConfig) checkModelMemory() error {
	if c.Model.Config == nil {
		return nil
	}
	if err := models.CheckSizes(c.Model.Config); err != nil {
		return err // a key above its own limit is named by itself
	}
	vals := c.Model.Map()
	get := func(k string) float64 {
		v, _ := vals[k].(int)
		return float64(max(v, 0))
	}
	t := max(get("t"), 1)
	gp := (t+1)*get("m")*get("m") + get("m_w")*get("m_w")
	var nn float64
	if h, ok := vals["hidden"].([]int); ok {
		for i := 1; i < len(h); i++ {
			nn += float64(max(h[i-1], 0)) * float64(max(h[i], 0))
		}
	}
	if gp+nn <= MaxModelFloats {
		return nil
	}
	gb := (gp + nn) * 8 / 1e9
	if nn > gp {
		return config.Errorf("model.hidden", "model.hidden = %v: the weights between its layers alone take about %.0f GB; at most %d floats (%d GB) for the model: use narrower or fewer layers", vals["hidden"], gb, MaxModelFloats, MaxModelFloats*8>>30)
	}
	return config.Errorf("model.m", "model.m = %d (with model.t = %.0f, model.m_w = %.0f): the GPs' covariances take about %.0f GB; at most %d floats (%d GB) for the model: use fewer inducing points", int(get("m")), t, get("m_w"), gb, MaxModelFloats, MaxModelFloats*8>>30)
}
