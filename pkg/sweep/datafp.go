package sweep

import (
	"encoding/json"
	"sync"

	"github.com/mgpteam/mgp/pkg/runconfig"
	"github.com/mgpteam/mgp/pkg/train"
)

// SetWants sets every prepared run's Want: its effective config and its
// data, read from the run's data directory when a status needs them. The
// data fingerprint is computed at most once per data config (every model
// of a data set and seed shares one), safely from concurrent jobs.
func SetWants(ps []Prepared) {
	var prints dataPrints
	for i := range ps {
		p := &ps[i]
		p.Want = &Want{Config: p.RunConfig, DataFingerprint: prints.of(p.RunConfig.Data, p.DataDir)}
	}
}

// dataPrints computes data fingerprints lazily, once per data config.
type dataPrints struct {
	mu sync.Mutex
	m  map[string]*dataPrint
}

// dataPrint is one data config's fingerprint, computed once.
type dataPrint struct {
	once sync.Once
	fp   string
	err  error
}

// of returns the function that gives the fingerprint of dc's data, read
// from dataDir.
func (d *dataPrints) of(dc runconfig.DataConfig, dataDir string) func() (string, error) {
	dc.Dir = dataDir
	b, _ := json.Marshal(dc)
	d.mu.Lock()
	if d.m == nil {
		d.m = map[string]*dataPrint{}
	}
	p, ok := d.m[string(b)]
	if !ok {
		p = &dataPrint{}
		d.m[string(b)] = p
	}
	d.mu.Unlock()
	return func() (string, error) {
		p.once.Do(func() {
			exp, err := train.LoadExperiment(dc, dataDir)
			if err != nil {
				p.err = err
				return
			}
			p.fp = exp.Fingerprint
		})
		return p.fp, p.err
	}
}
