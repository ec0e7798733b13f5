package runconfig

import (
	"github.com/mgpteam/mgp/pkg/config"
	"github.com/mgpteam/mgp/pkg/data"
)

// Spec is the data section as its data source reads it.
func (dc DataConfig) Spec() data.Spec {
	return data.Spec{
		Name: dc.Name, Kind: dc.Kind, Path: dc.Path, Target: dc.Target,
		Split: dc.Split, SplitSeed: dc.SplitSeed, SplitIndex: dc.SplitIndex,
		Stats: dc.Stats, TestFraction: dc.TestFraction, WeekdayPeriod: dc.WeekdayPeriod,
	}
}

// IsCSV reports whether dc reads a user's CSV file at data.path as it is
// (data.Spec.IsCSV, the one rule).
func (dc DataConfig) IsCSV() bool { return dc.Spec().IsCSV() }

// checkDataKeys returns the first data key that dc's source refuses, as a
// *config.KeyError; a data section whose kind cannot be told yet (no name,
// no path) is left to the checks that follow and to loading.
func checkDataKeys(dc DataConfig) error {
	src, err := data.SourceFor(dc.Spec())
	if err != nil {
		if dc.Kind != "" {
			return config.Errorf("data.kind", "%v", err)
		}
		return nil
	}
	if e := src.Check(dc.Spec()); e != nil {
		return config.Errorf(e.Key, "%s", e.Msg)
	}
	return nil
}
