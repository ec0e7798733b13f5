package sweep

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// Spec is a sweep file: ReadSpec reads one, and a program may build one
// in code and write it with WriteSpec (the keys left empty are left out).
type Spec struct {
	// Name labels the sweep in logs.
	Name string `yaml:"name"`
	// Description says what the sweep reproduces (free text).
	Description string `yaml:"description"`
	// Out is the results tree; every run gets Out/<dataset>/<model>/<variant>/s<seed>.
	Out string `yaml:"out"`
	// Datasets, Models and Seeds span the grid.
	Datasets []string `yaml:"datasets,flow"`
	Models   []string `yaml:"models,flow"`
	Seeds    Seeds    `yaml:"seeds"`
	// Config is the run-config path template; {dataset} and {model} are
	// replaced, e.g. configs/uci/{dataset}-{model}.yaml.
	Config string `yaml:"config"`
	// Set holds overrides (key: value) applied to every run.
	Set Overrides `yaml:"set,omitempty"`
	// Variants are named override sets; each run of the grid is made once
	// per variant. None means one variant, "default", with no overrides.
	Variants []Variant `yaml:"variants,omitempty"`
	// Headline declares the rows of the headline table that
	// `mgp table --sweep` writes from Out: one row per entry, in the
	// file's order, each naming a model of the sweep and one of its
	// variants that applies to that model (so the sweep runs what the
	// table shows). None: no headline table.
	Headline []HeadlineEntry `yaml:"headline,omitempty"`
	// Notes are Markdown items that the headline table lists under "where
	// we differ from the paper and why"; relative links in them are
	// relative to the working directory (the repository root), as every
	// path of a sweep file, and are rewritten for the table's location.
	Notes []string `yaml:"notes,omitempty"`

	path string
}

// HeadlineEntry is one row of the headline table: the runs of Model under
// Variant.
type HeadlineEntry struct {
	// Model is one of the sweep's models.
	Model string `yaml:"model"`
	// Variant is one of the sweep's variants that applies to Model
	// ("default" when the sweep lists none).
	Variant string `yaml:"variant"`
	// Label names the row (default: the model's name in capitals).
	Label string `yaml:"label,omitempty"`
	// Note says, in the footnote that states the row's protocol, why this
	// variant is the headline (free Markdown text, optional).
	Note string `yaml:"note,omitempty"`
}

// Variant is a named set of overrides, optionally only for some models or
// data sets (per data set values such as SLGP's β go in PerDataset).
type Variant struct {
	// Name labels the variant (a path component: letters, digits, . _ = -).
	Name string `yaml:"name"`
	// Models restricts the variant to these models (empty: all).
	Models []string `yaml:"models,flow,omitempty"`
	// Set holds the variant's overrides for every data set.
	Set Overrides `yaml:"set,omitempty"`
	// PerDataset holds overrides for single data sets, on top of Set.
	PerDataset map[string]Overrides `yaml:"per_dataset,omitempty"`
}

// Seeds is a list of non-negative seeds, written as a YAML list of
// integers or as a range string "0-9".
type Seeds []uint64

// UnmarshalYAML accepts [0, 1, 2] or "0-9", refusing anything that is not
// a non-negative integer.
func (s *Seeds) UnmarshalYAML(n *yaml.Node) error {
	switch n.Kind {
	case yaml.SequenceNode:
		out := make(Seeds, 0, len(n.Content))
		for _, c := range n.Content {
			v, err := parseSeed(c)
			if err != nil {
				return err
			}
			out = append(out, v)
		}
		*s = out
		return nil
	case yaml.ScalarNode:
		lo, hi, ok := strings.Cut(n.Value, "-")
		if ok {
			a, err1 := strconv.ParseUint(strings.TrimSpace(lo), 10, 64)
			b, err2 := strconv.ParseUint(strings.TrimSpace(hi), 10, 64)
			if err1 != nil || err2 != nil || b < a {
				return fmt.Errorf("line %d: seeds %q: write a range as \"0-9\" (first <= last) or a list [0, 1, 2]", n.Line, n.Value)
			}
			if b-a >= 100000 {
				return fmt.Errorf("line %d: seeds %q: more than 100000 seeds", n.Line, n.Value)
			}
			for v := a; v <= b; v++ {
				*s = append(*s, v)
			}
			return nil
		}
		v, err := parseSeed(n)
		if err != nil {
			return err
		}
		*s = Seeds{v}
		return nil
	}
	return fmt.Errorf("line %d: seeds: write a list [0, 1, 2] or a range \"0-9\"", n.Line)
}

// parseSeed reads one seed, refusing fractions, negatives and non-numbers.
func parseSeed(n *yaml.Node) (uint64, error) {
	v, err := strconv.ParseUint(n.Value, 10, 64)
	if err != nil || n.Kind != yaml.ScalarNode {
		return 0, fmt.Errorf("line %d: seed %q: seeds are non-negative integers", n.Line, n.Value)
	}
	return v, nil
}

// namePattern is what a variant name (a directory name) may hold.
var namePattern = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._=+-]*$`)

// ReadSpec reads and checks a sweep file, rejecting unknown keys with the
// file and line.
func ReadSpec(path string) (*Spec, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("sweep file: %w", err)
	}
	var s Spec
	dec := yaml.NewDecoder(bytes.NewReader(b))
	dec.KnownFields(true)
	if err := dec.Decode(&s); err != nil {
		var te *yaml.TypeError
		if errors.As(err, &te) {
			return nil, fmt.Errorf("%s: %s", path, strings.Join(te.Errors, "; "))
		}
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	s.path = path
	s.Set.locate(path)
	for i := range s.Variants {
		s.Variants[i].Set.locate(path)
		for _, o := range s.Variants[i].PerDataset {
			o.locate(path)
		}
	}
	if err := s.check(); err != nil {
		return nil, fmt.Errorf("%s: %v", path, err)
	}
	return &s, nil
}

// Path returns the file the spec was read from.
func (s *Spec) Path() string { return s.path }

// check validates the spec's fields.
func (s *Spec) check() error {
	switch {
	case s.Out == "":
		return errors.New("out is missing: set the results tree, e.g. out: results/table3/runs")
	case len(s.Datasets) == 0:
		return errors.New("datasets is empty: list at least one data set")
	case len(s.Models) == 0:
		return errors.New("models is empty: list at least one model")
	case len(s.Seeds) == 0:
		return errors.New("seeds is empty: list seeds, e.g. seeds: 0-9")
	case s.Config == "":
		return errors.New("config is missing: set a run-config template, e.g. config: configs/uci/{dataset}-{model}.yaml")
	}
	if err := distinct("datasets", s.Datasets); err != nil {
		return err
	}
	if err := distinct("models", s.Models); err != nil {
		return err
	}
	seen := map[uint64]bool{}
	for _, v := range s.Seeds {
		if seen[v] {
			return fmt.Errorf("seeds: %d appears twice", v)
		}
		seen[v] = true
	}
	names := map[string]bool{}
	for i, v := range s.Variants {
		if !namePattern.MatchString(v.Name) {
			return fmt.Errorf("variants[%d].name %q: use letters, digits and . _ = + - (it names a directory)", i, v.Name)
		}
		if names[v.Name] {
			return fmt.Errorf("variants: name %q appears twice", v.Name)
		}
		names[v.Name] = true
		for d := range v.PerDataset {
			if !slices.Contains(s.Datasets, d) {
				return fmt.Errorf("variants[%d].per_dataset: %q is not one of the sweep's data sets %v", i, d, s.Datasets)
			}
		}
	}
	return s.checkHeadline()
}

// checkHeadline checks that every headline entry names a model of the
// sweep and a variant the sweep runs for it, each pair once.
func (s *Spec) checkHeadline() error {
	seen := map[[2]string]bool{}
	for i, h := range s.Headline {
		if !slices.Contains(s.Models, h.Model) {
			return fmt.Errorf("headline[%d].model %q is not one of the sweep's models %v", i, h.Model, s.Models)
		}
		if !s.runsVariant(h.Model, h.Variant) {
			return fmt.Errorf("headline[%d].variant %q: the sweep runs no such variant of %s (declare it under variants, with models: [%s] to restrict it)", i, h.Variant, h.Model, h.Model)
		}
		k := [2]string{h.Model, h.Variant}
		if seen[k] {
			return fmt.Errorf("headline[%d]: %s variant %q appears twice", i, h.Model, h.Variant)
		}
		seen[k] = true
	}
	for i, n := range s.Notes {
		if strings.TrimSpace(n) == "" {
			return fmt.Errorf("notes[%d] is empty", i)
		}
	}
	return nil
}

// runsVariant reports whether the sweep runs model under the named variant.
func (s *Spec) runsVariant(model, variant string) bool {
	if len(s.Variants) == 0 {
		return variant == DefaultVariant
	}
	for _, v := range s.Variants {
		if v.Name == variant {
			return len(v.Models) == 0 || slices.Contains(v.Models, model)
		}
	}
	return false
}

// distinct refuses empty or repeated names.
func distinct(key string, xs []string) error {
	seen := map[string]bool{}
	for _, x := range xs {
		if x == "" || strings.ContainsAny(x, `/\`) {
			return fmt.Errorf("%s: %q is not a valid name", key, x)
		}
		if seen[x] {
			return fmt.Errorf("%s: %q appears twice", key, x)
		}
		seen[x] = true
	}
	return nil
}
