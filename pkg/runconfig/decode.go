package runconfig

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
	if !hasKey(root, "data", "stats") && cfg.Data.IsCSV() {
		// A user's own file is standardised on its training rows unless the
		// config says otherwise; the run records the value, so a
		// checkpoint written before this default records full and keeps it.
		cfg.Data.Stats = "train"
	}
	return cfg, nil
}

// hasKey reports whether the mapping node root holds the key path (a key
// set to null counts as present).
func hasKey(root *yaml.Node, path ...string) bool {
	n := root
	for _, k := range path {
		if n == nil || n.Kind != yaml.MappingNode {
			return false
		}
		var next *yaml.Node
		for i := 0; i+1 < len(n.Content); i += 2 {
			if n.Content[i].Value == k {
				next = n.Content[i+1]
			}
		}
		if next == nil {
			return false
		}
		n = next
	}
	return true
}
