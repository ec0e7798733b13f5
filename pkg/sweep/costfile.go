package sweep

import (
	"encoding/json"
	"fmt"
	"github.com/mgpteam/mgp/pkg/results"
	"os"
	"sort"
	"time"
)

// CostFile is a cost model on disk: per (model, data set) seconds per
// training step and per final evaluation, timed on one machine with one
// BLAS backend (`make bench` writes results/bench/costs.json).
type CostFile struct {
	BLAS  string     `json:"blas"`
	Date  string     `json:"date"`
	Pairs []CostPair `json:"pairs"`
}

// CostPair is one (model, data set) entry of a CostFile.
type CostPair struct {
	Model       string  `json:"model"`
	Dataset     string  `json:"dataset"`
	StepSeconds float64 `json:"step_seconds"`
	EvalSeconds float64 `json:"eval_seconds"`
	// CheckSeconds and TraceSeconds are one held-out check and one traced
	// test evaluation (absent: not measured apart from the steps).
	CheckSeconds float64 `json:"check_seconds,omitempty"`
	TraceSeconds float64 `json:"trace_seconds,omitempty"`
	Runs         int     `json:"runs"`
	Source       string  `json:"source"`
}

// SaveCosts writes every pair of c to path atomically, sorted by model and
// data set.
func SaveCosts(path string, c *CostModel, blas string) error {
	cf := CostFile{BLAS: blas, Date: time.Now().UTC().Format(time.RFC3339)}
	for k, v := range c.pairs {
		cf.Pairs = append(cf.Pairs, CostPair{Model: k[0], Dataset: k[1], StepSeconds: v.StepSeconds, EvalSeconds: v.EvalSeconds,
			CheckSeconds: v.CheckSeconds, TraceSeconds: v.TraceSeconds, Runs: v.Runs, Source: v.Source})
	}
	sort.Slice(cf.Pairs, func(i, j int) bool {
		a, b := cf.Pairs[i], cf.Pairs[j]
		return a.Model < b.Model || (a.Model == b.Model && a.Dataset < b.Dataset)
	})
	return results.WriteJSONAtomic(path, cf)
}

// LoadCosts reads a cost file, refusing entries that cannot be times.
func LoadCosts(path string) (*CostFile, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	var cf CostFile
	if err := json.Unmarshal(b, &cf); err != nil {
		return nil, fmt.Errorf("%s: not a cost file: %v", path, err)
	}
	for i, p := range cf.Pairs {
		if p.Model == "" || p.Dataset == "" || !(p.StepSeconds > 0) || !(p.EvalSeconds >= 0) || !(p.CheckSeconds >= 0) || !(p.TraceSeconds >= 0) {
			return nil, fmt.Errorf("%s: pair %d (%q on %q): needs a model, a data set, step_seconds > 0, and eval_seconds, check_seconds and trace_seconds >= 0", path, i, p.Model, p.Dataset)
		}
	}
	return &cf, nil
}

// AddFile records the pairs of cf when its backend is blas (empty: any);
// pairs already set are left alone unless override is true.
func (c *CostModel) AddFile(cf *CostFile, blas, source string, override bool) {
	if blas != "" && cf.BLAS != blas {
		return
	}
	for _, p := range cf.Pairs {
		k := [2]string{p.Model, p.Dataset}
		if _, ok := c.pairs[k]; ok && !override {
			continue
		}
		c.pairs[k] = Cost{StepSeconds: p.StepSeconds, EvalSeconds: p.EvalSeconds, CheckSeconds: p.CheckSeconds,
			TraceSeconds: p.TraceSeconds, Runs: p.Runs, Source: source}
	}
}
