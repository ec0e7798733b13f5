package runconfig

import (
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
