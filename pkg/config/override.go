package config

import (
	"fmt"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// Override sets one dotted key of a run config to a typed YAML value: a
// --set flag, or an entry of a sweep file's set: maps.
type Override struct {
	// Key is the dotted path, lower case, e.g. "train.iterations".
	Key string
	// Value is the YAML value (a scalar with its resolved tag, a list or a
	// section).
	Value *yaml.Node
	// From says where the override was written, for messages, e.g.
	// "--set train.lr=0.1" or "configs/sweeps/table3.yaml:12".
	From string
}

// ParseSet reads a --set flag's key=value. The value is read once as
// YAML: 150.7 is a float, 20000 an integer, true a boolean, [100, 100] a
// list and fast a string.
func ParseSet(s string) (Override, error) {
	k, val, ok := strings.Cut(s, "=")
	if !ok || k == "" {
		return Override{}, fmt.Errorf("--set %q: use key=value, e.g. --set train.iterations=500", s)
	}
	var doc yaml.Node
	if err := yaml.Unmarshal([]byte(val), &doc); err != nil {
		return Override{}, fmt.Errorf("--set %s: the value is not a YAML value: %v", s, err)
	}
	n := content(&doc)
	if n == nil {
		n = &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!null"}
	}
	return Override{Key: strings.ToLower(k), Value: n, From: "--set " + s}, nil
}

// Uint is an override of key to the unsigned integer v (a sweep's seeds).
func Uint(key string, v uint64, from string) Override {
	n := &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!int", Value: strconv.FormatUint(v, 10)}
	return Override{Key: key, Value: n, From: from}
}

// Text returns the override key: v for the text v (a string even where
// it reads as a number or a boolean), written at from.
func Text(key, v, from string) Override {
	return Override{Key: key, Value: &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: v}, From: from}
}

// String renders o as key=value, the form --set takes.
func (o Override) String() string { return o.Key + "=" + text(o.Value) }

// text renders a YAML value on one line: a scalar as written (a float as
// Go's shortest 'g' form), a list as [a,b].
func text(n *yaml.Node) string {
	n = content(n)
	switch {
	case n == nil:
		return ""
	case n.Kind == yaml.SequenceNode:
		parts := make([]string, len(n.Content))
		for i, c := range n.Content {
			parts[i] = text(c)
		}
		return "[" + strings.Join(parts, ",") + "]"
	case n.Kind == yaml.ScalarNode && n.ShortTag() == "!!float":
		var f float64
		if n.Decode(&f) == nil {
			return strconv.FormatFloat(f, 'g', -1, 64)
		}
	case n.Kind == yaml.MappingNode:
		n2 := *n
		n2.Style = yaml.FlowStyle
		b, _ := yaml.Marshal(&n2)
		return strings.TrimSpace(string(b))
	}
	return n.Value
}

// Apply returns a copy of doc (a YAML document or mapping; nil for none)
// with each override's value set at its key, in order, creating sections
// as needed. It refuses an override below a key that is not a section.
func Apply(doc *yaml.Node, overrides []Override) (*yaml.Node, error) {
	root := content(doc)
	if root == nil {
		root = &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"}
	} else {
		root = clone(root)
	}
	for _, o := range overrides {
		n, key := root, ""
		parts := strings.Split(o.Key, ".")
		for i, p := range parts {
			key = Join(key, p)
			if n.Kind != yaml.MappingNode {
				return nil, &KeyError{Key: key, Err: fmt.Errorf("%s sets a key inside a value that is not a section", o.From)}
			}
			j := find(n, p)
			if i == len(parts)-1 {
				if j < 0 {
					n.Content = append(n.Content, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: p}, o.Value)
				} else {
					n.Content[j+1] = o.Value
				}
				break
			}
			if j < 0 {
				n.Content = append(n.Content, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: p}, &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"})
				j = len(n.Content) - 2
			}
			n.Content[j+1] = content(n.Content[j+1])
			if n.Content[j+1] == nil {
				n.Content[j+1] = &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"}
			}
			n = n.Content[j+1]
		}
	}
	return root, nil
}

// find returns the index of key k in the mapping n (case-insensitive, as
// keys are decoded), or -1.
func find(n *yaml.Node, k string) int {
	for i := 0; i+1 < len(n.Content); i += 2 {
		if strings.EqualFold(n.Content[i].Value, k) {
			return i
		}
	}
	return -1
}

// clone copies a node tree (aliases are resolved into copies).
func clone(n *yaml.Node) *yaml.Node {
	if n == nil {
		return nil
	}
	if n.Kind == yaml.AliasNode {
		return clone(n.Alias)
	}
	c := *n
	c.Content = make([]*yaml.Node, len(n.Content))
	for i, x := range n.Content {
		c.Content[i] = clone(x)
	}
	return &c
}

// Line returns the line of key (a dotted path) in doc, or of its nearest
// enclosing section written there, and 0 when neither is.
func Line(doc *yaml.Node, key string) int {
	n, line := content(doc), 0
	for _, p := range strings.Split(key, ".") {
		if n == nil || n.Kind != yaml.MappingNode {
			break
		}
		j := find(n, p)
		if j < 0 {
			break
		}
		line = n.Content[j].Line
		n = content(n.Content[j+1])
	}
	return line
}

// Where says where key was written: the last override that sets it (or a
// section holding it), else "path:line" of the key or its nearest section
// in doc, else path; "" when there is neither a path nor an override.
func Where(path string, doc *yaml.Node, overrides []Override, key string) string {
	for i := len(overrides) - 1; i >= 0; i-- {
		if within(key, overrides[i].Key) {
			return overrides[i].From
		}
	}
	if path == "" {
		return ""
	}
	if l := Line(doc, key); l > 0 {
		return fmt.Sprintf("%s:%d", path, l)
	}
	return path
}
