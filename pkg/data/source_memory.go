package data

import (
	"fmt"
	"strings"
	"sync"
)

// KindMemory is data a Go program hands over in memory (pkg/fit): the
// arrays live in the process that registered them (RegisterMemory), and
// data.path holds the handle RegisterMemory returned. A run directory
// trained on them predicts without them (its checkpoint holds the
// standardisation), but cannot read its training data again.
const KindMemory Kind = "memory"

// memoryPrefix begins every in-memory handle.
const memoryPrefix = "memory:"

// memorySets holds the registered in-memory data sets by handle, with the
// number of registrations not yet released.
var memorySets = struct {
	sync.Mutex
	sets  map[string]*Dataset
	count map[string]int
}{sets: map[string]*Dataset{}, count: map[string]int{}}

// RegisterMemory makes ds loadable as data.kind memory with data.path set
// to the returned handle, until release is called. The handle is derived
// from ds's content (values bit for bit, column names), so the same data
// give the same handle in every process and a run config that names it is
// reproducible. ds is read, never modified; it must not change before
// release.
func RegisterMemory(ds *Dataset) (handle string, release func()) {
	d := newDataHasher()
	d.str("mgp memory v1")
	d.matrix("x", ds.X)
	d.matrix("y", ds.Y)
	d.strs("x names", ds.XNames)
	d.str(ds.YName)
	handle = memoryPrefix + strings.TrimPrefix(d.sum(), "sha256:")[:16]
	memorySets.Lock()
	defer memorySets.Unlock()
	memorySets.sets[handle] = ds
	memorySets.count[handle]++
	var once sync.Once
	return handle, func() {
		once.Do(func() {
			memorySets.Lock()
			defer memorySets.Unlock()
			if memorySets.count[handle]--; memorySets.count[handle] <= 0 {
				delete(memorySets.sets, handle)
				delete(memorySets.count, handle)
			}
		})
	}
}

// memorySource reads a data set registered with RegisterMemory, split and
// standardised as a CSV file's rows are.
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
		return specErrorf("data.path", "data.kind = memory reads data a Go program registered (data.RegisterMemory), and data.path = %q is not its handle (%s...)", s.Path, memoryPrefix)
	}
	if s.Split == "fixed" {
		return specErrorf("data.split", "data.split = fixed: in-memory data have no split files; use random or none")
	}
	return checkNotNYTaxi(s)
}

// Load splits and standardises the registered data set, labelled s.Name
// when given.
func (memorySource) Load(s Spec, dataDir string) (*Experiment, error) {
	memorySets.Lock()
	ds, ok := memorySets.sets[s.Path]
	memorySets.Unlock()
	if !ok {
		return nil, fmt.Errorf("data.path = %s: data a Go program handed over in memory are not saved with the run, and this process does not hold them: they cannot be read again (a run trained on them still predicts from its directory)", s.Path)
	}
	cp := *ds
	if s.Name != "" {
		cp.Name = s.Name
	}
	return prepareTable(&cp, s, dataDir)
}
