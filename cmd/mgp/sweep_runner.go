package main

import (
	"context"
	"fmt"
	"io"

	"github.com/mgpteam/mgp/pkg/sweep"
	"github.com/mgpteam/mgp/pkg/train"
)

// plannedRunner returns what sweep.Execute needs to train the planned runs
// (mgp sweep's and mgp compare's): the runner, which trains a run as mgp
// train would (an error found with the data names its config line; a
// resume hint names this process's command line), and the cost estimate of
// a run from costs.
func plannedRunner(g *globalOpts, planned []plannedRun, costs *sweep.CostModel) (sweep.Runner, func(sweep.Run, int) (float64, bool)) {
	byID := make(map[string]plannedRun, len(planned))
	for _, p := range planned {
		byID[p.ID()] = p
	}
	cmdLine := commandLine()
	runner := func(ctx context.Context, r sweep.Run, resume bool, log io.Writer) error {
		p := byID[r.ID()]
		_, err := train.Run(ctx, p.cfg, train.Options{
			DataDir: resolveDataDir(g.dataDir, p.cfg.Data.Dir), OutDir: r.Dir, Log: log,
			Command: fmt.Sprintf("mgp train -c %s %s --out %s", r.Config, setFlags(r.Sets), r.Dir),
			Version: version(), Variant: r.Variant, Resume: resume, ResumeHint: cmdLine,
		})
		return p.src.locate(err) // a key found wrong with the data: its line
	}
	estimate := func(r sweep.Run, done int) (float64, bool) {
		sec, _, err := costs.Estimate(r.Model, r.Dataset, byID[r.ID()].cfg.Train.Iterations, done)
		return sec, err == nil
	}
	return runner, estimate
}
