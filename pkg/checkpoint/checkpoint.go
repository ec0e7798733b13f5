package checkpoint

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	ad "github.com/mgpteam/mgp/pkg/autodiff"
	"github.com/mgpteam/mgp/pkg/data"
	"github.com/mgpteam/mgp/pkg/results"
	"github.com/mgpteam/mgp/pkg/runconfig"
	"github.com/mgpteam/mgp/pkg/rundir"
	"gonum.org/v1/gonum/mat"
)

// Matrix is a serialisable matrix.
type Matrix struct {
	Rows int       `json:"rows"`
	Cols int       `json:"cols"`
	Data []float64 `json:"data"`
}

// DataInfo is what prediction needs of the training data: the
// standardisation and the column names.
type DataInfo struct {
	// Std holds the column means and divisors of inputs and outputs.
	Std *data.Standardizer `json:"standardizer,omitempty"`
	// XNames and YNames name the input and output columns, when known.
	XNames []string `json:"x_names,omitempty"`
	YNames []string `json:"y_names,omitempty"`
	// NTrain is the number of training rows.
	NTrain int `json:"n_train,omitempty"`
}

// Checkpoint is a saved run: its config, the unconstrained value of every
// parameter by name and, while training is under way or was interrupted,
// the training loop's state so that the run can resume exactly.
type Checkpoint struct {
	// Checksum is "sha256:" and the hex SHA-256 of the file with this
	// value replaced by checksumPlaceholder (see Encode); empty in
	// checkpoints of versions before checksums, which are read unchecked.
	Checksum string              `json:"checksum,omitempty"`
	Config   runconfig.RunConfig `json:"config"`
	Variant  string              `json:"variant,omitempty"`
	// Params holds the parameters; in the JSON file only when the
	// checkpoint is small (see Arrays).
	Params  map[string]Matrix `json:"params,omitempty"`
	Version string            `json:"version"`
	// EarlierVersions are the versions of the binaries that trained the
	// run before Version, oldest first, when it was resumed by another.
	EarlierVersions []string `json:"earlier_versions,omitempty"`
	// State is the training loop's state (nil in checkpoints of older
	// versions, which cannot resume).
	State *TrainState `json:"state,omitempty"`
	// Trained is true once all iterations are done; Complete once the
	// evaluation is done too and result.json is written.
	Trained  bool `json:"trained,omitempty"`
	Complete bool `json:"complete,omitempty"`
	// Data describes the training data's standardisation and columns.
	Data *DataInfo `json:"data_info,omitempty"`
	// Selection is the held-out selection so far (train.validation). Once
	// the run is complete, Params are the selected parameters.
	Selection *Selection `json:"selection,omitempty"`
	// Predictive is "mean" when the complete run predicts with its latent
	// variables at their means (eval.latent); train.RunPredictive reads it.
	Predictive string `json:"predictive,omitempty"`
	// ConfigFingerprint and DataFingerprint identify the run's effective
	// config and its training data (runconfig.ConfigFingerprint, data.Experiment's
	// Fingerprint); result.json records the same. A resume refuses a
	// checkpoint whose data fingerprint differs from the data's.
	ConfigFingerprint string `json:"config_fingerprint,omitempty"`
	DataFingerprint   string `json:"data_fingerprint,omitempty"`
	// Result is result.json's content, compact, in the complete checkpoint:
	// a result.json lost after the checkpoint was written is rebuilt from
	// it byte for byte (see ResultBytes).
	Result json.RawMessage `json:"result,omitempty"`
	// Arrays, in the file of a large checkpoint, names the arrays file
	// beside it that holds Params, the Adam moments of State and the
	// parameters of Selection (see arrays.go); Load reads them
	// back and sets Arrays to nil. Save sets it.
	Arrays *ArraysRef `json:"arrays,omitempty"`
}

// New captures cfg and the parameters ps.
func New(cfg runconfig.RunConfig, ps *ad.ParamSet, version string) *Checkpoint {
	return &Checkpoint{Config: cfg, Params: Snapshot(ps), Version: version}
}

// Save writes the checkpoint, with its checksum, to path atomically. A
// large checkpoint's float arrays go first to an arrays file in path's
// directory, which the JSON then names (see arrays.go); arrays files of
// earlier checkpoints are removed once the JSON is written.
func (ck *Checkpoint) Save(path string) error {
	if ck.Arrays != nil && ck.Params == nil {
		return fmt.Errorf("saving %s: the checkpoint was read without its arrays file (checkpoint.LoadHeader) and cannot be saved", path)
	}
	dir := filepath.Dir(path)
	out, keep := *ck, ""
	out.Arrays = nil
	if as := ck.arrays(); countValues(as) >= ArraysMinValues {
		ref, err := writeArrays(dir, as)
		if err != nil {
			return err
		}
		out, keep = *ck.withoutArrays(ref), ref.File
	}
	b, err := out.Encode()
	if err != nil {
		return err
	}
	if err := results.WriteFileAtomic(path, func(w io.Writer) error {
		_, err := w.Write(b)
		return err
	}); err != nil {
		return err
	}
	_, _ = rundir.RemoveArraysFiles(dir, keep) // best effort: a leftover is removed by the next save
	return nil
}

// Load reads a checkpoint, with its arrays file if it has one,
// checking both against their checksums. A missing file gives an error
// wrapping rundir.ErrNoCheckpoint; a damaged one (or a missing or damaged arrays
// file) a *CorruptError.
func Load(path string) (*Checkpoint, error) {
	ck, err := LoadHeader(path)
	if err != nil || ck.Arrays == nil {
		return ck, err
	}
	as, err := readArrays(filepath.Dir(path), ck.Arrays)
	if err == nil {
		err = ck.setArrays(as)
	}
	if err != nil {
		return nil, &CorruptError{Path: path, Reason: err.Error()}
	}
	ck.Arrays = nil
	return ck, nil
}

// LoadHeader is Load without reading the arrays file of
// a large checkpoint: it checks checkpoint.json's checksum and that the
// arrays file it names is there with the recorded size, and leaves Params,
// the Adam moments and the selected parameters empty (Arrays set). For
// deciding what to do with a run (sweep status), not for restoring it.
func LoadHeader(path string) (*Checkpoint, error) {
	b, err := os.ReadFile(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%s: %w (is this a run directory written by mgp train?)", path, rundir.ErrNoCheckpoint)
	}
	if err != nil {
		return nil, fmt.Errorf("reading checkpoint: %w", err)
	}
	var ck Checkpoint
	if err := json.Unmarshal(b, &ck); err != nil {
		return nil, &CorruptError{Path: path, Reason: fmt.Sprintf("not a valid checkpoint: %v", err)}
	}
	if err := verifyChecksum(b, ck.Checksum); err != nil {
		return nil, &CorruptError{Path: path, Reason: err.Error()}
	}
	if ck.Arrays != nil {
		if ck.Checksum == "" {
			return nil, &CorruptError{Path: path, Reason: "it names an arrays file but has no checksum"}
		}
		if err := checkArraysFile(filepath.Dir(path), ck.Arrays); err != nil {
			return nil, &CorruptError{Path: path, Reason: err.Error()}
		}
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

// Snapshot copies the raw values of the parameters ps, as a checkpoint
// and a held-out selection keep them.
func Snapshot(ps *ad.ParamSet) map[string]Matrix {
	out := map[string]Matrix{}
	for name, m := range ps.Snapshot() {
		r, c := m.Dims()
		out[name] = Matrix{Rows: r, Cols: c, Data: m.RawMatrix().Data}
	}
	return out
}
