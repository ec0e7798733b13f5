package train

import (
	"encoding/json"
	"fmt"
	"reflect"
	"sort"
	"strings"
)

// configDiff compares two run configs as a resume must: every key counts
// except those that do not change the numbers (log cadence, checkpoint
// cadence, data directory). It returns "" when they agree, else the
// differing keys with both values.
func configDiff(a, b RunConfig) string {
	fa, fb := flatConfig(a), flatConfig(b)
	keys := map[string]bool{}
	for k := range fa {
		keys[k] = true
	}
	for k := range fb {
		keys[k] = true
	}
	var diffs []string
	for k := range keys {
		switch k {
		case "train.log_every", "train.checkpoint_every", "data.dir":
			continue
		}
		if !reflect.DeepEqual(fa[k], fb[k]) {
			diffs = append(diffs, fmt.Sprintf("%s: %v in the checkpoint, %v now", k, show(fa[k]), show(fb[k])))
		}
	}
	sort.Strings(diffs)
	return strings.Join(diffs, "; ")
}

// show prints a missing value as "unset".
func show(v any) any {
	if v == nil {
		return "unset"
	}
	return v
}

// flatConfig renders cfg through JSON (so integers and floats compare alike)
// into dotted keys.
func flatConfig(cfg RunConfig) map[string]any {
	b, _ := json.Marshal(cfg)
	var m map[string]any
	_ = json.Unmarshal(b, &m)
	out := map[string]any{}
	var walk func(prefix string, v any)
	walk = func(prefix string, v any) {
		if mm, ok := v.(map[string]any); ok {
			for k, x := range mm {
				p := k
				if prefix != "" {
					p = prefix + "." + k
				}
				walk(p, x)
			}
			return
		}
		out[prefix] = v
	}
	walk("", m)
	return out
}
