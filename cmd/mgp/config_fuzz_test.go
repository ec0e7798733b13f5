package main

import (
	"os"
	"path/filepath"
	"testing"
)

// FuzzLoadConfig feeds an arbitrary YAML run config and one --set override
// to the config decoder: it must return an error or a config that passes
// Validate, never panic.
func FuzzLoadConfig(f *testing.F) {
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
	})
}
