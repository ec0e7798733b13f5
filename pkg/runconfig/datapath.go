package runconfig

import (
	"os"
	"path/filepath"

	"github.com/mgpteam/mgp/pkg/config"
)

// ResolveDataPath makes a relative CSV data.path (DataConfig.IsCSV;
// nytaxi's path is relative to the data directory instead) written in the
// config file at cfgPath work from any directory: when the file does not
// exist relative to the working directory but does relative to the config
// file's directory, data.path becomes that path. A data.path set by an
// override is taken as written (relative to the working directory), and so
// is one found nowhere (the loader's error names it).
func (c *RunConfig) ResolveDataPath(cfgPath string, overrides []config.Override) {
	p := c.Data.Path
	if cfgPath == "" || !c.Data.IsCSV() || filepath.IsAbs(p) {
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
		c.Data.Path = alt
	}
}

// AbsDataPath makes a relative CSV data.path absolute, so that the run's
// checkpoint and result.json record where the data are and a later
// evaluation finds them from any directory. The path enters the config
// fingerprint, as it did when relative (a resume compares the two forms as
// equal).
func (c *RunConfig) AbsDataPath() error {
	if !c.Data.IsCSV() || filepath.IsAbs(c.Data.Path) {
		return nil
	}
	abs, err := filepath.Abs(c.Data.Path)
	if err != nil {
		return err
	}
	c.Data.Path = abs
	return nil
}
