package sweep

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/mgpteam/mgp/pkg/config"
	"github.com/mgpteam/mgp/pkg/train"
)

// TrainOptions are what every run TrainRunner trains shares.
type TrainOptions struct {
	// Version is the binary's version, recorded in each result.
	Version string
	// ResumeHint is the command line that continues an interrupted run,
	// for train's messages.
	ResumeHint string
}

// TrainRunner returns the Runner that trains the prepared runs as mgp
// train would, each into its directory with its effective config, its
// data directory and the train command that reproduces it recorded. An
// error that names a config key says where the run's config wrote it.
func TrainRunner(ps []Prepared, o TrainOptions) Runner {
	byID := byID(ps)
	return func(ctx context.Context, r Run, resume bool, log io.Writer) error {
		p, ok := byID[r.ID()]
		if !ok {
			return fmt.Errorf("%s: not among the prepared runs", r.ID())
		}
		_, err := train.Run(ctx, p.RunConfig, train.Options{
			DataDir: p.DataDir, OutDir: r.Dir, Log: log, Command: r.TrainCommand(),
			Version: o.Version, Variant: r.Variant, Resume: resume, ResumeHint: o.ResumeHint,
		})
		return p.Locate(err) // a key found wrong with the data: its line
	}
}

// Estimator returns the cost estimate of a prepared run from iteration
// done on, for Options.Estimate.
func Estimator(ps []Prepared, costs *CostModel) func(Run, Status) (float64, bool) {
	byID := byID(ps)
	return func(r Run, st Status) (float64, bool) {
		sec, _, _, err := remaining(costs, byID[r.ID()], st)
		return sec, err == nil
	}
}

// byID indexes ps by run ID.
func byID(ps []Prepared) map[string]Prepared {
	m := make(map[string]Prepared, len(ps))
	for _, p := range ps {
		m[p.ID()] = p
	}
	return m
}

// TrainCommand is the mgp train command that trains the run by itself,
// recorded in its result as its provenance.
func (r Run) TrainCommand() string {
	return fmt.Sprintf("mgp train -c %s %s --out %s", r.Config, setFlags(r.Sets), r.Dir)
}

// setFlags renders overrides as --set flags.
func setFlags(sets []config.Override) string {
	parts := make([]string, len(sets))
	for i, s := range sets {
		parts[i] = "--set " + s.String()
	}
	return strings.Join(parts, " ")
}
