package sweep

import (
	"errors"
	"fmt"

	"github.com/mgpteam/mgp/pkg/eval"
	"github.com/mgpteam/mgp/pkg/results"
)

// Cost is the measured time of one model on one data set: seconds per
// training step and per final evaluation.
type Cost struct {
	StepSeconds float64
	EvalSeconds float64
	// Runs is how many measurements stand behind it.
	Runs int
	// Source says where it comes from (result files, a timing, ...).
	Source string
}

// CostModel estimates run times from measured per-step and per-evaluation
// times, by (model, data set), falling back to the model's median over
// other data sets when a pair was never measured.
type CostModel struct {
	pairs map[[2]string]Cost
}

// NewCostModel returns an empty cost model.
func NewCostModel() *CostModel { return &CostModel{pairs: map[[2]string]Cost{}} }

// Set records the cost of model on dataset, replacing what was there.
func (c *CostModel) Set(model, dataset string, cost Cost) {
	c.pairs[[2]string{model, dataset}] = cost
}

// Get returns the recorded cost of a pair.
func (c *CostModel) Get(model, dataset string) (Cost, bool) {
	v, ok := c.pairs[[2]string{model, dataset}]
	return v, ok
}

// AddResults records the medians of the given results' per-step and
// evaluation times per (model, data set), for the given BLAS backend only
// (empty: any). Pairs already set are left alone unless override is true.
func (c *CostModel) AddResults(results []*results.Result, blas, source string, override bool) {
	type acc struct{ step, ev []float64 }
	by := map[[2]string]*acc{}
	for _, r := range results {
		if r == nil || r.Iterations <= 0 || r.TrainSeconds <= 0 || (blas != "" && r.BLAS != blas) {
			continue
		}
		k := [2]string{r.Model, r.Dataset}
		if by[k] == nil {
			by[k] = &acc{}
		}
		by[k].step = append(by[k].step, r.TrainSeconds/float64(r.Iterations))
		by[k].ev = append(by[k].ev, r.EvalSeconds)
	}
	for k, a := range by {
		if _, ok := c.pairs[k]; ok && !override {
			continue
		}
		c.pairs[k] = Cost{StepSeconds: med(a.step), EvalSeconds: med(a.ev), Runs: len(a.step), Source: source}
	}
}

// med returns the median of x (eval.Quantile's rule; NaN when x is empty).
func med(x []float64) float64 { return eval.Quantile(x, 0.5) }

// ErrNoCost marks a model never measured on any data set.
var ErrNoCost = errors.New("no measured time")

// Estimate returns the seconds a run of iterations steps needs from
// iteration done on, and whether the figure is measured on this pair
// (exact) or borrowed from the model's other data sets.
func (c *CostModel) Estimate(model, dataset string, iterations, done int) (sec float64, exact bool, err error) {
	left := float64(max(iterations-done, 0))
	if v, ok := c.Get(model, dataset); ok {
		return left*v.StepSeconds + v.EvalSeconds, true, nil
	}
	var step, ev []float64
	for k, v := range c.pairs {
		if k[0] == model {
			step, ev = append(step, v.StepSeconds), append(ev, v.EvalSeconds)
		}
	}
	if len(step) == 0 {
		return 0, false, fmt.Errorf("%s: %w", model, ErrNoCost)
	}
	return left*med(step) + med(ev), false, nil
}
