package runconfig

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/mgpteam/mgp/pkg/config"
	"github.com/mgpteam/mgp/pkg/models"
	"go.yaml.in/yaml/v3"
)

// ModelConfig is a run config's model section: the registered model's name
// and its own config struct (a pointer, from models.Entry.NewConfig),
// holding the model's defaults overlaid with the keys the section sets. In
// YAML and JSON it is one section: name: plus the struct's keys.
type ModelConfig struct {
	Name   string
	Config any
}

// NewModelConfig returns the model section of the model called name with
// the keys of set (name excluded) decoded over its defaults, strictly, as
// a config file's section would be: for tests and programs that write a
// config in code. Errors are *config.KeyError.
func NewModelConfig(name string, set map[string]any) (ModelConfig, error) {
	e, err := models.Lookup(name)
	if err != nil {
		return ModelConfig{}, config.Errorf("model.name", "model.name: %v", err)
	}
	m := ModelConfig{Name: strings.ToLower(name), Config: e.NewConfig()}
	if len(set) > 0 {
		if err := config.DecodeValue(set, m.Config, "model", "name"); err != nil {
			return ModelConfig{}, err
		}
	}
	return m, nil
}

// MustModelConfig is NewModelConfig for keys known to be valid; it panics
// on an error.
func MustModelConfig(name string, set map[string]any) ModelConfig {
	m, err := NewModelConfig(name, set)
	if err != nil {
		panic(err)
	}
	return m
}

// DecodeNode decodes a model section (config.NodeDecoder): name first,
// then the other keys into that model's config. A section naming another
// model (or none held yet) starts from that model's defaults; one naming
// the model m already holds, or no model, is decoded over m's values.
func (m *ModelConfig) DecodeNode(n *yaml.Node, key string) error {
	if n.Kind != yaml.MappingNode {
		return config.Errorf(key, "write the model section as key: value lines (name: and the model's keys)")
	}
	name := m.Name
	for i := 0; i+1 < len(n.Content); i += 2 {
		if strings.EqualFold(n.Content[i].Value, "name") {
			v := n.Content[i+1]
			if v.Kind != yaml.ScalarNode || v.ShortTag() != "!!str" {
				return config.Errorf(config.Join(key, "name"), "write the model's name, one of %s", strings.Join(models.Names(), ", "))
			}
			name = strings.ToLower(v.Value)
		}
	}
	if name == "" {
		return config.Errorf(config.Join(key, "name"), "%s.name is missing: set it to one of %s", key, strings.Join(models.Names(), ", "))
	}
	if name != m.Name || m.Config == nil {
		e, err := models.Lookup(name)
		if err != nil {
			return config.Errorf(config.Join(key, "name"), "%v", err)
		}
		m.Name, m.Config = name, e.NewConfig()
	}
	return config.Decode(n, m.Config, key, "name")
}

// Validate checks the model's values before any data is read, when its
// config struct is a config.Validator.
func (m ModelConfig) Validate() error {
	if m.Name == "" || m.Config == nil {
		return config.Errorf("model.name", "model.name is missing: set it to one of the registered models (%s)", strings.Join(models.Names(), ", "))
	}
	if err := models.CheckSizes(m.Config); err != nil {
		return err
	}
	if v, ok := m.Config.(config.Validator); ok {
		return v.Validate()
	}
	return nil
}

// Build constructs the model for spec's data.
func (m ModelConfig) Build(spec models.Spec) (models.Model, error) {
	e, err := models.Lookup(m.Name)
	if err != nil {
		return nil, config.Errorf("model.name", "model.name: %v", err)
	}
	return e.Build(m.Config, spec)
}

// Map returns the section as a map: "name" and every key of the config
// struct with its value (defaults included), as result files record it.
func (m ModelConfig) Map() map[string]any {
	out := map[string]any{}
	if m.Name != "" {
		out["name"] = m.Name
	}
	if m.Config == nil {
		return out
	}
	for k, v := range config.Values(m.Config) {
		out[k] = v
	}
	return out
}

// Int returns the integer value of key (e.g. "m") and whether the model
// has such an integer key.
func (m ModelConfig) Int(key string) (int, bool) {
	v, ok := m.Map()[key].(int)
	return v, ok && key != "name"
}

// LatentDim returns the model's latent dimension d_w and whether it has
// one (models.LatentDimConfig: SLGP, GPCDE, CVAE).
func (m ModelConfig) LatentDim() (int, bool) {
	if c, ok := m.Config.(models.LatentDimConfig); ok {
		return c.LatentDim(), true
	}
	return 0, false
}

// MarshalJSON writes the section as one object (Map).
func (m ModelConfig) MarshalJSON() ([]byte, error) { return json.Marshal(m.Map()) }

// UnmarshalJSON reads a section written by MarshalJSON, or the partial
// sections of older result files (keys left out keep the model's
// defaults), with the same strict decoder as a config file.
func (m *ModelConfig) UnmarshalJSON(b []byte) error {
	var doc yaml.Node
	if err := yaml.Unmarshal(b, &doc); err != nil {
		return fmt.Errorf("model section: %v", err)
	}
	*m = ModelConfig{}
	if len(doc.Content) != 1 {
		return nil
	}
	n := doc.Content[0]
	if n.ShortTag() == "!!null" || (n.Kind == yaml.MappingNode && len(n.Content) == 0) {
		return nil // a config without a model (an empty checkpoint's)
	}
	return m.DecodeNode(n, "model")
}
