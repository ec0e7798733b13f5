package models

import (
	"fmt"
	"sort"
	"strings"
)

// Constructor builds a model from its config decoder (which fills a config
// struct from the run config's model section, rejecting unknown keys) and
// the Spec.
type Constructor func(decode func(cfg any) error, spec Spec) (Model, error)

var registry = map[string]Constructor{
	"sgp":   newSGP,
	"shgp":  newSHGP,
	"smgp":  newSMGP,
	"svhgp": newSVHGP,
	"slgp":  newSLGP,
	"gpcde": newGPCDE,
	"dagp":  newDAGP,
	"hnn":   newHNN,
	"mdn":   newMDN,
	"cvae":  newCVAE,
}

// Names lists the registered model names, sorted.
func Names() []string {
	ns := make([]string, 0, len(registry))
	for n := range registry {
		ns = append(ns, n)
	}
	sort.Strings(ns)
	return ns
}

// New builds the model called name.
func New(name string, decode func(cfg any) error, spec Spec) (Model, error) {
	c, ok := registry[strings.ToLower(name)]
	if !ok {
		return nil, fmt.Errorf("unknown model %q: known models are %s", name, strings.Join(Names(), ", "))
	}
	return c(decode, spec)
}
