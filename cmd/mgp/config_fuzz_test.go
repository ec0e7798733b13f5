package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/mgpteam/mgp/pkg/runconfig"
)

// FuzzLoadConfig feeds an arbitrary YAML run config and one --set override
// to the config decoder: it must return an error or a config that passes
// Validate and keeps every size key within its limit
// (runconfig.SizeLimits), never panic. The seeds set every size key, the
// huge values of issue 71 among them.
func FuzzLoadConfig(f *testing.F) {
	for _, set := range []string{"model.s=1000000000000", "model.hidden=[1000000000000]", "model.t=1000000000",
		"model.quadrature=1000000000", "model.m=1000000000", "model.m_w=30000", "model.d_w=1000000", "model.s_w=20000",
		"train.iterations=1000000000000", "train.batch_size=1000000000000", "eval.samples=1000000000000",
		"eval.density_draws=1000000000", "eval.jobs=100000", "model.hidden=[20000,20000,20000]"} {
		f.Add([]byte("model: {name: slgp}\ndata: {name: hetero}\n"), set)
		f.Add([]byte("model: {name: smgp, bound: nested}\ndata: {name: hetero}\n"), set)
	}
	f.Add([]byte(toyYAML), "train.iterations=40")
	f.Add([]byte(toyYAML), "train.iterations=150.7")
	f.Add([]byte(toyYAML), "model.hidden=[100,100]")
	f.Add([]byte(toyYAML), "data.split_seed=-1")
	f.Add([]byte("model: {name: sgp}\ndata: {name: step}\ntrain: {lr: .nan}\n"), "eval.samples=true")
	f.Add([]byte("model: [1, 2]\n"), "=")
	f.Add([]byte("train:\n  iterations: 1e400\n"), "train.seed=18446744073709551616")
	f.Add([]byte("\t- : :\n"), "x")
	f.Fuzz(func(t *testing.T, body []byte, set string) {
		path := filepath.Join(t.TempDir(), "c.yaml")
		if err := os.WriteFile(path, body, 0o644); err != nil {
			t.Fatal(err)
		}
		cfg, err := loadConfig(path, []string{set})
		if err != nil {
			if exitCode(err) != 2 {
				t.Fatalf("a config error must exit 2: %v", err)
			}
			return
		}
		if err := cfg.Validate(); err != nil {
			t.Fatalf("loadConfig accepted a config Validate refuses: %v", err)
		}
		for key, v := range sizeValues(cfg) {
			if limit, ok := runconfig.SizeLimits()[key]; ok && v > limit {
				t.Fatalf("loadConfig accepted %s = %d, above its limit %d", key, v, limit)
			}
		}
	})
}

// sizeValues returns cfg's size keys (runconfig.SizeLimits) with their
// values; for model.hidden, the widest layer.
func sizeValues(cfg runconfig.RunConfig) map[string]int {
	out := map[string]int{
		"train.iterations": cfg.Train.Iterations, "train.batch_size": cfg.Train.BatchSize,
		"eval.samples": cfg.Eval.Samples, "eval.density_draws": cfg.Eval.DensityDraws, "eval.jobs": cfg.Eval.Jobs,
	}
	for k, v := range cfg.Model.Map() {
		switch v := v.(type) {
		case int:
			out["model."+k] = v
		case []int:
			for _, w := range v {
				out["model."+k] = max(out["model."+k], w)
			}
		}
	}
	return out
}
