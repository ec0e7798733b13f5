package paper

import (
	"fmt"
	"os"
	"slices"
	"strings"

	"github.com/mgpteam/mgp/pkg/sweep"
)

// planFigure7 resolves the options and the sweep file into what to draw.
func planFigure7(o Figure7Options) (*figure7Plan, error) {
	p := &figure7Plan{tree: o.Runs, dataset: o.Dataset, models: o.Models}
	if o.Seeds != "" && o.Sweep == "" {
		return nil, optErr("seeds", " picks seeds of a sweep: give the sweep file with --sweep")
	}
	if o.Sweep != "" {
		spec, err := sweep.ReadSpec(o.Sweep)
		if err != nil {
			return nil, err
		}
		if err := spec.Restrict(nil, nil, o.Seeds); err != nil {
			return nil, fmt.Errorf("%s: %w", o.Sweep, err)
		}
		if p.tree == "" {
			p.tree = spec.Out
		}
		if p.dataset == "" && len(spec.Datasets) == 1 {
			p.dataset = spec.Datasets[0]
		}
		if p.models == nil {
			for _, m := range Figure7Models {
				if slices.Contains(spec.Models, m) {
					p.models = append(p.models, m)
				}
			}
		}
		p.seeds = spec.Seeds
	}
	if p.tree == "" {
		return nil, optErr("runs", ": give the sweep tree")
	}
	if fi, err := os.Stat(p.tree); err != nil || !fi.IsDir() {
		return nil, optErr("runs", fmt.Sprintf(" %s: no such directory (run the sweep first)", p.tree))
	}
	if p.dataset == "" {
		p.dataset = "nytaxi"
	}
	if p.models == nil {
		p.models = Figure7Models
	}
	if err := distinctNames("models", p.models); err != nil {
		return nil, err
	}
	for _, m := range p.models {
		if !slices.Contains(Figure7Models, m) {
			return nil, optErr("models", fmt.Sprintf(": %q is not one of Fig. 7's models (%s)", m, strings.Join(Figure7Models, ", ")))
		}
	}
	var order []string
	for _, m := range Figure7Models {
		if slices.Contains(p.models, m) {
			order = append(order, m)
		}
	}
	p.models = order
	vars, err := parseFigureVariants(o.Variant, p.models)
	if err != nil {
		return nil, err
	}
	p.variants = vars
	return p, nil
}

// parseFigureVariants reads the variant option: a default variant and
// model=variant exceptions, comma-separated; it returns every model's
// variant.
func parseFigureVariants(s string, models []string) (map[string]string, error) {
	def := ""
	out := map[string]string{}
	for _, part := range strings.Split(s, ",") {
		part = strings.TrimSpace(part)
		m, v, isPair := strings.Cut(part, "=")
		switch {
		case part == "":
			return nil, optErr("variant", fmt.Sprintf(" %q: empty entry", s))
		case !isPair && def != "":
			return nil, optErr("variant", fmt.Sprintf(" %q: two default variants (%s and %s)", s, def, part))
		case !isPair:
			def = part
		case !slices.Contains(models, m) || v == "":
			return nil, optErr("variant", fmt.Sprintf(" %q: %q names no model drawn (%s) or no variant", s, part, strings.Join(models, ", ")))
		default:
			out[m] = v
		}
	}
	if def == "" {
		def = "paper"
	}
	for _, m := range models {
		if _, ok := out[m]; !ok {
			out[m] = def
		}
	}
	return out, nil
}
