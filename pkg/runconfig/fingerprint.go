package runconfig

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"slices"

	"github.com/mgpteam/mgp/pkg/results"
)

// FingerprintIgnoredKeys are the run-config keys that neither a config
// fingerprint nor a resume compares: they change how a run reports and
// saves itself (log cadence, checkpoint cadence), where it finds its data
// (the data directory, whose content the data fingerprint covers) or how
// many cores score it (eval.jobs: the same bits for every value), never
// its numbers. Every other key counts, seeds included, and so do the
// keys that only change what result.json records beside the metrics
// (train.eval_every, train.trace_every).
var FingerprintIgnoredKeys = []string{"train.log_every", "train.checkpoint_every", "data.dir", "eval.jobs"}

// ConfigFingerprint is "sha256:" and the hex SHA-256 of cfg's canonical
// form: its JSON rendering (every key of the decoded run config after all
// overrides, the model's defaults included) less FingerprintIgnoredKeys,
// object keys sorted and numbers as written. Two runs with the same
// fingerprint train the same model on the same split with the same seeds.
func ConfigFingerprint(cfg RunConfig) string {
	b, _ := json.Marshal(CanonicalConfig(cfg))
	return hashHex(b)
}

// CanonicalConfig is cfg as a nested map, as ConfigFingerprint hashes it:
// numbers kept as json.Number, FingerprintIgnoredKeys removed.
func CanonicalConfig(cfg RunConfig) map[string]any {
	b, _ := json.Marshal(cfg)
	d := json.NewDecoder(bytes.NewReader(b))
	d.UseNumber()
	var m map[string]any
	_ = d.Decode(&m)
	for _, k := range FingerprintIgnoredKeys {
		deleteDotted(m, k)
	}
	return m
}

// deleteDotted removes the leaf at a dotted key from a nested map.
func deleteDotted(m map[string]any, key string) {
	for {
		i := bytes.IndexByte([]byte(key), '.')
		if i < 0 {
			delete(m, key)
			return
		}
		sub, ok := m[key[:i]].(map[string]any)
		if !ok {
			return
		}
		m, key = sub, key[i+1:]
	}
}

// hashHex returns "sha256:" and the hex SHA-256 of b.
func hashHex(b []byte) string {
	s := sha256.Sum256(b)
	return "sha256:" + hex.EncodeToString(s[:])
}

// ConfigChanges lists the keys whose values differ between a config as
// result.json records it (decoded from JSON) and cfg, less
// FingerprintIgnoredKeys, sorted by key; Old is the recorded value.
func ConfigChanges(recorded map[string]any, cfg RunConfig) []results.ConfigChange {
	b, _ := json.Marshal(cfg.Map())
	var now map[string]any
	_ = json.Unmarshal(b, &now)
	b, _ = json.Marshal(recorded) // the same number form on both sides
	var old map[string]any
	_ = json.Unmarshal(b, &old)
	var out []results.ConfigChange
	for _, c := range results.DiffConfigs(old, now) {
		if !slices.Contains(FingerprintIgnoredKeys, c.Key) {
			out = append(out, c)
		}
	}
	return out
}

// CompleteRecordedConfig returns a config as result.json records it with
// every key the run had: earlier versions recorded only the model keys a
// config set, not the model's defaults, so two records of one config could
// differ. The record is decoded as a run config (strictly: an unknown key
// is an error, and the record is then best used as it is) and rendered as
// a run records it now.
func CompleteRecordedConfig(recorded map[string]any) (map[string]any, error) {
	b, err := json.Marshal(recorded)
	if err != nil {
		return nil, err
	}
	d := json.NewDecoder(bytes.NewReader(b))
	d.DisallowUnknownFields()
	var cfg RunConfig
	if err := d.Decode(&cfg); err != nil {
		return nil, err
	}
	if b, err = json.Marshal(cfg.Map()); err != nil {
		return nil, err
	}
	var out map[string]any
	err = json.Unmarshal(b, &out)
	return out, err
}
