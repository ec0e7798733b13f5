package train

import (
	"github.com/mgpteam/mgp/pkg/config"
	"github.com/mgpteam/mgp/pkg/data"
)

// Experiment is the data side of a run (data.Experiment): standardised
// train and test sets, σ_y, the toys' plotting grid and how the test set
// is scored.
type Experiment = data.Experiment

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

// LoadExperiment builds the experiment a data config describes with the
// data source of its kind (data.Load), reading files below dataDir.
func LoadExperiment(dc DataConfig, dataDir string) (*Experiment, error) {
	return data.Load(dc.Spec(), dataDir)
}

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
