package main

import (
	"fmt"
	"math"
	"path/filepath"

	"github.com/mgpteam/mgp/pkg/results"
)

// figure7Runs returns the test NLL (original scale) of the finished runs
// of model's variant v in p's tree, in increasing seed order (only p.seeds
// when set), and the number of seed directories without a result.json. A
// run whose NLL is not finite, or whose result names another model or data
// set than its directory, is an error.
func figure7Runs(p *figure7Plan, model, v string) (nll []float64, unfinished int, err error) {
	dir := filepath.Join(p.tree, p.dataset, model, v)
	unfinished, err = eachSeedResult(dir, p.seeds, p.dataset, model, func(_ uint64, file string, r *results.Result) error {
		if math.IsNaN(r.Metrics.NLL) || math.IsInf(r.Metrics.NLL, 0) {
			return fmt.Errorf("%s: test NLL %v is not finite", file, r.Metrics.NLL)
		}
		nll = append(nll, r.Metrics.NLL)
		return nil
	})
	if err != nil {
		return nil, 0, err
	}
	return nll, unfinished, nil
}
