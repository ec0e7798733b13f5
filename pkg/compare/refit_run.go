package compare

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/mgpteam/mgp/pkg/results"
	"github.com/mgpteam/mgp/pkg/runconfig"
	"github.com/mgpteam/mgp/pkg/rundir"
	"github.com/mgpteam/mgp/pkg/train"
)

// refitChosen trains the chosen model of rep on every row of the compare
// data (RefitPlan's iterations and predictive, the splits' model section)
// into RefitPaths, records it in rep and points DIR/best at it. A finished
// refit with the same config is kept; one with another config (the choice
// or the splits changed) is trained again from its first iteration.
func refitChosen(ctx context.Context, o Options, rep *Report, set Settings) error {
	chosen := rep.Decision.Chosen
	s, ok := rep.Summary(chosen)
	if !ok {
		return fmt.Errorf("refit: the report has no summary of the chosen model %s", chosen)
	}
	iters, from, latent := RefitPlan(s, set.Iterations)
	set.Refit, set.SplitIterations, set.Iterations, set.Latent = true, set.Iterations, iters, latent
	cfgPath, runDir := RefitPaths(o.Out, chosen)
	cfg, err := writeRefitConfig(cfgPath, chosen, set)
	if err != nil {
		return err
	}
	res, kept := finishedRefit(runDir, cfg)
	if !kept {
		fmt.Fprintf(o.Stdout, "refit: %s on all %d rows for %d iterations (%s)\n", chosen, rep.Rows, iters, from)
		oc, err := train.Run(ctx, cfg, train.Options{
			OutDir: runDir, Log: orDiscard(o.Log), Quiet: o.Quiet, Command: fmt.Sprintf("mgp train -c %s --out %s", cfgPath, runDir),
			Version: o.Version, Restart: true, ResumeHint: o.ResumeHint,
		})
		if err != nil {
			return err
		}
		res = oc.Result
	}
	if res.NoTest == "" {
		return fmt.Errorf("refit: %s does not record that it has no test set", runDir)
	}
	rel, err := filepath.Rel(o.Out, runDir)
	if err != nil {
		return err
	}
	relCfg, _ := filepath.Rel(o.Out, cfgPath)
	return SetRefit(o.Out, rep, &Refit{Model: chosen, Dir: rel, Config: relCfg, Rows: rep.Rows,
		Iterations: iters, IterationsFrom: from, Latent: latent, NoTest: res.NoTest, TrainSeconds: Num(res.TrainSeconds)})
}

// writeRefitConfig returns the refit's run config (RunConfig's for model
// and set) and writes its record to path.
func writeRefitConfig(path, model string, set Settings) (runconfig.RunConfig, error) {
	cfg, err := RunConfig(model, set)
	if err != nil {
		return runconfig.RunConfig{}, err
	}
	b, err := runConfigRecord(model, set, cfg)
	if err != nil {
		return runconfig.RunConfig{}, err
	}
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return runconfig.RunConfig{}, err
	}
	if err := results.WriteFileAtomic(path, func(w io.Writer) error { _, err := w.Write(b); return err }); err != nil {
		return runconfig.RunConfig{}, err
	}
	return cfg, nil
}

// finishedRefit returns the result of a finished refit in dir trained
// with cfg (same config fingerprint), and false when there is none: the
// run directory's own rule (rundir.FinishedResult).
func finishedRefit(dir string, cfg runconfig.RunConfig) (*results.Result, bool) {
	return rundir.FinishedResult(dir, runconfig.ConfigFingerprint(cfg))
}
