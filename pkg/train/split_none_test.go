package train

import (
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"

	"github.com/mgpteam/mgp/pkg/runconfig"
)

// TestSplitNoneValidate: data.split none is accepted for CSV data and
// refused, naming the key, for other data, with a traced test NLL and
// with held-out selection.
func TestSplitNoneValidate(t *testing.T) {
	const base = "model: {name: sgp}\ndata: {kind: csv, path: my.csv, split: none}\n"
	for _, c := range []struct{ extra, key string }{
		{"", ""},
		{"train: {eval_every: 10}\n", "train.eval_every"},
		{"train: {validation: 0.1}\n", "train.validation"},
	} {
		var doc yaml.Node
		if err := yaml.Unmarshal([]byte(base+c.extra), &doc); err != nil {
			t.Fatal(err)
		}
		_, err := runconfig.DecodeRunConfig(&doc, nil)
		switch {
		case c.key == "" && err != nil:
			t.Errorf("csv with split none: %v", err)
		case c.key != "" && (err == nil || !strings.Contains(err.Error(), c.key)):
			t.Errorf("%q: err %v, want one naming %s", c.extra, err, c.key)
		}
	}
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte("model: {name: sgp}\ndata: {name: boston, split: none}\n"), &doc); err != nil {
		t.Fatal(err)
	}
	if _, err := runconfig.DecodeRunConfig(&doc, nil); err == nil || !strings.Contains(err.Error(), "data.split") {
		t.Errorf("uci with split none: %v", err)
	}
}
