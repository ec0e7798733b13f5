// Package runconfig owns the run config: RunConfig and its sections (the
// model's, data, train and eval), their defaults (DefaultRunConfig), their
// strict decoding from YAML with overrides (DecodeRunConfig) and
// validation, the values their keys take, the data path's resolution, and
// the config's identity: its fingerprint (ConfigFingerprint), the diff a
// resume checks (ConfigDiff) and the record result.json keeps (Map,
// ConfigChanges). It reads no data and trains nothing: train runs a
// config, checkpoint saves one, sweep and compare build them.
package runconfig
