package train

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"encoding/json"
	"hash"
	"math"
	"slices"

	"github.com/mgpteam/mgp/pkg/data"
	"github.com/mgpteam/mgp/pkg/results"
	"gonum.org/v1/gonum/mat"
)

// FingerprintIgnoredKeys are the run-config keys that neither a config
// fingerprint nor a resume compares: they change how a run reports and
// saves itself (log cadence, checkpoint cadence) or where it finds its
// data (the data directory, whose content the data fingerprint covers),
// never its numbers. Every other key counts, seeds included, and so do the
// keys that only change what result.json records beside the metrics
// (train.eval_every, train.trace_every).
var FingerprintIgnoredKeys = []string{"train.log_every", "train.checkpoint_every", "data.dir"}

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

// dataHasher builds a data fingerprint: matrices, index lists and strings,
// each tagged and length-prefixed so that no two inputs share a stream.
type dataHasher struct{ h hash.Hash }

func newDataHasher() *dataHasher { return &dataHasher{h: sha256.New()} }

func (d *dataHasher) u64(v uint64) {
	var b [8]byte
	binary.LittleEndian.PutUint64(b[:], v)
	d.h.Write(b[:])
}

func (d *dataHasher) str(s string) {
	d.u64(uint64(len(s)))
	d.h.Write([]byte(s))
}

func (d *dataHasher) strs(tag string, ss []string) {
	d.str(tag)
	d.u64(uint64(len(ss)))
	for _, s := range ss {
		d.str(s)
	}
}

func (d *dataHasher) matrix(tag string, m *mat.Dense) {
	d.str(tag)
	if m == nil {
		d.u64(math.MaxUint64)
		return
	}
	r, c := m.Dims()
	d.u64(uint64(r))
	d.u64(uint64(c))
	for i := range r {
		for _, v := range m.RawRowView(i) {
			d.u64(math.Float64bits(v))
		}
	}
}

func (d *dataHasher) ints(tag string, xs []int) {
	d.str(tag)
	d.u64(uint64(len(xs)))
	for _, x := range xs {
		d.u64(uint64(x))
	}
}

func (d *dataHasher) sum() string { return "sha256:" + hex.EncodeToString(d.h.Sum(nil)) }

// dataFingerprint is the data fingerprint of a UCI or CSV run: the data
// set's content as read (every value bit for bit, the column names) and
// the split made of it (the training and test row indices in order), so
// that a data file edited between two runs, or a split drawn otherwise,
// changes it, while moving the file does not. Statistics and the
// held-out-selection split follow from these and the config.
func dataFingerprint(ds *data.Dataset, sp data.Split) string {
	d := newDataHasher()
	d.str("mgp data v1")
	d.matrix("x", ds.X)
	d.matrix("y", ds.Y)
	d.strs("x names", ds.XNames)
	d.str(ds.YName)
	d.ints("train rows", sp.Train)
	d.ints("test rows", sp.Test)
	return d.sum()
}

// toyFingerprint is the data fingerprint of a toy run: the generated
// training draw and the held-out draw.
func toyFingerprint(train, test *data.Dataset) string {
	d := newDataHasher()
	d.str("mgp toy v1")
	d.matrix("x", train.X)
	d.matrix("y", train.Y)
	d.matrix("test x", test.X)
	d.matrix("test y", test.Y)
	return d.sum()
}

// ConfigChanges lists the keys whose values differ between a config as
// result.json records it (decoded from JSON) and cfg, less
// FingerprintIgnoredKeys, sorted by key; Old is the recorded value.
func ConfigChanges(recorded map[string]any, cfg RunConfig) []results.ConfigChange {
	b, _ := json.Marshal(configMap(cfg))
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
	if b, err = json.Marshal(configMap(cfg)); err != nil {
		return nil, err
	}
	var out map[string]any
	err = json.Unmarshal(b, &out)
	return out, err
}
