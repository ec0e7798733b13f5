package main

import (
	"github.com/mgpteam/mgp/pkg/config"
	"github.com/mgpteam/mgp/pkg/predict"
	"github.com/mgpteam/mgp/pkg/runconfig"
	"github.com/mgpteam/mgp/pkg/sweep"
	"github.com/spf13/viper"
)

// loadConfigSource reads a YAML run config and applies --set key=value
// flags, each value read once as a typed YAML value: it parses the flags and loads the config as a sweep
// does (sweep.LoadRunConfig); locate, for errors found later (train.Run's),
// says where a key was written. An error that names a key says where it
// was written (file line or --set) and exits 2.
func loadConfigSource(path string, sets []string) (cfg runconfig.RunConfig, locate func(error) error, err error) {
	overrides := make([]config.Override, 0, len(sets))
	for _, s := range sets {
		o, err := config.ParseSet(s)
		if err != nil {
			return runconfig.RunConfig{}, nil, inputErr(err)
		}
		overrides = append(overrides, o)
	}
	return sweep.LoadRunConfig(path, overrides)
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
	return resolveDataDir(g.dataDir, predict.SavedDataDir(run))
}
