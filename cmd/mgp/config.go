package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"

	"github.com/mgpteam/mgp/pkg/config"
	"github.com/mgpteam/mgp/pkg/train"
	"github.com/spf13/viper"
	"go.yaml.in/yaml/v3"
)

// configSource is where a run config came from: its file (parsed once) and
// the overrides on top, to say where a key was written.
type configSource struct {
	path      string
	doc       *yaml.Node
	overrides []config.Override
}

// loadConfig reads a YAML run config and applies --set key=value flags,
// each value read once as a typed YAML value; see loadConfigOverrides.
func loadConfig(path string, sets []string) (train.RunConfig, error) {
	cfg, _, err := loadConfigSource(path, sets)
	return cfg, err
}

// loadConfigSource is loadConfig that also returns the source, for errors
// found later (train.Run's) that name a key.
func loadConfigSource(path string, sets []string) (train.RunConfig, *configSource, error) {
	overrides := make([]config.Override, 0, len(sets))
	for _, s := range sets {
		o, err := config.ParseSet(s)
		if err != nil {
			return train.RunConfig{}, nil, inputErr(err)
		}
		overrides = append(overrides, o)
	}
	return loadConfigOverrides(path, overrides)
}

// loadConfigOverrides parses the file at path (none when "") into a YAML
// node tree, sets the overrides in it and decodes it once, strictly, over
// the defaults (train.DecodeRunConfig). An error names the key and the
// file line or the override it came from, and exits 2.
func loadConfigOverrides(path string, overrides []config.Override) (train.RunConfig, *configSource, error) {
	src := &configSource{path: path, overrides: overrides}
	if path != "" {
		b, err := os.ReadFile(path)
		if err != nil {
			return train.RunConfig{}, nil, inputErr(fmt.Errorf("config: %w", err))
		}
		var doc yaml.Node
		if err := yaml.Unmarshal(b, &doc); err != nil {
			return train.RunConfig{}, nil, inputErr(fmt.Errorf("%s: not valid YAML: %v", path, err))
		}
		src.doc = &doc
	}
	cfg, err := train.DecodeRunConfig(src.doc, overrides)
	if err != nil {
		return cfg, nil, src.locate(err)
	}
	resolveConfigDataPath(&cfg, path, overrides)
	return cfg, src, nil
}

// locate prefixes an error that carries a *config.KeyError with where its
// key was written ("file:line: " or "--set k=v: ") and marks it as bad
// input (exit 2); other errors are returned unchanged.
func (s *configSource) locate(err error) error {
	var ke *config.KeyError
	if s == nil || !errors.As(err, &ke) {
		return err
	}
	if w := config.Where(s.path, s.doc, s.overrides, ke.Key); w != "" {
		return inputErr(fmt.Errorf("%s: %w", w, err))
	}
	return inputErr(err)
}

// resolveDataDir applies the precedence flag > $MGP_DATA_DIR > config >
// ./data, viper's own order of an explicit value, the environment, the
// config and a default.
func resolveDataDir(flag, cfgDir string) string {
	v := viper.New()
	v.SetDefault("data_dir", "data")
	_ = v.BindEnv("data_dir", "MGP_DATA_DIR")
	if cfgDir != "" {
		_ = v.MergeConfigMap(map[string]any{"data_dir": cfgDir})
	}
	if flag != "" {
		v.Set("data_dir", flag)
	}
	return v.GetString("data_dir")
}

// resolveDataDirForRun applies the data-dir precedence with the saved
// config's data.dir as the config value.
func resolveDataDirForRun(g *globalOpts, run string) string {
	ck, err := train.LoadCheckpoint(filepath.Join(run, train.CheckpointFile))
	if err != nil {
		return resolveDataDir(g.dataDir, "")
	}
	return resolveDataDir(g.dataDir, ck.Config.Data.Dir)
}
