package sweep

import (
	"errors"
	"fmt"
	"os"

	"github.com/mgpteam/mgp/pkg/config"
	"github.com/mgpteam/mgp/pkg/train"
	"go.yaml.in/yaml/v3"
)

// ConfigLoader reads the run config file at path with the overrides set on
// top and returns the effective config. locate, applied to an error found
// later (by train.Run) that carries a *config.KeyError, prefixes it with
// where that key was written; it returns other errors unchanged.
type ConfigLoader func(path string, overrides []config.Override) (cfg train.RunConfig, locate func(error) error, err error)

// LoadRunConfig is the plain ConfigLoader: it reads the file at path and
// decodes it with ParseRunConfig. A file that cannot be read is a
// *train.InputError wrapping the os error.
func LoadRunConfig(path string, overrides []config.Override) (train.RunConfig, func(error) error, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return train.RunConfig{}, nil, &train.InputError{Err: fmt.Errorf("config: %w", err)}
	}
	return ParseRunConfig(path, b, overrides)
}

// ParseRunConfig decodes the YAML run config b, read from (or written to)
// path, with the overrides on top, strictly, over the defaults
// (train.DecodeRunConfig). An error that names a key says where the key
// was written: "path:line: " or "--set k=v: " (config.Where); so does the
// returned locate for later errors.
func ParseRunConfig(path string, b []byte, overrides []config.Override) (train.RunConfig, func(error) error, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(b, &doc); err != nil {
		return train.RunConfig{}, nil, &train.InputError{Err: fmt.Errorf("%s: not valid YAML: %v", path, err)}
	}
	locate := func(err error) error {
		var ke *config.KeyError
		if !errors.As(err, &ke) {
			return err
		}
		if w := config.Where(path, &doc, overrides, ke.Key); w != "" {
			return fmt.Errorf("%s: %w", w, err)
		}
		return err
	}
	cfg, err := train.DecodeRunConfig(&doc, overrides)
	if err != nil {
		return cfg, nil, locate(err)
	}
	return cfg, locate, nil
}
