package data

import (
	"fmt"
	"strings"
)

// KindMemory is data a Go program hands over in memory (pkg/fit): the
// arrays live in the caller's process and reach the training as a value
// (FromMemory), never through a registry; data.path holds MemoryHandle,
// a name derived from their content. A run directory trained on them
// predicts without them (its checkpoint holds the standardisation), but
// cannot read its training data again.
const KindMemory Kind = "memory"

// memoryPrefix begins every in-memory handle.
const memoryPrefix = "memory:"

// MemoryHandle names ds for data.path: it is derived from ds's content
// (values bit for bit, column names), so the same data give the same
// handle in every process and a run config that names it is
// reproducible.
func MemoryHandle(ds *Dataset) string {
	d := newDataHasher()
	d.str("mgp memory v1")
	d.matrix("x", ds.X)
	d.matrix("y", ds.Y)
	d.strs("x names", ds.XNames)
	d.str(ds.YName)
	return memoryPrefix + strings.TrimPrefix(d.sum(), "sha256:")[:16]
}

// FromMemory splits and standardises ds as a CSV file's rows are, by the
// data section s (data.kind memory, whose data.path must be ds's
// MemoryHandle), labelled s.Name when given. ds is read, never modified.
func FromMemory(ds *Dataset, s Spec) (*Experiment, error) {
	if s.Kind != string(KindMemory) {
		return nil, fmt.Errorf("data.kind = %q: data handed over in memory take data.kind memory", s.Kind)
	}
	if e := (memorySource{}).Check(s); e != nil {
		return nil, e
	}
	if h := MemoryHandle(ds); s.Path != h {
		return nil, fmt.Errorf("data.path = %s names other data than those given (%s)", s.Path, h)
	}
	cp := *ds
	if s.Name != "" {
		cp.Name = s.Name
	}
	exp, err := prepareTable(&cp, s, "")
	if err != nil {
		return nil, err
	}
	src := memorySource{}
	exp.Kind, exp.Scoring = src.Kind(), src.Scoring()
	return exp, nil
}

// memorySource checks a data section of kind memory; it cannot load one:
// the data are handed to the training as a value (FromMemory).
type memorySource struct{}

// Kind is KindMemory.
func (memorySource) Kind() Kind { return KindMemory }

// Names is empty: data.kind memory selects it.
func (memorySource) Names() []string { return nil }

// Scoring is per point.
func (memorySource) Scoring() Scoring { return ScorePerPoint }

// Check needs a handle in data.path, and refuses split files and nytaxi's
// keys.
func (memorySource) Check(s Spec) *SpecError {
	if !strings.HasPrefix(s.Path, memoryPrefix) {
		return specErrorf("data.path", "data.kind = memory is data a Go program hands over (pkg/fit), and data.path = %q is not its handle (%s...)", s.Path, memoryPrefix)
	}
	if s.Split == "fixed" {
		return specErrorf("data.split", "data.split = fixed: in-memory data have no split files; use random or none")
	}
	return checkNotNYTaxi(s)
}

// Load refuses: data handed over in memory are not saved with the run,
// so nothing can read them again from a config.
func (memorySource) Load(s Spec, dataDir string) (*Experiment, error) {
	return nil, fmt.Errorf("data.path = %s: data a Go program handed over in memory are not saved with the run, so they cannot be read again (a run trained on them still predicts from its directory; fit them again with pkg/fit)", s.Path)
}
