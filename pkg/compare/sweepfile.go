package compare

import (
	"bytes"
	"io"
	"os"
	"path/filepath"

	"github.com/mgpteam/mgp/pkg/inputerr"
	"github.com/mgpteam/mgp/pkg/results"
	"github.com/mgpteam/mgp/pkg/runconfig"
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

// WriteSweep writes every model's run config (RunConfig's, as its record
// runConfigRecord) and the sweep file into out, with one variant per
// kernel when kernels is not empty (kernelVariants), and returns the sweep
// (checked as any sweep file; its runs' configs are splitConfig's). A
// config already there with other content (other iterations, another data
// file) is refused (a *ChangedSettingsError): finished runs would be taken
// for runs with the new settings.
func WriteSweep(out string, models, kernels []string, splits int, s Settings) (*sweep.Spec, error) {
	for _, m := range models {
		cfg, err := RunConfig(m, s)
		if err != nil {
			return nil, err
		}
		b, err := runConfigRecord(m, s, cfg)
		if err != nil {
			return nil, err
		}
		if err := writeOnce(filepath.Join(out, ConfigDir, m+".yaml"), b); err != nil {
			return nil, err
		}
	}
	spec := sweepSpec(out, models, kernels, splits, s)
	if err := sweep.WriteSpec(filepath.Join(out, SweepFile), sweepHead(out, splits, s), spec); err != nil {
		return nil, err
	}
	return spec, nil
}

// splitConfig returns the config of a run of the comparison's sweep: its
// model's RunConfig for s, with its variant's kernel, and its seed as the
// split and the model seed (the config its record, the model's file with
// the sweep's overrides, gives).
func splitConfig(s Settings) func(r sweep.Run) (runconfig.RunConfig, error) {
	return func(r sweep.Run) (runconfig.RunConfig, error) {
		cfg, err := RunConfig(Candidate(r.Model, runKernel(r)), s)
		if err != nil {
			return cfg, err
		}
		cfg.Data.SplitSeed, cfg.Train.Seed = r.Seed, r.Seed
		return cfg, nil
	}
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
