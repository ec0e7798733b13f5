package runconfig

import (
	"path/filepath"
	"testing"
)

// TestAbsDataPathOnlyForCSV: only a CSV data.path (DataConfig.IsCSV)
// is made absolute; nytaxi's, relative to the data directory, and a path
// beside a UCI name, which the UCI loader does not read, stay as written.
func TestAbsDataPathOnlyForCSV(t *testing.T) {
	for _, c := range []struct {
		dc  DataConfig
		abs bool
	}{
		{DataConfig{Kind: "csv", Path: "my.csv"}, true},
		{DataConfig{Name: "mine", Path: "my.csv"}, true},
		{DataConfig{Name: "nytaxi", Path: "nytaxi/csv"}, false},
		{DataConfig{Kind: "nytaxi", Name: "taxi", Path: "nytaxi/csv"}, false},
		{DataConfig{Name: "boston", Path: "boston.csv"}, false},
	} {
		cfg := RunConfig{Data: c.dc}
		if err := cfg.AbsDataPath(); err != nil {
			t.Fatal(err)
		}
		if filepath.IsAbs(cfg.Data.Path) != c.abs {
			t.Errorf("%+v: data.path became %q, want absolute %v", c.dc, cfg.Data.Path, c.abs)
		}
	}
}
