package runconfig

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"testing"

	"github.com/mgpteam/mgp/pkg/config"
	"github.com/mgpteam/mgp/pkg/models"
	"go.yaml.in/yaml/v3"
)

// TestEverySizeKeyIsRefusedAboveItsLimit: for every key SizeLimits lists,
// a config one above the limit (set as --set sets it) is refused with an
// error naming the key and the limit.
func TestEverySizeKeyIsRefusedAboveItsLimit(t *testing.T) {
	for key, limit := range SizeLimits() {
		model := "sgp"
		if k, ok := strings.CutPrefix(key, "model."); ok {
			model = ""
			for _, n := range models.Names() {
				if models.HasKey(n, k) {
					model = n
					break
				}
			}
			if model == "" {
				t.Errorf("%s: no model has it", key)
				continue
			}
		}
		value := func(v int) string {
			if key == "model.hidden" {
				return fmt.Sprintf("[%d]", v)
			}
			return strconv.Itoa(v)
		}
		decode := func(v int) error {
			var doc yaml.Node
			if err := yaml.Unmarshal([]byte("model: {name: "+model+"}\ndata: {name: hetero}\n"), &doc); err != nil {
				t.Fatal(err)
			}
			o, err := config.ParseSet(key + "=" + value(v))
			if err != nil {
				t.Fatal(err)
			}
			cfg, err := DecodeRunConfig(&doc, []config.Override{o})
			if err != nil {
				return err
			}
			return cfg.Validate()
		}
		err := decode(limit + 1)
		if err == nil || !strings.Contains(err.Error(), key) || !strings.Contains(err.Error(), strconv.Itoa(limit)) {
			t.Errorf("%s = %d: %v; want a refusal naming %s and %d", key, limit+1, err, key, limit)
		}
	}
}

// TestSizesTogetherAreBounded: keys each within their limit that together
// would not fit (four hidden layers of 100,000 units: 30 billion weights;
// SMGP with 1000 experts of 20,000 inducing points) are refused by the
// key that dominates, with the estimate; the paper's sizes pass.
func TestSizesTogetherAreBounded(t *testing.T) {
	for _, c := range []struct {
		model string
		set   map[string]any
		key   string
	}{
		{"hnn", map[string]any{"hidden": []int{100000, 100000, 100000, 100000}}, "model.hidden"},
		{"smgp", map[string]any{"m": 20000, "t": 1000}, "model.m"},
		{"hnn", map[string]any{"hidden": []int{512, 256, 128}}, ""},
		{"smgp", map[string]any{"m": 500, "t": 4}, ""},
	} {
		mc, err := NewModelConfig(c.model, c.set)
		if err != nil {
			t.Fatal(err)
		}
		cfg := DefaultRunConfig()
		cfg.Model = mc
		err = cfg.checkSizes()
		var ke *config.KeyError
		switch {
		case c.key == "" && err != nil:
			t.Errorf("%s %v: %v", c.model, c.set, err)
		case c.key != "" && (!errors.As(err, &ke) || ke.Key != c.key || !strings.Contains(err.Error(), "GB")):
			t.Errorf("%s %v: %v, want a refusal by %s with the estimate", c.model, c.set, err, c.key)
		}
	}
}
