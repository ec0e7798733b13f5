package sweep

import (
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/mgpteam/mgp/pkg/data"
	"github.com/mgpteam/mgp/pkg/inputerr"
	"github.com/mgpteam/mgp/pkg/runconfig"
)

// Prepared is a run with its effective config, ready to train.
type Prepared struct {
	Run
	// RunConfig is the run's effective config: its file with every
	// override of the sweep.
	RunConfig runconfig.RunConfig
	// DataDir is the data directory the run reads.
	DataDir string
	// locate says where a key named by a later error was written (nil:
	// nowhere known).
	locate func(error) error
}

// PrepareOptions steer Prepare.
type PrepareOptions struct {
	// Load reads a run's config (nil: LoadRunConfig).
	Load ConfigLoader
	// Config, when set, returns a run's config built in code (mgp
	// compare's), in place of Load reading the run's file with its
	// overrides; errors later found in it name their key but no line.
	Config func(r Run) (runconfig.RunConfig, error)
	// DataDir returns the data directory of a run whose config sets
	// data.dir to configDir (nil: configDir itself).
	DataDir func(configDir string) string
}

// maxProblems is how many config problems Prepare lists.
const maxProblems = 12

// Prepare reads every run's config with its overrides, so that a bad
// config stops the sweep before anything runs. A config must train the
// run's model on the run's data set (a CSV config without data.name takes
// the sweep's data set when that is the file's base name). The error, a
// *inputerr.Error, lists every problem, each config's once.
func Prepare(runs []Run, o PrepareOptions) ([]Prepared, error) {
	if o.Load == nil {
		o.Load = LoadRunConfig
	}
	out := make([]Prepared, 0, len(runs))
	var problems []string
	seen := map[string]bool{}
	note := func(key, msg string) {
		if !seen[key] {
			seen[key] = true
			problems = append(problems, msg)
		}
	}
	for _, r := range runs {
		cfg, locate, err := load(o, r)
		if err != nil {
			msg := fmt.Sprintf("%s: %v", r.ID(), err)
			if errors.Is(err, os.ErrNotExist) {
				msg = fmt.Sprintf("%s: config %s does not exist: add it or remove %s from the sweep", r.ID(), r.Config, r.Model)
			}
			note(r.Config+": "+firstLine(err.Error()), msg)
			continue
		}
		if key, msg := mismatch(r, &cfg); msg != "" {
			note(key, msg)
			continue
		}
		dir := cfg.Data.Dir
		if o.DataDir != nil {
			dir = o.DataDir(dir)
		}
		out = append(out, Prepared{Run: r, RunConfig: cfg, DataDir: dir, locate: locate})
	}
	if len(problems) > 0 {
		if len(problems) > maxProblems {
			problems = append(problems[:maxProblems], fmt.Sprintf("... and %d more", len(problems)-maxProblems))
		}
		return nil, &inputerr.Error{Err: fmt.Errorf("the sweep's run configs have problems; nothing was run:\n  %s", strings.Join(problems, "\n  "))}
	}
	return out, nil
}

// load returns r's config: o.Config's when set, else o.Load's.
func load(o PrepareOptions, r Run) (runconfig.RunConfig, func(error) error, error) {
	if o.Config != nil {
		cfg, err := o.Config(r)
		return cfg, nil, err
	}
	return o.Load(r.Config, r.Sets)
}

// mismatch checks that cfg trains r's model on r's data set, filling in
// the data set of a CSV config that names none; it returns the problem
// (and the key that lists it once per config), or "".
func mismatch(r Run, cfg *runconfig.RunConfig) (key, msg string) {
	if cfg.ModelName() != r.Model {
		return r.Config + " model", fmt.Sprintf("%s: %s trains model %q, not %q", r.ID(), r.Config, cfg.ModelName(), r.Model)
	}
	if cfg.Data.Name == "" && cfg.Data.Path != "" && data.CSVName(cfg.Data.Path) == r.Dataset {
		cfg.Data.Name = r.Dataset // a CSV config needs no data.name: the sweep's data set is the file's base name
	}
	if cfg.Data.Name == r.Dataset {
		return "", ""
	}
	if cfg.Data.Name == "" && cfg.Data.Path != "" {
		base := data.CSVName(cfg.Data.Path)
		return r.Config + " data", fmt.Sprintf("%s: %s reads %s, whose data set name is %q, not %q: list %q under datasets, or set data.name: %s",
			r.ID(), r.Config, cfg.Data.Path, base, r.Dataset, base, r.Dataset)
	}
	return r.Config + " data", fmt.Sprintf("%s: %s uses data set %q, not %q", r.ID(), r.Config, cfg.Data.Name, r.Dataset)
}

// Runs returns the runs of ps.
func Runs(ps []Prepared) []Run {
	runs := make([]Run, len(ps))
	for i, p := range ps {
		runs[i] = p.Run
	}
	return runs
}

// Locate prefixes an error that names a config key with where the run's
// config wrote that key; other errors are returned unchanged.
func (p Prepared) Locate(err error) error {
	if p.locate == nil || err == nil {
		return err
	}
	return p.locate(err)
}
