package train

import (
	"github.com/mgpteam/mgp/pkg/data"
	"github.com/mgpteam/mgp/pkg/runconfig"
)

// Experiment is the data side of a run (data.Experiment): standardised
// train and test sets, σ_y, the toys' plotting grid and how the test set
// is scored.
type Experiment = data.Experiment

// LoadExperiment builds the experiment a data config describes with the
// data source of its kind (data.Load), reading files below dataDir.
func LoadExperiment(dc runconfig.DataConfig, dataDir string) (*Experiment, error) {
	return data.Load(dc.Spec(), dataDir)
}
