package compare

import (
	"fmt"

	"github.com/mgpteam/mgp/pkg/models"
	"github.com/mgpteam/mgp/pkg/runconfig"
	"go.yaml.in/yaml/v3"
)

// runConfigRecord returns compare's record of cfg, the run config
// RunConfig built for candidate and s: a comment saying how it was made,
// then the keys compare set, as a run config file that mgp train -c (and
// mgp sweep -c on the sweep file, with the seeds) decodes to cfg. The YAML
// encoder writes it, so a column or file name holding YAML syntax or a
// newline stays a plain string.
func runConfigRecord(candidate string, s Settings, cfg runconfig.RunConfig) ([]byte, error) {
	model, kernel := SplitCandidate(candidate)
	ms := map[string]any{"name": cfg.Model.Name}
	vals := cfg.Model.Map()
	e, err := models.Lookup(model)
	if err != nil {
		return nil, err
	}
	for _, k := range e.Compare.Keys {
		if v := vals[k]; v == nil || v == "" {
			continue // left at its default (SHGP's init above one batch)
		}
		ms[k] = vals[k]
	}
	if kernel != "" {
		ms["kernel"] = vals["kernel"]
	}
	t := cfg.Train
	tr := map[string]any{"iterations": t.Iterations, "batch_size": t.BatchSize, "lr": t.LR, "log_every": t.LogEvery}
	if t.LRFinal > 0 {
		tr["lr_final"] = t.LRFinal
	}
	if t.Optimizer != "" {
		tr["optimizer"] = t.Optimizer
	}
	if t.SelectBy != "" {
		tr["select_by"] = t.SelectBy
	}
	if t.Stop.Enabled() {
		tr["stop"] = map[string]any{"patience": t.Stop.Patience, "min_delta": t.Stop.MinDelta}
	}
	if t.Validation > 0 {
		tr["validation"], tr["select_every"] = t.Validation, t.SelectEvery
	}
	ev := map[string]any{"samples": cfg.Eval.Samples}
	if cfg.Eval.Latent != "" {
		ev["latent"] = cfg.Eval.Latent
	}
	if cfg.Eval.DensityDraws > 0 {
		ev["density_draws"] = cfg.Eval.DensityDraws
	}
	d := cfg.Data
	doc := map[string]any{
		"model": ms,
		"data":  map[string]any{"name": d.Name, "kind": d.Kind, "path": d.Path, "target": d.Target, "split": d.Split, "stats": d.Stats},
		"train": tr,
		"eval":  ev,
	}
	b, err := yaml.Marshal(doc)
	if err != nil {
		return nil, err
	}
	head := fmt.Sprintf("# %s on %s, written by mgp compare: a random 90/10 split per seed, statistics from\n"+
		"# the training rows only (data.stats: train)", candidate, oneLine(s.Path))
	switch {
	case s.Refit:
		head = fmt.Sprintf("# %s on %s, written by mgp compare --refit: the final fit on every row (data.split:\n"+
			"# none, statistics of all rows, no test set) for %d iterations, the iteration chosen on the splits", candidate, oneLine(s.Path), s.Iterations)
	case t.Stop.Enabled():
		head += fmt.Sprintf(", 10 %% of the training rows held out to select the iteration and stop early (train.stop; at most %d iterations)", t.Iterations)
	case t.Optimizer == runconfig.OptimizerLBFGS && t.Validation == 0:
		head += fmt.Sprintf(", full-batch L-BFGS on every training row, nothing held out, until it converges (at most %d iterations)", t.Iterations)
	case NeedsSelection(model):
		head += ", 10 % of the training rows held out to select the iteration"
	}
	return append([]byte(head+".\n"), b...), nil
}
