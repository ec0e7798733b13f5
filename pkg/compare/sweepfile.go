package compare

import (
	"bytes"
	"io"
	"os"
	"path/filepath"

	"github.com/mgpteam/mgp/pkg/inputerr"
	"github.com/mgpteam/mgp/pkg/results"
	"github.com/mgpteam/mgp/pkg/sweep"
)

// The files and directories of a compare directory besides DataFile.
const (
	// ConfigDir holds one run config per model.
	ConfigDir = "configs"
	// RunsDir is the sweep's results tree.
	RunsDir = "runs"
	// SweepFile is the sweep file mgp sweep can re-run.
	SweepFile = "sweep.yaml"
	// BestLink is the chosen model's run on its best split.
	BestLink = "best"
)

// WriteSweep writes every model's run config and the sweep file into out,
// with one variant per kernel when kernels is not empty (kernelVariants),
// and returns the sweep, read back through sweep.ReadSpec (so it is checked
// as any sweep file). A config already there with other content (other
// iterations, another data file) is refused (a *ChangedSettingsError):
// finished runs would be taken for runs with the new settings.
func WriteSweep(out string, models, kernels []string, splits int, s Settings) (*sweep.Spec, error) {
	for _, m := range models {
		b, err := RunConfigYAML(m, s)
		if err != nil {
			return nil, err
		}
		if err := writeOnce(filepath.Join(out, ConfigDir, m+".yaml"), b); err != nil {
			return nil, err
		}
	}
	b, err := sweepYAML(out, models, kernels, splits, s)
	if err != nil {
		return nil, err
	}
	path := filepath.Join(out, SweepFile)
	if err := results.WriteFileAtomic(path, func(w io.Writer) error { _, err := w.Write(b); return err }); err != nil {
		return nil, err
	}
	return sweep.ReadSpec(path)
}

// writeOnce writes b to path unless path holds it already; other content
// is refused.
func writeOnce(path string, b []byte) error {
	if old, err := os.ReadFile(path); err == nil {
		if !bytes.Equal(old, b) {
			return &inputerr.Error{Err: &ChangedSettingsError{Path: path}}
		}
		return nil
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	return results.WriteFileAtomic(path, func(w io.Writer) error { _, err := w.Write(b); return err })
}
