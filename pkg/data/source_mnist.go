package data

import "path/filepath"

// mnistSource reads <dataDir>/mnist (LoadMNIST): one-hot labels in, pixels
// out, not standardised unless data.stats says so, and scored once
// per label (models.md §9.4).
type mnistSource struct{}

// Kind is KindMNIST.
func (mnistSource) Kind() Kind { return KindMNIST }

// Names is mnist.
func (mnistSource) Names() []string { return []string{string(KindMNIST)} }

// Scoring is per input row: the predictive depends only on the label.
func (mnistSource) Scoring() Scoring { return ScorePerInputRow }

// Check refuses nytaxi's keys and a split without test rows.
func (mnistSource) Check(s Spec) *SpecError {
	if e := checkNotNYTaxi(s); e != nil {
		return e
	}
	return checkHasTest(s, KindMNIST)
}

// Load reads the images and splits them; an empty data.stats is none.
func (mnistSource) Load(s Spec, dataDir string) (*Experiment, error) {
	ds, err := LoadMNIST(filepath.Join(dataDir, "mnist"))
	if err != nil {
		return nil, err
	}
	if s.Stats == "" {
		s.Stats = "none" // pixels in [0, 1] and one-hot labels as they are
	}
	return prepareTable(ds, s, dataDir)
}
