package train

import (
	"testing"

	"github.com/mgpteam/mgp/pkg/config"
	"github.com/mgpteam/mgp/pkg/runconfig"
)

// modelCfg decodes a model section written as a map (name and keys).
func modelCfg(set map[string]any) runconfig.ModelConfig {
	name, _ := set["name"].(string)
	return runconfig.MustModelConfig(name, set)
}

// setModel sets keys of cfg's model section, strictly; with t nil it
// panics on an error.
func setModel(t testing.TB, cfg *runconfig.RunConfig, set map[string]any) {
	err := config.DecodeValue(set, cfg.Model.Config, "model", "name")
	switch {
	case err != nil && t == nil:
		panic(err)
	case err != nil:
		t.Helper()
		t.Fatal(err)
	}
}
