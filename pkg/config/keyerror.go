// Package config decodes run configs: a YAML node tree (a file, --set
// flags, a sweep's overrides or a saved result's JSON) into typed structs,
// once and strictly, with errors that carry the offending key.
//
// Struct fields name their keys with the `mapstructure` tag (the name the
// structs have always used). Decoding refuses unknown keys, a fraction, a
// boolean or text where an integer belongs, a negative number where an
// unsigned one belongs, a boolean or text where a float belongs and
// anything but true/false where a boolean belongs; integral floats such as
// 2e4 are accepted as integers.
package config

import (
	"fmt"
	"strings"

	"go.yaml.in/yaml/v3"
)

// KeyError is a problem with one key of a run config. Key is the dotted
// path from the config's root (e.g. "train.lr_final"), so that a caller can
// find the line the key was written on, or the --set flag that set it,
// without reading the message.
type KeyError struct {
	Key string
	Err error
}

// Error returns the message, prefixed with "Key: " unless it already
// begins with the key (validation messages such as "train.lr = 0: must
// be positive" name their key themselves).
func (e *KeyError) Error() string {
	msg := e.Err.Error()
	if e.Key == "" || strings.HasPrefix(msg, e.Key) {
		return msg
	}
	return e.Key + ": " + msg
}

// Unwrap returns Err.
func (e *KeyError) Unwrap() error { return e.Err }

// Errorf returns a KeyError for key with a formatted message; the message
// may begin with the key itself ("model.m = %d: must be positive").
func Errorf(key, format string, args ...any) *KeyError {
	return &KeyError{Key: key, Err: fmt.Errorf(format, args...)}
}

// KeyHinter is implemented by a config struct that can say more about a
// key it does not have (GPCDE about SLGP's keys); a non-empty hint is
// appended to the unknown-key error.
type KeyHinter interface {
	KeyHint(key string) string
}

// Validator is implemented by a config struct that checks its own values
// (before any data is read); it returns a *KeyError naming the key.
type Validator interface {
	Validate() error
}

// NodeDecoder is implemented by a field type that decodes its own node
// (the model section, whose struct depends on the model's name); key is
// the field's dotted path.
type NodeDecoder interface {
	DecodeNode(n *yaml.Node, key string) error
}

// Join appends child to the dotted path key.
func Join(key, child string) string {
	if key == "" {
		return child
	}
	return key + "." + child
}

// within reports whether key is path or lies under it ("model.m" is
// within "model" and within "model.m").
func within(key, path string) bool {
	return key == path || strings.HasPrefix(key, path+".")
}
