package main

import (
	"fmt"
	"os"
	"strconv"
	"strings"

	"github.com/go-viper/mapstructure/v2"
	"github.com/mgpteam/mgp/pkg/train"
	"github.com/spf13/viper"
	"go.yaml.in/yaml/v3"
)

// loadConfig reads a YAML run config over the defaults, applies --set
// key=value overrides, and rejects unknown keys naming the file and line.
func loadConfig(path string, sets []string) (train.RunConfig, error) {
	v := viper.New()
	def := train.DefaultRunConfig()
	v.SetDefault("data.split", def.Data.Split)
	v.SetDefault("data.stats", def.Data.Stats)
	v.SetDefault("train.iterations", def.Train.Iterations)
	v.SetDefault("train.batch_size", def.Train.BatchSize)
	v.SetDefault("train.lr", def.Train.LR)
	v.SetDefault("train.log_every", def.Train.LogEvery)
	v.SetDefault("train.trace_every", def.Train.TraceEvery)
	v.SetDefault("eval.samples", def.Eval.Samples)
	var raw []byte
	if path != "" {
		b, err := os.ReadFile(path)
		if err != nil {
			return train.RunConfig{}, inputErr(fmt.Errorf("config: %w", err))
		}
		raw = b
		v.SetConfigFile(path)
		v.SetConfigType("yaml")
		if err := v.ReadInConfig(); err != nil {
			return train.RunConfig{}, inputErr(fmt.Errorf("%s: not valid YAML: %v", path, err))
		}
	}
	for _, s := range sets {
		k, val, ok := strings.Cut(s, "=")
		if !ok || k == "" {
			return train.RunConfig{}, inputErr(fmt.Errorf("--set %q: use key=value, e.g. --set train.iterations=500", s))
		}
		v.Set(strings.ToLower(k), parseScalar(val))
	}
	var cfg train.RunConfig
	if err := v.UnmarshalExact(&cfg, func(dc *mapstructure.DecoderConfig) {
		dc.WeaklyTypedInput = false
		dc.DecodeHook = train.StrictNumbers
	}); err != nil {
		msg := train.DecodeMessage("", err)
		return cfg, inputErr(fmt.Errorf("%s%s", locate(path, raw, sets, msg), msg))
	}
	if err := cfg.Validate(); err != nil {
		return cfg, inputErr(fmt.Errorf("%s%v", locate(path, raw, sets, err.Error()), err))
	}
	return cfg, nil
}

// locate blames the --set override whose key msg names, else the config
// file's line of that key (where).
func locate(path string, raw []byte, sets []string, msg string) string {
	for _, s := range sets {
		k, _, ok := strings.Cut(s, "=")
		if !ok || k == "" {
			continue
		}
		k = strings.ToLower(k)
		parent, last := "", k
		if i := strings.LastIndex(k, "."); i >= 0 {
			parent, last = k[:i], k[i+1:]
		}
		if strings.Contains(msg, k) || (strings.HasPrefix(msg, parent+": has invalid keys:") && strings.Contains(msg, last)) {
			return "--set " + s + ": "
		}
	}
	return where(path, raw, msg)
}

// locateConfigError prefixes msg with the --set flag or the file and line
// of the key it names (for errors found after loading, such as the model
// section's); it returns msg unchanged when nothing matches.
func locateConfigError(path string, sets []string, msg string) string {
	raw, _ := os.ReadFile(path)
	return locate(path, raw, sets, msg) + msg
}

// parseScalar turns an override's text into a bool, int, float or string.
func parseScalar(s string) any {
	switch strings.ToLower(s) { // not ParseBool: "0" and "1" are numbers here
	case "true":
		return true
	case "false":
		return false
	}
	if i, err := strconv.ParseInt(s, 10, 64); err == nil {
		return i
	}
	if f, err := strconv.ParseFloat(s, 64); err == nil {
		return f
	}
	if strings.HasPrefix(s, "[") && strings.HasSuffix(s, "]") {
		parts := strings.Split(strings.Trim(s, "[]"), ",")
		out := make([]any, 0, len(parts))
		for _, p := range parts {
			if p = strings.TrimSpace(p); p != "" {
				out = append(out, parseScalar(p))
			}
		}
		return out
	}
	return s
}

// where finds the first YAML key mentioned in msg and returns "file:line: ",
// or "file: " when no line is found (viper drops line numbers, so look the
// key up again in a yaml.v3 node tree).
func where(path string, raw []byte, msg string) string {
	if path == "" {
		return ""
	}
	var root yaml.Node
	if yaml.Unmarshal(raw, &root) == nil {
		if line := findKeyLine(&root, "", msg); line > 0 {
			return fmt.Sprintf("%s:%d: ", path, line)
		}
	}
	return path + ": "
}

func findKeyLine(n *yaml.Node, prefix, msg string) int {
	switch n.Kind {
	case yaml.DocumentNode:
		for _, c := range n.Content {
			if l := findKeyLine(c, prefix, msg); l > 0 {
				return l
			}
		}
	case yaml.MappingNode:
		for i := 0; i+1 < len(n.Content); i += 2 {
			k := n.Content[i]
			full := k.Value
			if prefix != "" {
				full = prefix + "." + k.Value
			}
			if l := findKeyLine(n.Content[i+1], full, msg); l > 0 {
				return l
			}
			if strings.Contains(msg, full) || strings.Contains(msg, "keys: "+k.Value) || strings.Contains(msg, ", "+k.Value) ||
				strings.Contains(msg, "\""+k.Value+"\"") || strings.Contains(msg, "'"+k.Value+"'") {
				return k.Line
			}
		}
	}
	return 0
}

// resolveDataDir applies the precedence flag > $MGP_DATA_DIR > config > ./data.
func resolveDataDir(flag, cfgDir string) string {
	switch {
	case flag != "":
		return flag
	case os.Getenv("MGP_DATA_DIR") != "":
		return os.Getenv("MGP_DATA_DIR")
	case cfgDir != "":
		return cfgDir
	}
	return "data"
}
