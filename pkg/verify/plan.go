package verify

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"

	"github.com/mgpteam/mgp/pkg/config"
	"github.com/mgpteam/mgp/pkg/data"
	"github.com/mgpteam/mgp/pkg/results"
	"github.com/mgpteam/mgp/pkg/runconfig"
	"github.com/mgpteam/mgp/pkg/sweep"
)

// Item is one committed run of the plan and what is done with it.
type Item struct {
	Committed
	// Scratch is the re-run's directory under Options.Out and ConfigFile
	// the recorded config written for it (the file its train command
	// names).
	Scratch, ConfigFile string
	// Iterations is what the re-run trains: the run's iterations, or
	// Options.Iterations when Truncated.
	Iterations int
	Truncated  bool
	// Reason says why the run cannot be re-run ("" when it can).
	Reason string
	// ConfigNote says how the recorded config decodes with this binary.
	ConfigNote string
	// Estimate is the re-run's cost in single-core seconds by the cost
	// model (0 when it is done in the scratch tree), EstimateOK whether
	// there is one.
	Estimate   float64
	EstimateOK bool
	// LeftOut says why the budget left the run out ("" when it is in).
	LeftOut string
	// Done says the re-run is finished in the scratch tree already.
	Done bool

	prep   *sweep.Prepared
	config []byte
}

// runnable says whether the item is re-run.
func (it *Item) runnable() bool { return it.Reason == "" && it.LeftOut == "" }

// ID names the item: its committed result.json.
func (it *Item) ID() string { return it.Path }

// newItem reads a committed run's recorded config as this binary decodes
// it (with train.iterations = o.Iterations for a truncated re-run) and
// readies its re-run in the scratch tree; a run that cannot be re-run
// gets its Reason.
func newItem(c Committed, o Options) Item {
	it := Item{Committed: c}
	if c.Err != nil {
		it.Reason = fmt.Sprintf("%s cannot be read: %v", c.Path, c.Err)
		return it
	}
	r := c.Result
	cfg, _, err := sweep.ParseRunConfig("", mustJSON(r.Config), nil)
	if err != nil {
		it.Reason = "the recorded config does not decode with this binary: " + err.Error() + keyHint(err)
		return it
	}
	it.ConfigNote = configNote(r, cfg)
	it.Iterations = cfg.Train.Iterations
	var sets []config.Override
	if o.Iterations > 0 && o.Iterations < cfg.Train.Iterations {
		if cfg.Train.LRFinal > 0 {
			it.Reason = fmt.Sprintf("--iterations %d: the run decays its learning rate to train.lr_final over its %d iterations, so its first %d cannot be re-run alone",
				o.Iterations, cfg.Train.Iterations, o.Iterations)
			return it
		}
		it.Iterations, it.Truncated = o.Iterations, true
		sets = []config.Override{config.Uint("train.iterations", uint64(o.Iterations), "--iterations")}
		cfg.Train.Iterations = o.Iterations
	}
	switch {
	case cfg.Data.SplitSeed != r.SplitSeed || cfg.Train.Seed != r.ModelSeed:
		it.Reason = fmt.Sprintf("the recorded config's seeds (data.split_seed %d, train.seed %d) are not the run's (split %d, model %d)",
			cfg.Data.SplitSeed, cfg.Train.Seed, r.SplitSeed, r.ModelSeed)
		return it
	case r.NoTest != "":
		it.Reason = "the run has no test metrics to compare (" + r.NoTest + ")"
		return it
	}
	rel := scratchName(c.Dir(), it.Truncated, it.Iterations)
	it.Scratch = filepath.Join(o.Out, "runs", rel)
	it.ConfigFile = filepath.Join(o.Out, "configs", rel+".json")
	it.config, _ = json.MarshalIndent(r.Config, "", "  ")
	run := sweep.Run{Dataset: r.Dataset, Model: r.Model, Variant: variantOf(r), Seed: r.SplitSeed,
		Config: it.ConfigFile, Sets: sets, Dir: it.Scratch}
	ps, err := sweep.Prepare([]sweep.Run{run}, sweep.PrepareOptions{
		Config:  func(sweep.Run) (runconfig.RunConfig, error) { return cfg, nil },
		DataDir: o.DataDir,
	})
	if err != nil {
		msg := err.Error()
		if i := strings.LastIndex(msg, "\n  "); i >= 0 {
			msg = msg[i+3:]
		}
		it.Reason = msg
		return it
	}
	it.prep = &ps[0]
	return it
}

// checkData reads the data of every item that can be re-run (once per
// data set and split, sweep.SetWants) and gives a Reason to those whose
// data are missing or differ from the recorded run's.
func checkData(items []Item) {
	var ps []sweep.Prepared
	var at []int
	for i := range items {
		if items[i].prep != nil {
			ps = append(ps, *items[i].prep)
			at = append(at, i)
		}
	}
	sweep.SetWants(ps)
	for k, i := range at {
		it := &items[i]
		it.prep = &ps[k]
		fp, err := it.prep.Want.DataFingerprint()
		var fe *data.FileError
		switch {
		case errors.As(err, &fe) && errors.Is(err, fs.ErrNotExist):
			it.Reason = "data file missing: " + fe.Path
		case err != nil:
			it.Reason = "the data cannot be read: " + err.Error()
		case it.Result.DataFingerprint != "" && fp != it.Result.DataFingerprint:
			it.Reason = fmt.Sprintf("the data differ from the run's (data fingerprint %s recorded, %s now)",
				short(it.Result.DataFingerprint), short(fp))
		}
		if it.Reason != "" {
			it.prep = nil
		}
	}
}

// configNote compares the recorded config with what this binary decodes
// from it (the defaults of keys it did not record are today's).
func configNote(r *results.Result, cfg runconfig.RunConfig) string {
	cs := runconfig.ConfigChanges(r.Config, cfg)
	switch {
	case r.ConfigFingerprint == "" && len(cs) == 0:
		return "decodes to the recorded config (no fingerprint recorded)"
	case r.ConfigFingerprint == "":
		return "no fingerprint recorded; keys it did not record take today's values: " + results.FormatChanges(cs, 6, ": ", "; ")
	case runconfig.ConfigFingerprint(cfg) == r.ConfigFingerprint:
		return "same config fingerprint"
	case len(cs) == 0:
		return "config fingerprint differs, no key differs"
	}
	return "config fingerprint differs: " + results.FormatChanges(cs, 6, ": ", "; ")
}

// keyHint adds to a config error the key it names, when it names one.
func keyHint(err error) string {
	var ke *config.KeyError
	if errors.As(err, &ke) && ke.Key != "" {
		return " (key " + ke.Key + ")"
	}
	return ""
}

// scratchName is the path under the scratch tree of a committed run's
// re-run: its directory relative to the working directory (the
// repository root, for committed runs), or its absolute path without
// the leading separator when it lies elsewhere; "-first<N>" marks a
// truncated re-run.
func scratchName(dir string, truncated bool, n int) string {
	rel := filepath.Clean(dir)
	if abs, err := filepath.Abs(dir); err == nil {
		rel = abs
		if wd, err := filepath.Abs("."); err == nil {
			if r, err := filepath.Rel(wd, abs); err == nil && r != ".." && !strings.HasPrefix(r, ".."+string(filepath.Separator)) {
				rel = r
			}
		}
	}
	rel = strings.TrimPrefix(rel, filepath.VolumeName(rel))
	rel = strings.TrimLeft(rel, string(filepath.Separator))
	if truncated {
		rel += fmt.Sprintf("-first%d", n)
	}
	return rel
}

// mustJSON is v as JSON (a decoded config always encodes).
func mustJSON(v any) []byte {
	b, _ := json.Marshal(v)
	return b
}

// short abbreviates a "sha256:..." fingerprint.
func short(fp string) string {
	if len(fp) > 19 {
		return fp[:19]
	}
	return fp
}
