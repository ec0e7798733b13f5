package main

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/mgpteam/mgp/pkg/config"
	"github.com/mgpteam/mgp/pkg/models"
	"github.com/mgpteam/mgp/pkg/runconfig"
	"go.yaml.in/yaml/v3"
)

// section is one section of a run config written out for the line tests:
// its name, its keys in order and their values as YAML text.
type section struct {
	name string
	keys []string
	vals map[string]string
	// kinds holds each key's Go kind, for the bad value of its type.
	kinds map[string]reflect.Kind
}

// sectionOf writes out the fields of a config struct with their values.
func sectionOf(t *testing.T, name string, cfg any, extra map[string]string) section {
	t.Helper()
	s := section{name: name, vals: map[string]string{}, kinds: map[string]reflect.Kind{}}
	v := reflect.Indirect(reflect.ValueOf(cfg))
	for i := range v.NumField() {
		f := v.Type().Field(i)
		k, _, _ := strings.Cut(f.Tag.Get("mapstructure"), ",")
		if !f.IsExported() || k == "" || k == "-" {
			continue
		}
		var n yaml.Node
		if err := n.Encode(v.Field(i).Interface()); err != nil {
			t.Fatal(err)
		}
		n.Style = yaml.FlowStyle
		b, err := yaml.Marshal(&n)
		if err != nil {
			t.Fatal(err)
		}
		s.keys = append(s.keys, k)
		s.vals[k] = strings.TrimSpace(string(b))
		if x, ok := extra[k]; ok {
			s.vals[k] = x
		}
		s.kinds[k] = f.Type.Kind()
	}
	return s
}

// badValue is a value of the wrong type for a field of kind k.
func badValue(k reflect.Kind) string {
	switch k {
	case reflect.Int, reflect.Int64:
		return "2.5"
	case reflect.Uint64, reflect.Uint:
		return "-1"
	case reflect.Float64:
		return "fast"
	case reflect.Bool:
		return "3"
	case reflect.String:
		return "[1, 2]"
	case reflect.Slice, reflect.Struct:
		return "seven"
	}
	panic(fmt.Sprintf("no bad value for %s", k))
}

// writeSections writes the sections as a YAML run config with one key a
// line, bad (when not "") replacing the value of the key section.key, and
// returns the line of each dotted key.
func writeSections(t *testing.T, path string, secs []section, key, bad string) map[string]int {
	t.Helper()
	var b strings.Builder
	lines, line := map[string]int{}, 0
	for _, s := range secs {
		line++
		fmt.Fprintf(&b, "%s:\n", s.name)
		lines[s.name] = line
		if s.name == "model" {
			line++
			fmt.Fprintf(&b, "  name: %s\n", s.vals["name"])
			lines["model.name"] = line
		}
		for _, k := range s.keys {
			v := s.vals[k]
			if s.name+"."+k == key {
				v = bad
			}
			line++
			fmt.Fprintf(&b, "  %s: %s\n", k, v)
			lines[s.name+"."+k] = line
		}
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return lines
}

// runSections are the data, train and eval sections with their defaults
// (a toy data set; eval.latent and data.kind as their empty defaults).
func runSections(t *testing.T) []section {
	def := runconfig.DefaultRunConfig()
	return []section{
		sectionOf(t, "data", &def.Data, map[string]string{"name": "step"}),
		sectionOf(t, "train", &def.Train, nil),
		sectionOf(t, "eval", &def.Eval, nil),
	}
}

// outOfRange holds a value of the right type that Validate refuses, for
// every key of the train section.
var outOfRange = map[string]string{
	"train.iterations": "-1", "train.batch_size": "-1", "train.lr": "0", "train.lr_final": "0.5",
	"train.seed": "-3", "train.eval_every": "-1", "train.log_every": "-1", "train.trace_every": "-1",
	"train.checkpoint_every": "-1", "train.validation": "0.9", "train.select_every": "-1",
	"eval.samples": "1", "eval.latent": "sometimes", "data.split": "sideways", "data.stats": "most",
	"data.split_index": "-1", "data.test_fraction": "1",
}

// modelOutOfRange holds, per model, values of the right type that the
// model's config refuses (config.Validator) before any data is read.
var modelOutOfRange = map[string]map[string]string{
	"sgp":   {"m": "0", "noise_init": "0", "kernel": "rbf"},
	"shgp":  {"m": "0", "m_w": "-1", "quadrature": "0", "kernel": "rbf", "kernel_w": "matern72"},
	"svhgp": {"m": "-2", "m_w": "-1", "quadrature": "-3", "kernel": "matern", "kernel_w": "SE"},
	"smgp":  {"m": "0", "t": "0", "s": "0", "lambda": "0", "noise_init": "-1", "bound": "loose", "s_w": "2"},
	"dagp":  {"m": "0", "t": "-1", "s": "0", "lambda": ".inf", "noise_init": "0"},
	"hnn":   {"hidden": "[100, 0]"},
	"mdn":   {"hidden": "[-1]", "t": "0"},
	"cvae":  {"hidden": "[0]", "d_w": "0", "s": "0", "decoder": "sideways", "noise_init": "0"},
	"slgp": {"m": "0", "d_w": "0", "d_h": "-1", "s": "0", "beta": "-0.5", "bound": "tight", "prior": "flat",
		"nu0_init": "0", "hidden": "[0]", "inducing": "random", "noise_init": "0", "beta_warmup": "-1", "leaky_slope": "1", "kernel": "rbf"},
	"gpcde": {"m": "-1", "d_w": "0", "s": "0", "prior": "flat", "hidden": "[10, -1]", "noise_init": "-1", "leaky_slope": "-0.1", "kernel": "exp"},
}

// TestConfigErrorNamesItsLine writes, for every key of the data, train
// and eval sections and of every registered model's config, a run config
// with one key a line where exactly that key has a bad value (of the wrong
// type, and out of range where outOfRange or modelOutOfRange has one), and
// checks that the
// error names the key and the file with that key's own line; then the same
// bad value given by --set over a good file names the --set flag. An
// unknown key in each section is blamed on its own line too.
func TestConfigErrorNamesItsLine(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, "c.yaml")
	checked := 0
	for _, name := range models.Names() {
		e, err := models.Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		for k := range modelOutOfRange[name] {
			if !slices.Contains(config.Keys(e.NewConfig()), k) {
				t.Fatalf("modelOutOfRange: %s has no key %s", name, k)
			}
		}
		ms := sectionOf(t, "model", e.NewConfig(), nil)
		ms.vals["name"] = name
		secs := append([]section{ms}, runSections(t)...)
		// The good file loads.
		writeSections(t, path, secs, "", "")
		if _, err := loadConfig(path, nil); err != nil {
			t.Fatalf("%s: the config of defaults does not load: %v", name, err)
		}
		for _, s := range secs {
			if s.name != "model" && name != models.Names()[0] {
				continue // the run sections once
			}
			for _, k := range append(s.keys, "bogus") {
				key := s.name + "." + k
				bads := []string{"1"}
				if k != "bogus" {
					bads = []string{badValue(s.kinds[k])}
					if r, ok := outOfRange[key]; ok {
						bads = append(bads, r)
					}
					if r, ok := modelOutOfRange[name][k]; ok && s.name == "model" {
						bads = append(bads, r)
					}
				}
				for _, bad := range bads {
					var lines map[string]int
					if k == "bogus" {
						s2 := s
						s2.keys = append(append([]string{}, s.keys...), "bogus")
						s2.vals = map[string]string{"bogus": "1"}
						for kk, vv := range s.vals {
							s2.vals[kk] = vv
						}
						secs2 := slicesReplace(secs, s.name, s2)
						lines = writeSections(t, path, secs2, "", "")
					} else {
						lines = writeSections(t, path, secs, key, bad)
					}
					_, err := loadConfig(path, nil)
					want := fmt.Sprintf("%s:%d: ", path, lines[key])
					if err == nil || exitCode(err) != 2 || !strings.HasPrefix(err.Error(), want) || !strings.Contains(err.Error(), key) {
						t.Errorf("%s: %s: %s: err = %v, want it to begin %q and name %s", name, key, bad, err, want, key)
					}
					checked++
					if k == "bogus" {
						continue
					}
					writeSections(t, path, secs, "", "")
					set := key + "=" + bad
					_, err = loadConfig(path, []string{set})
					if err == nil || exitCode(err) != 2 || !strings.HasPrefix(err.Error(), "--set "+set+": ") || !strings.Contains(err.Error(), key) {
						t.Errorf("%s: --set %s: err = %v, want it to begin \"--set %s: \"", name, set, err, set)
					}
				}
			}
		}
	}
	t.Logf("%d bad values checked", checked)
	if checked < 100 {
		t.Fatalf("only %d keys checked", checked)
	}
}

// slicesReplace returns secs with the section called name replaced by s.
func slicesReplace(secs []section, name string, s section) []section {
	out := make([]section, len(secs))
	for i, x := range secs {
		out[i] = x
		if x.name == name {
			out[i] = s
		}
	}
	return out
}

// TestLRFinalBlamedOnItsOwnLine is the reported case: a bad train.lr_final
// on line 7 is blamed on line 7, not on lr: on line 6 (the old message
// matcher found "lr" first).
func TestLRFinalBlamedOnItsOwnLine(t *testing.T) {
	path := writeFile(t, t.TempDir(), "c.yaml", "model:\n  name: sgp\ndata:\n  name: step\ntrain:\n  lr: 0.01\n  lr_final: 0.5\n")
	_, err := loadConfig(path, nil)
	if err == nil || !strings.HasPrefix(err.Error(), path+":7: train.lr_final = 0.5") {
		t.Fatalf("err = %v, want it blamed on line 7", err)
	}
	var ke *config.KeyError
	if !errors.As(err, &ke) || ke.Key != "train.lr_final" {
		t.Fatalf("err = %v does not carry the key train.lr_final", err)
	}
}

// loadConfig is loadConfigSource without the locate function.
func loadConfig(path string, sets []string) (runconfig.RunConfig, error) {
	cfg, _, err := loadConfigSource(path, sets)
	return cfg, err
}
