package report

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"

	"github.com/mgpteam/mgp/pkg/results"
)

// poolIgnoredKeys are the config keys runs of one table cell may differ
// in: the seeds and the split index (what tells a cell's runs apart), the
// keys the protocol already keeps apart (iterations, samples, the kind of
// split, the held-out fraction), and
// the keys that never change a run's metrics (the data directory, the
// cadences of logging, checkpoints, the ELBO trace and the trace's test
// evaluations).
var poolIgnoredKeys = []string{
	"data.split_seed", "train.seed", "data.split_index", "data.dir",
	"train.iterations", "eval.samples", "data.split", "train.validation",
	"train.log_every", "train.checkpoint_every", "train.trace_every", "train.eval_every",
}

// configKey is the part of r's recorded config that runs must share to be
// pooled: the config less poolIgnoredKeys, as canonical JSON (object keys
// sorted). Runs whose configs differ anywhere else (another lr, another m)
// have different config fingerprints and are never pooled. "" when r
// records no config.
func configKey(r *results.Result) string {
	if len(r.Config) == 0 {
		return ""
	}
	flat := results.FlattenConfig(r.Config)
	for _, k := range poolIgnoredKeys {
		delete(flat, k)
	}
	if len(flat) == 0 {
		return ""
	}
	b, err := json.Marshal(flat)
	if err != nil {
		return fmt.Sprint(flat)
	}
	return string(b)
}

// configChanges names what sets config key b apart from a: "train.lr
// 0.01 → 0.03", at most four keys.
func configChanges(a, b string) string {
	return results.FormatChanges(results.DiffConfigs(decodeKey(a), decodeKey(b)), 4, " ", ", ")
}

// decodeKey reads a configKey back into a flat map.
func decodeKey(k string) map[string]any {
	m := map[string]any{}
	_ = json.Unmarshal([]byte(k), &m)
	return m
}

// configLabel names a config key briefly, for row labels: "config
// 3fa2c1", the start of its SHA-256 ("config –" for none).
func configLabel(k string) string {
	if k == "" {
		return "config –"
	}
	sum := sha256.Sum256([]byte(k))
	return "config " + hex.EncodeToString(sum[:3])
}
