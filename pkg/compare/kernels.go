package compare

import (
	"slices"
	"strings"

	"github.com/mgpteam/mgp/pkg/config"
	"github.com/mgpteam/mgp/pkg/models"
	"github.com/mgpteam/mgp/pkg/sweep"
)

// Candidate names model with kernel: "shgp-matern52", or the model's own
// name when kernel is "" (a comparison without Options.Kernels). With
// kernels, every candidate carries its kernel, se included ("sgp-se").
func Candidate(model, kernel string) string {
	if kernel == "" {
		return model
	}
	return model + "-" + kernel
}

// SplitCandidate returns the model and kernel ("" when it names none) of a
// candidate name made by Candidate.
func SplitCandidate(c string) (model, kernel string) {
	model, kernel, _ = strings.Cut(c, "-")
	return model, kernel
}

// Candidates lists the candidates of models x kernels, model by model, the
// kernels in the order of models.KernelNames (se, matern12, matern32,
// matern52) whatever order they were given in: ties in the ranking, and
// the order of one model's kernels from simplest, follow it, so --kernels
// se,matern52 and matern52,se choose alike. A model without model.kernel
// (models.TakesKernel) is tried with se only, its built-in kernel. Without
// kernels, the candidates are the models.
func Candidates(ms, kernels []string) []string {
	if len(kernels) == 0 {
		return slices.Clone(ms)
	}
	kernels = slices.Clone(kernels)
	slices.SortStableFunc(kernels, func(a, b string) int {
		return slices.Index(models.KernelNames(), a) - slices.Index(models.KernelNames(), b)
	})
	var out []string
	for _, m := range ms {
		for _, k := range kernels {
			if k == models.KernelSE || models.TakesKernel(m) {
				out = append(out, Candidate(m, k))
			}
		}
	}
	return out
}

// runCandidate is the candidate a sweep run belongs to: its model, and its
// variant as the kernel when the comparison tries kernels (kernelVariants).
func runCandidate(r sweep.Run) string {
	if r.Variant == sweep.DefaultVariant {
		return r.Model
	}
	return Candidate(r.Model, r.Variant)
}

// checkKernels refuses a kernel models does not know, one named twice, and
// kernels without se when a model has no model.kernel (it could run with
// none of them).
func checkKernels(ms, kernels []string) error {
	for i, k := range kernels {
		if !slices.Contains(models.KernelNames(), k) {
			return optionErrorf("kernels", ": %q is not a kernel; the kernels are %s", k, strings.Join(models.KernelNames(), ", "))
		}
		if slices.Contains(kernels[:i], k) {
			return optionErrorf("kernels", ": %s is named twice", k)
		}
	}
	if len(kernels) == 0 || slices.Contains(kernels, models.KernelSE) {
		return nil
	}
	for _, m := range ms {
		if !models.TakesKernel(m) {
			why := "its GPs are squared exponential"
			if !models.HasKey(m, "m") { // no inducing points: no GP at all
				why = "it has no GP, so no kernel"
			}
			return optionErrorf("kernels", ": %s has no kernel choice (%s): add %s to the kernels or leave %s out of the models",
				m, why, models.KernelSE, m)
		}
	}
	return nil
}

// kernelVariants are the sweep's variants, one per kernel, named by it,
// so that every model runs with every kernel
// (runs/<data>/<model>/<kernel>/s<k>): se sets nothing (it is every
// model's default, so its runs are those of a comparison without kernels)
// and applies to all; another kernel sets model.kernel for the models that
// take one (models.TakesKernel) and is left out when none does. Nothing
// without kernels. from is the sweep file, where the overrides are written.
func kernelVariants(ms, kernels []string, from string) []sweep.Variant {
	if len(kernels) == 0 {
		return nil
	}
	takers := slices.DeleteFunc(slices.Clone(ms), func(m string) bool { return !models.TakesKernel(m) })
	var out []sweep.Variant
	for _, k := range kernels {
		switch {
		case k == models.KernelSE:
			out = append(out, sweep.Variant{Name: k})
		case len(takers) > 0:
			out = append(out, sweep.Variant{Name: k, Models: takers, Set: sweep.Overrides{config.Text("model.kernel", k, from)}})
		}
	}
	return out
}

// runKernel is the kernel the sweep run r sets (its variant's
// model.kernel; "" for se and without kernels).
func runKernel(r sweep.Run) string {
	if r.Variant == sweep.DefaultVariant || r.Variant == models.KernelSE {
		return ""
	}
	return r.Variant
}
