package sweep

import (
	"os"
	"strings"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"github.com/mgpteam/mgp/pkg/rundir"
)

// DefaultCostFile is the cost file make bench writes (relative to the
// repository root), read when no cost file is named.
const DefaultCostFile = "results/bench/costs.json"

// CostFileError is a cost file that could not be read.
type CostFileError struct {
	// Path is the file.
	Path string
	// Err says why.
	Err error
}

// Error names the file and the reason.
func (e *CostFileError) Error() string { return e.Path + ": " + e.Err.Error() }

// Unwrap returns the reason.
func (e *CostFileError) Unwrap() error { return e.Err }

// LoadCostModel builds the cost model of this BLAS backend from, in order
// of precedence, the finished runs under out (the sweep's own), the result
// files under the directories of sources, and the cost files (*.json) of
// sources, or defaultFile when sources name none and it exists. A cost
// file that cannot be read is a *CostFileError.
func LoadCostModel(out string, sources []string, defaultFile string) (*CostModel, error) {
	c := NewCostModel()
	own, _ := rundir.LoadResults(out)
	c.AddResults(own, ad.Backend(), "this sweep's finished runs", true)
	var files []string
	for _, d := range sources {
		if strings.HasSuffix(d, ".json") {
			files = append(files, d)
			continue
		}
		res, _ := rundir.LoadResults(d)
		c.AddResults(res, ad.Backend(), "result files under "+d, false)
	}
	if len(files) == 0 && defaultFile != "" {
		if _, err := os.Stat(defaultFile); err == nil {
			files = []string{defaultFile}
		}
	}
	for _, f := range files {
		cf, err := LoadCosts(f)
		if err != nil {
			return nil, &CostFileError{Path: f, Err: err}
		}
		c.AddFile(cf, ad.Backend(), f, false)
	}
	return c, nil
}
