package main

import (
	"os"
	"path/filepath"

	"github.com/mgpteam/mgp/pkg/config"
	"github.com/mgpteam/mgp/pkg/train"
)

// resolveConfigDataPath makes a relative CSV data.path (train.DataConfig.IsCSV;
// nytaxi's path is relative to the data directory instead) written in the
// config file at cfgPath work from any directory: when the file does not
// exist relative to the working directory but does relative to the config
// file's directory, data.path becomes that path. A data.path given with
// --set is taken as written (relative to the working directory), and so is
// one found nowhere (the loader's error names it).
func resolveConfigDataPath(cfg *train.RunConfig, cfgPath string, overrides []config.Override) {
	p := cfg.Data.Path
	if cfgPath == "" || !cfg.Data.IsCSV() || filepath.IsAbs(p) {
		return
	}
	for _, o := range overrides {
		if o.Key == "data.path" || o.Key == "data" {
			return
		}
	}
	if _, err := os.Stat(p); err == nil {
		return
	}
	alt := filepath.Join(filepath.Dir(cfgPath), p)
	if _, err := os.Stat(alt); err == nil {
		cfg.Data.Path = alt
	}
}

// absDataPath makes a relative CSV data.path absolute, so that the run's
// checkpoint and result.json record where the data are and mgp eval --run
// finds them from any directory. The path enters the config fingerprint,
// as it did when relative (a resume compares the two forms as equal).
func absDataPath(cfg *train.RunConfig) error {
	if !cfg.Data.IsCSV() || filepath.IsAbs(cfg.Data.Path) {
		return nil
	}
	abs, err := filepath.Abs(cfg.Data.Path)
	if err != nil {
		return err
	}
	cfg.Data.Path = abs
	return nil
}
