package data

// uciSource reads the UCI regression sets below the data directory
// (LoadUCI), split at random or by the PBP split files.
type uciSource struct{}

// Kind is KindUCI.
func (uciSource) Kind() Kind { return KindUCI }

// Names lists the UCI sets.
func (uciSource) Names() []string { return UCINames() }

// Scoring is per point.
func (uciSource) Scoring() Scoring { return ScorePerPoint }

// Check refuses nytaxi's keys and a split without test rows.
func (uciSource) Check(s Spec) *SpecError {
	if e := checkNotNYTaxi(s); e != nil {
		return e
	}
	return checkHasTest(s, KindUCI)
}

// Load reads <dataDir>/uci/<name> and splits it.
func (uciSource) Load(s Spec, dataDir string) (*Experiment, error) {
	ds, err := LoadUCI(dataDir, s.Name)
	if err != nil {
		return nil, err
	}
	return prepareTable(ds, s, dataDir)
}
