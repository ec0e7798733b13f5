package sweep

import (
	"fmt"
	"slices"
	"strings"

	"github.com/mgpteam/mgp/pkg/config"
	"go.yaml.in/yaml/v3"
)

// Overrides is a set: map of a sweep file, dotted run-config keys to YAML
// values, kept typed (a float stays a float, a list a list) and sorted by
// key; each remembers its line for messages.
type Overrides []config.Override

// UnmarshalYAML reads a mapping of keys to values, refusing repeated keys
// and keys without a value.
func (o *Overrides) UnmarshalYAML(n *yaml.Node) error {
	if n.Kind != yaml.MappingNode {
		return fmt.Errorf("line %d: set: write overrides as key: value lines", n.Line)
	}
	out := make(Overrides, 0, len(n.Content)/2)
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], n.Content[i+1]
		key := strings.ToLower(k.Value)
		if k.Kind != yaml.ScalarNode || key == "" {
			return fmt.Errorf("line %d: set: a key must be a dotted name such as train.iterations", k.Line)
		}
		if slices.ContainsFunc(out, func(x config.Override) bool { return x.Key == key }) {
			return fmt.Errorf("line %d: set: %s appears twice", k.Line, key)
		}
		if v.Kind == yaml.ScalarNode && v.ShortTag() == "!!null" {
			return fmt.Errorf("line %d: set: %s has no value", k.Line, key)
		}
		if v.Kind == yaml.MappingNode {
			return fmt.Errorf("line %d: set: %s: use a number, a string, true/false or a list of those", k.Line, key)
		}
		out = append(out, config.Override{Key: key, Value: v, From: fmt.Sprintf("line %d", k.Line)})
	}
	slices.SortStableFunc(out, func(a, b config.Override) int { return strings.Compare(a.Key, b.Key) })
	*o = out
	return nil
}

// locate names the sweep file in each override's From ("path:line").
func (o Overrides) locate(path string) {
	for i := range o {
		if l, ok := strings.CutPrefix(o[i].From, "line "); ok {
			o[i].From = path + ":" + l
		}
	}
}
