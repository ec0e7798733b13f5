package results

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
)

// ConfigString returns the string at a nested key path of the run's decoded
// config (e.g. "model", "prior"), and whether there is one.
func (r *Result) ConfigString(keys ...string) (string, bool) {
	var v any = r.Config
	for _, k := range keys {
		m, ok := v.(map[string]any)
		if !ok {
			return "", false
		}
		v = m[k]
	}
	s, ok := v.(string)
	return s, ok
}

// ConfigChange is one dotted key (e.g. "model.ard") whose value differs
// between two configs.
type ConfigChange struct {
	// Key is the dotted path of the leaf.
	Key string
	// Old and New are its values in the first and the second config; nil
	// where the config lacks the key.
	Old, New any
}

// DiffConfigs compares two decoded configs (nested map[string]any, as JSON
// decodes them) leaf by leaf and returns the keys whose values differ,
// sorted by key. A key present in one config only counts, even with a nil
// value in the other.
func DiffConfigs(a, b map[string]any) []ConfigChange {
	fa, fb := FlattenConfig(a), FlattenConfig(b)
	var out []ConfigChange
	for k, va := range fa {
		if vb, ok := fb[k]; !ok || !reflect.DeepEqual(va, vb) {
			out = append(out, ConfigChange{Key: k, Old: va, New: vb})
		}
	}
	for k, vb := range fb {
		if _, ok := fa[k]; !ok {
			out = append(out, ConfigChange{Key: k, New: vb})
		}
	}
	slices.SortFunc(out, func(x, y ConfigChange) int { return strings.Compare(x.Key, y.Key) })
	return out
}

// FlattenConfig returns the leaves of a nested config under dotted keys:
// {"model": {"ard": true}} becomes {"model.ard": true}. An empty nested map
// has no leaves.
func FlattenConfig(m map[string]any) map[string]any {
	out := map[string]any{}
	flattenInto("", m, out)
	return out
}

// flattenInto stores the leaves of m under prefix in out.
func flattenInto(prefix string, m map[string]any, out map[string]any) {
	for k, v := range m {
		key := k
		if prefix != "" {
			key = prefix + "." + k
		}
		if sub, ok := v.(map[string]any); ok {
			flattenInto(key, sub, out)
			continue
		}
		out[key] = v
	}
}

// FormatChanges renders at most most changes as "<key><keySep><old> →
// <new>" joined by sep ("unset" for a missing value), then "and N more"
// when there are others.
func FormatChanges(cs []ConfigChange, most int, keySep, sep string) string {
	show := func(v any) string {
		if v == nil {
			return "unset"
		}
		return fmt.Sprint(v)
	}
	var parts []string
	for i, c := range cs {
		if i == most {
			parts = append(parts, fmt.Sprintf("and %d more", len(cs)-most))
			break
		}
		parts = append(parts, c.Key+keySep+show(c.Old)+" → "+show(c.New))
	}
	return strings.Join(parts, sep)
}
