package report

import (
	"reflect"
	"slices"
)

// configDiff returns the dotted keys (e.g. "model.ard") whose values differ
// between two run configs, sorted; a key present in one only counts.
func configDiff(a, b map[string]any) []string {
	fa, fb := map[string]any{}, map[string]any{}
	flattenConfig("", a, fa)
	flattenConfig("", b, fb)
	var keys []string
	for k, va := range fa {
		if vb, ok := fb[k]; !ok || !reflect.DeepEqual(va, vb) {
			keys = append(keys, k)
		}
	}
	for k := range fb {
		if _, ok := fa[k]; !ok {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	return keys
}

// flattenConfig stores the leaves of a nested config under dotted keys.
func flattenConfig(prefix string, m map[string]any, out map[string]any) {
	for k, v := range m {
		key := k
		if prefix != "" {
			key = prefix + "." + k
		}
		if sub, ok := v.(map[string]any); ok {
			flattenConfig(key, sub, out)
			continue
		}
		out[key] = v
	}
}
