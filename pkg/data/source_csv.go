package data

// csvSource reads the user's own CSV file (LoadCSV), the target columns
// s.Target, labelled s.Name when given.
type csvSource struct{}

// Kind is KindCSV.
func (csvSource) Kind() Kind { return KindCSV }

// Names is empty: data.path selects CSV data.
func (csvSource) Names() []string { return nil }

// Scoring is per point.
func (csvSource) Scoring() Scoring { return ScorePerPoint }

// Check needs the file's path and refuses nytaxi's keys.
func (csvSource) Check(s Spec) *SpecError {
	if s.Path == "" {
		return specErrorf("data.kind", "data.kind = csv needs data.path: set it to your CSV file (a header row, numeric columns)")
	}
	return checkNotNYTaxi(s)
}

// Load reads the file and splits it.
func (csvSource) Load(s Spec, dataDir string) (*Experiment, error) {
	ds, err := LoadCSV(s.Path, s.Target)
	if err != nil {
		return nil, err
	}
	if s.Name != "" {
		ds.Name = s.Name
	}
	return prepareTable(ds, s, dataDir)
}
