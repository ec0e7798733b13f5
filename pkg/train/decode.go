package train

import (
	"github.com/mgpteam/mgp/pkg/config"
	"go.yaml.in/yaml/v3"
)

// DecodeRunConfig decodes a run config once: doc (a parsed YAML file, nil
// for none) with the overrides set on top (--set flags, a sweep's set:
// maps, seeds), strictly, over DefaultRunConfig's values and the named
// model's defaults, and validates it, the model's values included. The
// model section must name its model. An error is a *config.KeyError whose
// Key config.Where turns into the file line or the override that set it.
func DecodeRunConfig(doc *yaml.Node, overrides []config.Override) (RunConfig, error) {
	root, err := config.Apply(doc, overrides)
	if err != nil {
		return RunConfig{}, err
	}
	cfg := DefaultRunConfig()
	cfg.Model = ModelConfig{} // no default model: the file names it
	if err := config.Decode(root, &cfg, ""); err != nil {
		return cfg, err
	}
	if err := cfg.Validate(); err != nil {
		return cfg, err
	}
	return cfg, nil
}
