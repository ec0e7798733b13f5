package compare

import (
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"go.yaml.in/yaml/v3"
)

// sweepDoc is the sweep file compare writes, in the order of its keys.
type sweepDoc struct {
	Name        string   `yaml:"name"`
	Description string   `yaml:"description"`
	Out         string   `yaml:"out"`
	Datasets    []string `yaml:"datasets,flow"`
	Models      []string `yaml:"models,flow"`
	Seeds       string   `yaml:"seeds"`
	Config      string   `yaml:"config"`
	// Variants holds one variant per kernel of --kernels (kernelVariants).
	Variants []variantDoc `yaml:"variants,omitempty"`
}

// variantDoc is one variant of the sweep file: a kernel.
type variantDoc struct {
	Name   string            `yaml:"name"`
	Models []string          `yaml:"models,flow,omitempty"`
	Set    map[string]string `yaml:"set,omitempty"`
}

// sweepYAML returns the sweep file of a comparison: a comment saying how to
// re-run it, then the sweep, written by the YAML encoder (so a column or
// file name holding YAML syntax or a newline stays a plain string).
func sweepYAML(out string, models, kernels []string, splits int, s Settings) ([]byte, error) {
	doc := sweepDoc{
		Name:        "compare-" + s.Name,
		Description: fmt.Sprintf("mgp compare on %s (target %s)", s.Path, s.Target),
		Out:         filepath.Join(out, RunsDir),
		Datasets:    []string{s.Name},
		Models:      models,
		Seeds:       fmt.Sprintf("0-%d", splits-1),
		Config:      filepath.Join(out, ConfigDir, "{model}.yaml"),
		Variants:    kernelVariants(models, kernels),
	}
	b, err := yaml.Marshal(doc)
	if err != nil {
		return nil, err
	}
	head := fmt.Sprintf("# Written by mgp compare: %d random splits of %s; re-run with\n#   mgp sweep -c %s\n",
		splits, oneLine(s.Path), oneLine(filepath.Join(out, SweepFile)))
	return append([]byte(head), b...), nil
}

// oneLine returns s for a YAML comment: as it is when it holds no line
// break or other control character, quoted (Go syntax) otherwise, so the
// comment never spills onto a line of its own.
func oneLine(s string) string {
	if strings.IndexFunc(s, func(r rune) bool { return r < ' ' || r == 0x7f }) < 0 {
		return s
	}
	return strconv.Quote(s)
}
