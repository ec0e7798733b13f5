package train

import (
	"encoding/json"
	"fmt"
	"os"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"github.com/mgpteam/mgp/pkg/eval"
	"gonum.org/v1/gonum/mat"
)

// CheckpointFile is the checkpoint's name inside a run directory.
const CheckpointFile = "checkpoint.json"

// ResultFile is the result's name inside a run directory.
const ResultFile = "result.json"

// Matrix is a serialisable matrix.
type Matrix struct {
	Rows int       `json:"rows"`
	Cols int       `json:"cols"`
	Data []float64 `json:"data"`
}

// Checkpoint is a saved model: its run config plus the unconstrained value of
// every parameter by name.
type Checkpoint struct {
	Config  RunConfig         `json:"config"`
	Params  map[string]Matrix `json:"params"`
	Version string            `json:"version"`
}

// SaveCheckpoint writes cfg and ps to path atomically.
func SaveCheckpoint(path string, cfg RunConfig, ps *ad.ParamSet, version string) error {
	ck := Checkpoint{Config: cfg, Params: map[string]Matrix{}, Version: version}
	for name, m := range ps.Snapshot() {
		r, c := m.Dims()
		ck.Params[name] = Matrix{Rows: r, Cols: c, Data: m.RawMatrix().Data}
	}
	return eval.WriteJSONAtomic(path, ck)
}

// LoadCheckpoint reads a checkpoint.
func LoadCheckpoint(path string) (*Checkpoint, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("reading checkpoint: %w (is this a run directory written by mgp train?)", err)
	}
	var ck Checkpoint
	if err := json.Unmarshal(b, &ck); err != nil {
		return nil, fmt.Errorf("%s: not a valid checkpoint: %v", path, err)
	}
	return &ck, nil
}

// Restore loads the checkpoint's parameters into ps.
func (ck *Checkpoint) Restore(ps *ad.ParamSet) error {
	m := make(map[string]*mat.Dense, len(ck.Params))
	for name, x := range ck.Params {
		if x.Rows*x.Cols != len(x.Data) || x.Rows <= 0 {
			return fmt.Errorf("checkpoint parameter %q: %dx%d with %d values", name, x.Rows, x.Cols, len(x.Data))
		}
		m[name] = mat.NewDense(x.Rows, x.Cols, x.Data)
	}
	return ps.Restore(m)
}
