package sweep

import (
	"errors"
	"fmt"
	"os"

	"github.com/mgpteam/mgp/pkg/config"
	"github.com/mgpteam/mgp/pkg/inputerr"
	"github.com/mgpteam/mgp/pkg/runconfig"
	"go.yaml.in/yaml/v3"
)

// ConfigLoader reads the run config file at path with the overrides set on
// top and returns the effective config. locate, applied to an error found
// later (by train.Run) that carries a *config.KeyError, prefixes it with
// where that key was written; it returns other errors unchanged.
type ConfigLoader func(path string, overrides []config.Override) (cfg runconfig.RunConfig, locate func(error) error, err error)

// LoadRunConfig is the ConfigLoader of mgp train and mgp sweep: it reads
// the file at path (none when path is "": the defaults and the overrides
// alone), decodes it with ParseRunConfig and resolves a relative CSV
// data.path against the file's directory (runconfig.RunConfig.ResolveDataPath).
// A file that cannot be read is a *inputerr.Error wrapping the os error.
func LoadRunConfig(path string, overrides []config.Override) (runconfig.RunConfig, func(error) error, error) {
	var doc *yaml.Node
	if path != "" {
		b, err := os.ReadFile(path)
		if err != nil {
			return runconfig.RunConfig{}, nil, &inputerr.Error{Err: fmt.Errorf("config: %w", err)}
		}
		if doc, err = parseYAML(path, b); err != nil {
			return runconfig.RunConfig{}, nil, err
		}
	}
	cfg, locate, err := decodeRunConfig(path, doc, overrides)
	if err == nil {
		cfg.ResolveDataPath(path, overrides)
	}
	return cfg, locate, err
}

// ParseRunConfig decodes the YAML run config b, read from (or written to)
// path, with the overrides on top, strictly, over the defaults
// (runconfig.DecodeRunConfig). An error that names a key says where the key
// was written: "path:line: " or "--set k=v: " (config.Where); so does the
// returned locate for later errors.
func ParseRunConfig(path string, b []byte, overrides []config.Override) (runconfig.RunConfig, func(error) error, error) {
	doc, err := parseYAML(path, b)
	if err != nil {
		return runconfig.RunConfig{}, nil, err
	}
	return decodeRunConfig(path, doc, overrides)
}

// parseYAML parses b, read from path, into a node tree.
func parseYAML(path string, b []byte) (*yaml.Node, error) {
	var doc yaml.Node
	if err := yaml.Unmarshal(b, &doc); err != nil {
		return nil, &inputerr.Error{Err: fmt.Errorf("%s: not valid YAML: %v", path, err)}
	}
	return &doc, nil
}

// decodeRunConfig decodes the node tree doc (nil: none) of the file at
// path with the overrides on top, as ParseRunConfig says.
func decodeRunConfig(path string, doc *yaml.Node, overrides []config.Override) (runconfig.RunConfig, func(error) error, error) {
	locate := func(err error) error {
		var ke *config.KeyError
		if !errors.As(err, &ke) {
			return err
		}
		if w := config.Where(path, doc, overrides, ke.Key); w != "" {
			return fmt.Errorf("%s: %w", w, err)
		}
		return err
	}
	cfg, err := runconfig.DecodeRunConfig(doc, overrides)
	if err != nil {
		return cfg, nil, locate(err)
	}
	return cfg, locate, nil
}
