package models

import (
	"slices"
	"strings"

	"github.com/mgpteam/mgp/pkg/config"
	"github.com/mgpteam/mgp/pkg/models/gp"
)

// checkKernel refuses a kernel name (the value of key) that gp.New does not
// know; "" is the squared exponential, the default.
func checkKernel(key, name string) error {
	if name == "" || slices.Contains(gp.KernelNames(), name) {
		return nil
	}
	return config.Errorf(key, "%s = %q: unknown kernel; use one of %s (default %s)",
		key, name, strings.Join(gp.KernelNames(), ", "), gp.KernelSE)
}

// newKernel is gp.New for a name the config's Validate has accepted (the
// constructors validate first), so an error here is a programmer error.
func newKernel(name, prefix string, D int, ard bool) gp.Kernel {
	k, err := gp.New(name, prefix, D, ard)
	if err != nil {
		panic("models: " + err.Error() + " passed validation")
	}
	return k
}

// KernelSE is model.kernel's default, the squared exponential.
const KernelSE = gp.KernelSE

// KernelNames lists the values model.kernel takes (gp.KernelNames), the
// default, se, first.
func KernelNames() []string { return gp.KernelNames() }

// TakesKernel reports whether the registered model name has a model.kernel
// key (its GPs' kernel is selectable); false for an unknown name.
func TakesKernel(name string) bool { return HasKey(name, "kernel") }
