package runconfig

import (
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

// decodeYAML decodes a run config from YAML text.
func decodeYAML(t *testing.T, text string) RunConfig {
	t.Helper()
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(text), &doc); err != nil {
		t.Fatal(err)
	}
	cfg, err := DecodeRunConfig(&doc, nil)
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

// TestDecodeCSVStatsDefaultsToTrain checks that a user's CSV file is
// standardised on its training rows unless the config says otherwise,
// while the built-in data sets keep the paper's full and an explicit value
// stays.
func TestDecodeCSVStatsDefaultsToTrain(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"model: {name: sgp}\ndata: {kind: csv, path: my.csv}\n", "train"},
		{"model: {name: sgp}\ndata: {path: my.csv, name: mine}\n", "train"},
		{"model: {name: sgp}\ndata: {kind: csv, path: my.csv, stats: full}\n", "full"},
		{"model: {name: sgp}\ndata: {name: boston}\n", "full"},
		{"model: {name: sgp}\ndata: {name: hetero}\n", "full"},
		{"model: {name: sgp}\ndata: {kind: csv, path: my.csv, stats: none}\n", "none"},
	} {
		if got := decodeYAML(t, c.text).Data.Stats; got != c.want {
			t.Errorf("%q: data.stats = %q, want %q", c.text, got, c.want)
		}
	}
}

// TestDecodeTestFraction checks data.test_fraction: a share strictly
// between 0 and 1 sizes a random split's test part (0, as everywhere in
// the config, means the default: 0.1), anything else (1, a negative share,
// a fixed split, a toy, nytaxi) is refused naming the key.
func TestDecodeTestFraction(t *testing.T) {
	cfg := decodeYAML(t, "model: {name: sgp}\ndata: {kind: csv, path: my.csv, test_fraction: 0.25}\n")
	if cfg.Data.TestFraction != 0.25 {
		t.Fatalf("test_fraction = %v", cfg.Data.TestFraction)
	}
	if fp := ConfigFingerprint(decodeYAML(t, "model: {name: sgp}\ndata: {name: boston}\n")); fp != ConfigFingerprint(func() RunConfig {
		c := DefaultRunConfig()
		c.Data.Name = "boston"
		return c
	}()) {
		t.Fatal("an unset test_fraction changes the fingerprint")
	}
	for _, text := range []string{
		"model: {name: sgp}\ndata: {kind: csv, path: my.csv, test_fraction: 1}\n",
		"model: {name: sgp}\ndata: {kind: csv, path: my.csv, test_fraction: -0.1}\n",
		"model: {name: sgp}\ndata: {name: boston, split: fixed, test_fraction: 0.2}\n",
		"model: {name: sgp}\ndata: {name: hetero, test_fraction: 0.2}\n",
		"model: {name: sgp}\ndata: {name: nytaxi, test_fraction: 0.2}\n",
	} {
		var doc yaml.Node
		if err := yaml.Unmarshal([]byte(text), &doc); err != nil {
			t.Fatal(err)
		}
		_, err := DecodeRunConfig(&doc, nil)
		if err == nil || !strings.Contains(err.Error(), "data.test_fraction") {
			t.Errorf("%q: err = %v, want a data.test_fraction error", text, err)
		}
	}
}

// TestDecodeNoisePerOutput: SLGP's model.noise_per_output decodes and
// changes the config fingerprint when true; left out or false, the model
// section records no such key, so the fingerprints of runs made before
// the key existed stay as they were.
func TestDecodeNoisePerOutput(t *testing.T) {
	base := decodeYAML(t, "model: {name: slgp}\ndata: {name: mnist}\n")
	off := decodeYAML(t, "model: {name: slgp, noise_per_output: false}\ndata: {name: mnist}\n")
	on := decodeYAML(t, "model: {name: slgp, noise_per_output: true}\ndata: {name: mnist}\n")
	if _, ok := base.Model.Map()["noise_per_output"]; ok {
		t.Fatal("a config without noise_per_output records the key")
	}
	if ConfigFingerprint(off) != ConfigFingerprint(base) {
		t.Fatal("noise_per_output: false changes the fingerprint")
	}
	if on.Model.Map()["noise_per_output"] != true || ConfigFingerprint(on) == ConfigFingerprint(base) {
		t.Fatalf("noise_per_output: true not recorded (%v) or fingerprint unchanged", on.Model.Map()["noise_per_output"])
	}
}
