package compare

import (
	"slices"
	"strings"

	"github.com/mgpteam/mgp/pkg/models"
)

// Check refuses options that cannot run, with an *OptionError naming the
// option, and writes the model and kernel names as Run reads them (lower
// case, without surrounding spaces). Run checks them again; a caller may
// check them first, before it creates o.Out.
func (o *Options) Check() error {
	switch {
	case o.Splits < 2:
		return optionErrorf("splits", " %d: need at least 2 splits, and 3 or more for a model's win over a simpler one to count (default 5)", o.Splits)
	case o.Iterations < 1:
		return optionErrorf("iterations", " %d: must be at least 1", o.Iterations)
	case o.Jobs < 1:
		return optionErrorf("jobs", " %d: must be at least 1", o.Jobs)
	case len(o.Models) == 0:
		return optionErrorf("models", ": name at least one model")
	}
	for i, m := range o.Models {
		m = strings.ToLower(strings.TrimSpace(m))
		o.Models[i] = m
		if !slices.Contains(models.Names(), m) {
			return optionErrorf("models", ": %q is not a registered model; the models are %s", m, strings.Join(models.Names(), ", "))
		}
		if slices.Contains(o.Models[:i], m) {
			return optionErrorf("models", ": %s is named twice", m)
		}
	}
	for i, k := range o.Kernels {
		o.Kernels[i] = strings.ToLower(strings.TrimSpace(k))
	}
	return nil
}
