package train

import (
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
