package paper

import (
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/mgpteam/mgp/pkg/sweep"
)

// planAblation resolves the options, and the sweep file when given, into
// what to draw.
func planAblation(o AblationOptions) (*ablationPlan, error) {
	p := &ablationPlan{tree: o.Runs, model: o.Model, title: o.Title, datasets: o.Datasets, variants: o.Variants, ymin: o.YMin, ymax: o.YMax}
	if o.Sweep != "" {
		if err := p.fromSweep(o.Sweep); err != nil {
			return nil, err
		}
	}
	switch {
	case p.tree == "":
		return nil, optErr("runs", ": give the sweep tree")
	case p.model == "":
		return nil, optErr("model", ": name the model whose runs to draw")
	case len(p.datasets) == 0:
		return nil, optErr("datasets", ": name the data sets to draw, one panel each")
	}
	if err := distinctNames("datasets", p.datasets); err != nil {
		return nil, err
	}
	if fi, err := os.Stat(p.tree); err != nil || !fi.IsDir() {
		return nil, optErr("runs", fmt.Sprintf(" %s: no such directory (run the sweep first)", p.tree))
	}
	if p.variants == nil {
		vs, err := treeVariants(p.tree, p.model, p.datasets)
		if err != nil {
			return nil, err
		}
		p.variants = vs
	}
	if err := distinctNames("variants", p.variants); err != nil {
		return nil, err
	}
	p.labels = p.variants
	if o.Labels != nil {
		if len(o.Labels) != len(p.variants) {
			return nil, optErr("labels", fmt.Sprintf(": %d labels for %d variants (%s)", len(o.Labels), len(p.variants), strings.Join(p.variants, ", ")))
		}
		p.labels = o.Labels
	}
	if p.title == "" {
		p.title = strings.ToUpper(p.model) + ": test NLL against iteration"
	}
	return p, nil
}

// fromSweep fills in what the options left open from the sweep file.
func (p *ablationPlan) fromSweep(file string) error {
	spec, err := sweep.ReadSpec(file)
	if err != nil {
		return err
	}
	if p.tree == "" {
		p.tree = spec.Out
	}
	switch {
	case p.model == "" && len(spec.Models) == 1:
		p.model = spec.Models[0]
	case p.model == "":
		return optErr("model", fmt.Sprintf(": %s has models %s; name the one to draw", file, strings.Join(spec.Models, ", ")))
	case !slices.Contains(spec.Models, p.model):
		return optErr("model", fmt.Sprintf(" %s: %s has models %s", p.model, file, strings.Join(spec.Models, ", ")))
	}
	if p.datasets == nil {
		p.datasets = spec.Datasets
	}
	if p.variants == nil {
		p.variants = specVariants(spec, p.model)
	}
	if p.title == "" {
		p.title = spec.Description
	}
	p.seeds = spec.Seeds
	return nil
}

// specVariants returns the names of the variants spec runs for model, in
// the file's order ("default" when it lists none).
func specVariants(spec *sweep.Spec, model string) []string {
	var out []string
	for _, v := range spec.Variants {
		if len(v.Models) == 0 || slices.Contains(v.Models, model) {
			out = append(out, v.Name)
		}
	}
	if len(spec.Variants) == 0 {
		out = []string{sweep.DefaultVariant}
	}
	return out
}
