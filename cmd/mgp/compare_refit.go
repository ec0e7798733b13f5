package main

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/mgpteam/mgp/pkg/compare"
	"github.com/mgpteam/mgp/pkg/results"
	"github.com/mgpteam/mgp/pkg/train"
	"github.com/spf13/cobra"
)

// refitChosen trains the chosen model of rep on every row of the compare
// data (compare.RefitPlan's iterations and predictive, the splits' model
// section), records it in rep and points DIR/best at it. A finished refit
// with the same config is kept; one with another config (the choice or
// the splits changed) is trained again from its first iteration.
func refitChosen(cmd *cobra.Command, g *globalOpts, out string, rep *compare.Report, set compare.Settings) error {
	chosen := rep.Decision.Chosen
	s, ok := rep.Summary(chosen)
	if !ok {
		return fmt.Errorf("compare --refit: the report has no summary of the chosen model %s", chosen)
	}
	iters, from, latent := compare.RefitPlan(s, set.Iterations)
	set.Refit, set.Iterations, set.Latent = true, iters, latent
	b, err := compare.RunConfigYAML(chosen, set)
	if err != nil {
		return err
	}
	cfgPath, runDir := compare.RefitPaths(out, chosen)
	if err := os.MkdirAll(filepath.Dir(cfgPath), 0o755); err != nil {
		return err
	}
	if err := results.WriteFileAtomic(cfgPath, func(w io.Writer) error { _, err := w.Write(b); return err }); err != nil {
		return err
	}
	cfg, src, err := loadConfigOverrides(cfgPath, nil)
	if err != nil {
		return err
	}
	res, kept := keptRefit(runDir, cfg)
	if !kept {
		fmt.Fprintf(cmd.OutOrStdout(), "refit: %s on all %d rows for %d iterations (%s)\n", chosen, rep.Rows, iters, from)
		var log io.Writer = cmd.ErrOrStderr()
		if g.quiet {
			log = io.Discard
		}
		oc, err := train.Run(cmd.Context(), cfg, train.Options{
			OutDir: runDir, Log: log, Quiet: g.quiet, Command: fmt.Sprintf("mgp train -c %s --out %s", cfgPath, runDir),
			Version: version(), Restart: true, ResumeHint: commandLine(),
		})
		if err != nil {
			return src.locate(err)
		}
		res = oc.Result
	}
	if res.NoTest == "" {
		return fmt.Errorf("compare --refit: %s does not record that it has no test set", runDir)
	}
	rel, err := filepath.Rel(out, runDir)
	if err != nil {
		return err
	}
	relCfg, _ := filepath.Rel(out, cfgPath)
	return compare.SetRefit(out, rep, &compare.Refit{Model: chosen, Dir: rel, Config: relCfg, Rows: rep.Rows,
		Iterations: iters, IterationsFrom: from, Latent: latent, NoTest: res.NoTest, TrainSeconds: compare.Num(res.TrainSeconds)})
}

// keptRefit returns the result of a finished refit in dir trained with
// cfg (same config fingerprint), and false when there is none.
func keptRefit(dir string, cfg train.RunConfig) (*results.Result, bool) {
	b, err := os.ReadFile(filepath.Join(dir, train.ResultFile))
	if err != nil {
		return nil, false
	}
	var r results.Result
	if json.Unmarshal(b, &r) != nil || !r.Complete || r.ConfigFingerprint != train.ConfigFingerprint(cfg) {
		return nil, false
	}
	return &r, true
}
