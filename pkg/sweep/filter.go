package sweep

import (
	"fmt"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"
)

// RestrictError is a selection Restrict or RestrictVariants refuses: a
// name the sweep does not have, or seeds that do not read. Its message
// begins with what was selected: models, datasets, variants or seeds.
type RestrictError struct {
	// What is models, datasets, variants or seeds.
	What string
	// Msg is the whole message, beginning with What.
	Msg string
}

// Error returns the message.
func (e *RestrictError) Error() string { return e.Msg }

// restrictErrorf returns a *RestrictError of what whose message is what
// followed by the formatted text.
func restrictErrorf(what, format string, args ...any) error {
	return &RestrictError{What: what, Msg: what + fmt.Sprintf(format, args...)}
}

// Restrict narrows the spec to the given models, data sets and seeds (each
// empty: all of the spec's). Names not in the spec are a *RestrictError,
// so that a typo does not silently select nothing. The runs keep their directories,
// so a restricted invocation shares its results with the full sweep.
func (s *Spec) Restrict(models, datasets []string, seeds string) error {
	var err error
	if s.Models, err = subset("models", s.Models, models); err != nil {
		return err
	}
	if s.Datasets, err = subset("datasets", s.Datasets, datasets); err != nil {
		return err
	}
	if seeds == "" {
		return nil
	}
	var want Seeds
	node := &yaml.Node{Kind: yaml.ScalarNode, Value: seeds, Line: 1}
	if strings.HasPrefix(seeds, "[") || strings.Contains(seeds, ",") {
		node = &yaml.Node{Kind: yaml.SequenceNode}
		for _, p := range strings.Split(strings.Trim(seeds, "[]"), ",") {
			node.Content = append(node.Content, &yaml.Node{Kind: yaml.ScalarNode, Value: strings.TrimSpace(p), Line: 1})
		}
	}
	if err := want.UnmarshalYAML(node); err != nil {
		return restrictErrorf("seeds", " %q: %v", seeds, strings.TrimPrefix(err.Error(), "line 1: "))
	}
	for _, v := range want {
		if !slices.Contains(s.Seeds, v) {
			return restrictErrorf("seeds", ": seed %d is not among the sweep's seeds %v", v, []uint64(s.Seeds))
		}
	}
	kept := Seeds{}
	for _, v := range s.Seeds {
		if slices.Contains(want, v) {
			kept = append(kept, v)
		}
	}
	s.Seeds = kept
	return nil
}

// RestrictVariants narrows the spec to the named variants (empty: all),
// refusing names the sweep does not define (a *RestrictError). A sweep
// without variants has one, DefaultVariant.
func (s *Spec) RestrictVariants(names []string) error {
	if len(names) == 0 {
		return nil
	}
	all := []string{DefaultVariant}
	if len(s.Variants) > 0 {
		all = all[:0]
		for _, v := range s.Variants {
			all = append(all, v.Name)
		}
	}
	keep, err := subset("variants", all, names)
	if err != nil {
		return err
	}
	if len(s.Variants) == 0 {
		return nil
	}
	var kept []Variant
	for _, v := range s.Variants {
		if slices.Contains(keep, v.Name) {
			kept = append(kept, v)
		}
	}
	s.Variants = kept
	return nil
}

// subset returns the names of all that are in want (all when want is
// empty), refusing names not in all (a *RestrictError of what).
func subset(what string, all, want []string) ([]string, error) {
	if len(want) == 0 {
		return all, nil
	}
	for _, w := range want {
		if !slices.Contains(all, w) {
			return nil, restrictErrorf(what, ": %q is not in the sweep (%s)", w, strings.Join(all, ", "))
		}
	}
	var out []string
	for _, a := range all {
		if slices.Contains(want, a) {
			out = append(out, a)
		}
	}
	return out, nil
}
