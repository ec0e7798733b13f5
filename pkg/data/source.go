package data

import "fmt"

// Source is one kind of data: it names the data sets it answers to without
// a kind, checks the data keys that concern it, loads, splits and
// standardises its data into an Experiment, and says how that experiment's
// test set is scored. There is one per Kind (Sources); a trainer asks it
// rather than a data set's name.
type Source interface {
	// Kind is the source's kind.
	Kind() Kind
	// Names lists the data.name values that select this source when
	// data.kind is empty (none for csv, which data.path selects).
	Names() []string
	// Check returns the first data key of s that this source refuses, nil
	// when it accepts them all.
	Check(s Spec) *SpecError
	// Scoring is how the source's test sets are scored.
	Scoring() Scoring
	// Load builds the experiment s describes, reading files below dataDir
	// where the source has any.
	Load(s Spec, dataDir string) (*Experiment, error)
}

// Scoring says how an experiment's test set is scored.
type Scoring int

const (
	// ScorePerPoint draws predictive samples at every test point (the KDE
	// NLL of models.md §8).
	ScorePerPoint Scoring = iota
	// ScorePerInputRow draws the samples once per distinct test input row
	// and scores every test point with that row against them: for data
	// whose inputs take few values (mnist's one-hot labels, models.md
	// §9.4), where the predictive depends only on the row.
	ScorePerInputRow
)

// SpecError is a data key a source refuses: Key is the dotted key
// (data.split, ...), Msg says what is wrong and what to do.
type SpecError struct {
	Key, Msg string
}

// Error returns the message.
func (e *SpecError) Error() string { return e.Msg }

// specErrorf returns a SpecError for key with a formatted message.
func specErrorf(key, format string, args ...any) *SpecError {
	return &SpecError{Key: key, Msg: fmt.Sprintf(format, args...)}
}

// sources holds one Source per kind, in the order ResolveKind asks them.
var sources = []Source{toySource{}, uciSource{}, mnistSource{}, nytaxiSource{}, csvSource{}, memorySource{}}

// Sources returns the data sources, one per kind.
func Sources() []Source { return append([]Source(nil), sources...) }

// SourceFor returns the source of s's kind (ResolveKind).
func SourceFor(s Spec) (Source, error) {
	k, err := s.ResolveKind()
	if err != nil {
		return nil, err
	}
	for _, src := range sources {
		if src.Kind() == k {
			return src, nil
		}
	}
	return nil, fmt.Errorf("data.kind = %q: use toy, uci, csv, nytaxi or mnist", k)
}

// Load builds the experiment s describes with the source of its kind,
// reading files below dataDir where the source has any; the experiment
// carries the source's Kind and Scoring.
func Load(s Spec, dataDir string) (*Experiment, error) {
	src, err := SourceFor(s)
	if err != nil {
		return nil, err
	}
	exp, err := src.Load(s, dataDir)
	if err != nil {
		return nil, err
	}
	exp.Kind, exp.Scoring = src.Kind(), src.Scoring()
	return exp, nil
}

// checkNotNYTaxi refuses the data keys only nytaxi reads.
func checkNotNYTaxi(s Spec) *SpecError {
	if s.WeekdayPeriod != 0 {
		return specErrorf("data.weekday_period", "data.weekday_period applies to the nytaxi data only; remove it")
	}
	return nil
}

// checkHasTest refuses data.split none, which only CSV data take.
func checkHasTest(s Spec, k Kind) *SpecError {
	if s.Split == SplitNone {
		return specErrorf("data.split", "data.split = none (every row trains, no test set) is for your own CSV data (data.kind: csv), not data.kind %q", k)
	}
	return nil
}

// SplitNone is the data.split of a run trained on every row with no test
// set (CSV data only).
const SplitNone = "none"
