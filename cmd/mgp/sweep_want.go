package main

import (
	"encoding/json"
	"sync"

	"github.com/mgpteam/mgp/pkg/sweep"
	"github.com/mgpteam/mgp/pkg/train"
)

// dataPrints computes data fingerprints for a sweep's runs lazily, once
// per data config (many runs share one: every model of a data set and
// seed), safely from concurrent jobs.
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
func (d *dataPrints) of(dc train.DataConfig, dataDir string) func() (string, error) {
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

// withWants sets every planned run's Want: its effective config and its
// data read from the data directory the run would use.
func withWants(planned []plannedRun, dataDir string) []sweep.Run {
	var prints dataPrints
	runs := make([]sweep.Run, len(planned))
	for i := range planned {
		p := &planned[i]
		p.Want = &sweep.Want{Config: p.cfg, DataFingerprint: prints.of(p.cfg.Data, resolveDataDir(dataDir, p.cfg.Data.Dir))}
		runs[i] = p.Run
	}
	return runs
}
