package data

import (
	"fmt"
	"slices"
)

// Kind names a kind of data source: toy, uci, csv, mnist or nytaxi.
type Kind string

// The kinds of data source, one Source each.
const (
	// KindToy is a toy case of models.md §9.1, generated without files.
	KindToy Kind = "toy"
	// KindUCI is one of the eight UCI regression sets below the data
	// directory.
	KindUCI Kind = "uci"
	// KindCSV is the user's own CSV file.
	KindCSV Kind = "csv"
	// KindMNIST is the mnist set of models.md §9.4 below the data directory.
	KindMNIST Kind = "mnist"
	// KindNYTaxi is the Kaggle NYC taxi trips of models.md §9.3.
	KindNYTaxi Kind = "nytaxi"
)

// Spec is what a run's data section says: which data set, of which kind,
// and how it is split and standardised. Each Source reads the keys that
// concern it.
type Spec struct {
	// Name is a toy, a UCI set, mnist, nytaxi or a label for a CSV file.
	Name string
	// Kind is the source's kind; empty means inferred (ResolveKind).
	Kind string
	// Path is the CSV file (kind csv) or the Kaggle taxi file (kind nytaxi;
	// empty: the shipped sample, NYTaxiPath).
	Path string
	// Target names the CSV target columns (default: the last column).
	Target []string
	// Split is random (default), fixed (UCI split files) or none (csv only).
	Split string
	// SplitSeed seeds a random split (and a toy's draws).
	SplitSeed uint64
	// SplitIndex selects a fixed split.
	SplitIndex int
	// Stats is full, train or none (the standardisation statistics).
	Stats string
	// TestFraction is a random split's share of test rows (0: 0.1).
	TestFraction float64
	// WeekdayPeriod is the period of nytaxi's weekday angle (0: 6).
	WeekdayPeriod int
}

// ResolveKind is the one rule that decides a data section's kind: the
// data.kind key when set, else the kind whose source answers to data.name
// (a toy, a UCI set, mnist, nytaxi), else csv when data.path is set.
func (s Spec) ResolveKind() (Kind, error) {
	if s.Kind != "" {
		return Kind(s.Kind), nil
	}
	for _, src := range sources {
		if slices.Contains(src.Names(), s.Name) {
			return src.Kind(), nil
		}
	}
	if s.Path != "" {
		return KindCSV, nil
	}
	return "", fmt.Errorf("data.name = %q is neither a toy (%v), a UCI set (%v) nor nytaxi; for your own file set data.kind: csv and data.path",
		s.Name, ToyNames(), UCINames())
}

// IsCSV reports whether s reads a user's CSV file at s.Path as it is (kind
// csv by ResolveKind, and a path given): the one rule for "is this CSV
// data?" that decides CSV defaults, the resolution of relative data paths
// and their comparison on resume.
func (s Spec) IsCSV() bool {
	k, err := s.ResolveKind()
	return err == nil && k == KindCSV && s.Path != ""
}
