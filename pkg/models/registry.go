package models

import (
	"fmt"
	"sort"
	"strings"
)

// Entry is one registered model. The run config's model section is decoded
// (strictly, before any data is read) into the struct NewConfig returns,
// whose fields name their keys with `mapstructure` tags; Build then
// constructs the model for the data.
//
// A config struct may also implement, with a pointer receiver or not:
//   - Validate() error: checks its values without data and returns a
//     *config.KeyError naming the key; it runs before the data loads;
//   - KeyHint(key string) string: more to say about a key it lacks,
//     appended to the unknown-key error (GPCDE about SLGP's keys).
type Entry struct {
	// NewConfig returns a pointer to a new config struct holding the
	// model's defaults.
	NewConfig func() any
	// Build constructs the model from the decoded config (a pointer of the
	// type NewConfig returns) and the data's Spec.
	Build func(cfg any, spec Spec) (Model, error)
}

// entry registers a model by its defaults and its constructor.
func entry[C any, M Model](defaults func() C, build func(C, Spec) (M, error)) Entry {
	return Entry{
		NewConfig: func() any { c := defaults(); return &c },
		Build: func(cfg any, spec Spec) (Model, error) {
			c, ok := cfg.(*C)
			if !ok {
				return nil, fmt.Errorf("model config %T: want %T", cfg, c)
			}
			m, err := build(*c, spec)
			if err != nil {
				return nil, err
			}
			return m, nil
		},
	}
}

var registry = map[string]Entry{
	"sgp":   entry(defaultSGPConfig, NewSGP),
	"shgp":  entry(defaultHeteroConfig, NewSHGP),
	"smgp":  entry(DefaultSMGPConfig, NewSMGP),
	"svhgp": entry(defaultHeteroConfig, NewSVHGP),
	"slgp":  entry(DefaultSLGPConfig, NewSLGP),
	"gpcde": entry(DefaultGPCDEConfig, NewGPCDE),
	"dagp":  entry(DefaultDAGPConfig, NewDAGP),
	"hnn":   entry(defaultHNNConfig, NewHNN),
	"mdn":   entry(defaultMDNConfig, NewMDN),
	"cvae":  entry(defaultCVAEConfig, NewCVAE),
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

// Lookup returns the entry of the model called name (any case).
func Lookup(name string) (Entry, error) {
	e, ok := registry[strings.ToLower(name)]
	if !ok {
		return Entry{}, fmt.Errorf("unknown model %q: known models are %s", name, strings.Join(Names(), ", "))
	}
	return e, nil
}

// New builds the model called name from its defaults as changed by decode,
// a function that fills the config struct it is given (tests and programs
// that write their options in code use config.DecodeValue).
func New(name string, decode func(cfg any) error, spec Spec) (Model, error) {
	e, err := Lookup(name)
	if err != nil {
		return nil, err
	}
	cfg := e.NewConfig()
	if err := decode(cfg); err != nil {
		return nil, err
	}
	return e.Build(cfg, spec)
}
