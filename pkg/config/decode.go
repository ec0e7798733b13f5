package config

import (
	"fmt"
	"math"
	"reflect"
	"slices"
	"strings"

	"go.yaml.in/yaml/v3"
)

// Decode fills dst, a pointer to a struct, from n: a YAML mapping or a
// document holding one (nil or an empty document sets nothing). Fields n
// does not mention keep their values, so dst should hold the defaults.
// key is n's dotted path ("" for a whole run config, "model" for the model
// section); skip lists keys of n that the caller decodes itself (they are
// neither decoded nor refused). The error is a *KeyError naming the first
// offending key in the document's order.
func Decode(n *yaml.Node, dst any, key string, skip ...string) error {
	v := reflect.ValueOf(dst)
	if v.Kind() != reflect.Pointer || v.IsNil() || v.Elem().Kind() != reflect.Struct {
		return fmt.Errorf("config.Decode: want a pointer to a struct, got %T", dst)
	}
	n = content(n)
	if n == nil {
		return nil
	}
	return decodeStruct(n, v.Elem(), key, skip)
}

// DecodeValue decodes a Go value (a map of keys to numbers, strings, bools
// and lists, as a test or a program writes a config) into dst exactly as
// Decode decodes the same YAML.
func DecodeValue(value any, dst any, key string, skip ...string) error {
	var n yaml.Node
	if err := n.Encode(value); err != nil {
		return &KeyError{Key: key, Err: err}
	}
	return Decode(&n, dst, key, skip...)
}

// content returns the node a document or alias stands for (nil for an
// empty document).
func content(n *yaml.Node) *yaml.Node {
	for n != nil {
		switch {
		case n.Kind == 0: // what yaml.Unmarshal leaves for empty input
			return nil
		case n.Kind == yaml.DocumentNode:
			if len(n.Content) == 0 {
				return nil
			}
			n = n.Content[0]
		case n.Kind == yaml.AliasNode:
			n = n.Alias
		default:
			return n
		}
	}
	return nil
}

// Keys lists the keys of a config struct (or a pointer to one) in field
// order, from the fields' `mapstructure` tags.
func Keys(cfg any) []string {
	t := reflect.TypeOf(cfg)
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	var out []string
	for i := range t.NumField() {
		if k := tagKey(t.Field(i)); k != "" {
			out = append(out, k)
		}
	}
	return out
}

// Values returns the keys of a config struct (or a pointer to one) with
// their values. A field tagged omitempty (`mapstructure:"key,omitempty"`)
// is left out while it holds its zero value: a key added later whose zero
// value is the behaviour before it then leaves the recorded configs, and
// so the config fingerprints, of runs that do not set it as they were.
func Values(cfg any) map[string]any {
	v := reflect.Indirect(reflect.ValueOf(cfg))
	out := map[string]any{}
	for i := range v.NumField() {
		f := v.Type().Field(i)
		k := tagKey(f)
		if k == "" {
			continue
		}
		_, opts, _ := strings.Cut(f.Tag.Get("mapstructure"), ",")
		if v.Field(i).IsZero() && slices.Contains(strings.Split(opts, ","), "omitempty") {
			continue
		}
		out[k] = v.Field(i).Interface()
	}
	return out
}

// tagKey is a field's key, "" for an unexported or untagged field.
func tagKey(f reflect.StructField) string {
	if !f.IsExported() {
		return ""
	}
	k, _, _ := strings.Cut(f.Tag.Get("mapstructure"), ",")
	if k == "-" {
		return ""
	}
	return k
}

// decodeStruct decodes a mapping into the struct v.
func decodeStruct(n *yaml.Node, v reflect.Value, key string, skip []string) error {
	if n.Kind != yaml.MappingNode {
		return &KeyError{Key: key, Err: fmt.Errorf("%s is not a section: write key: value lines under it", describe(n))}
	}
	fields := map[string]int{}
	for i := range v.NumField() {
		if k := tagKey(v.Type().Field(i)); k != "" {
			fields[k] = i
		}
	}
	seen := map[string]int{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		kn, vn := n.Content[i], n.Content[i+1]
		if kn.Kind != yaml.ScalarNode {
			return &KeyError{Key: key, Err: fmt.Errorf("line %d: a key must be a plain name", kn.Line)}
		}
		name := strings.ToLower(kn.Value)
		full := Join(key, name)
		if l, dup := seen[name]; dup {
			return &KeyError{Key: full, Err: fmt.Errorf("set twice (lines %d and %d): keep one", l, kn.Line)}
		}
		seen[name] = kn.Line
		if slices.Contains(skip, name) {
			continue
		}
		fi, ok := fields[name]
		if !ok {
			return unknownKey(v, full, name, skip)
		}
		if err := decodeValue(vn, v.Field(fi), full); err != nil {
			return err
		}
	}
	return nil
}

// unknownKey is the error for a key the struct v has no field for.
func unknownKey(v reflect.Value, full, name string, skip []string) error {
	known := append(slices.Clone(skip), Keys(v.Interface())...)
	slices.Sort(known)
	section := "this section"
	if i := strings.LastIndex(full, "."); i >= 0 {
		section = full[:i]
	}
	msg := fmt.Sprintf("unknown key: check the spelling; %s has %s", section, strings.Join(known, ", "))
	if h, ok := v.Addr().Interface().(KeyHinter); ok {
		if hint := h.KeyHint(name); hint != "" {
			msg += "; " + hint
		}
	}
	return &KeyError{Key: full, Err: fmt.Errorf("%s", msg)}
}

// decodeValue decodes n into v, the field at key.
func decodeValue(n *yaml.Node, v reflect.Value, key string) error {
	n = content(n)
	if n == nil {
		return &KeyError{Key: key, Err: fmt.Errorf("has no value")}
	}
	if d, ok := v.Addr().Interface().(NodeDecoder); ok {
		return d.DecodeNode(n, key)
	}
	switch v.Kind() {
	case reflect.Struct:
		return decodeStruct(n, v, key, nil)
	case reflect.Slice:
		if n.Kind != yaml.SequenceNode {
			return &KeyError{Key: key, Err: fmt.Errorf("%s is not a list: write one as [a, b]", describe(n))}
		}
		s := reflect.MakeSlice(v.Type(), len(n.Content), len(n.Content))
		for i, c := range n.Content {
			if err := decodeValue(c, s.Index(i), key); err != nil {
				return err
			}
		}
		v.Set(s)
		return nil
	}
	if n.Kind != yaml.ScalarNode {
		return &KeyError{Key: key, Err: fmt.Errorf("%s where one value belongs", describe(n))}
	}
	var x any
	if n.ShortTag() == "!!null" {
		return &KeyError{Key: key, Err: fmt.Errorf("has no value")}
	}
	if err := n.Decode(&x); err != nil {
		return &KeyError{Key: key, Err: fmt.Errorf("%q: %v", n.Value, err)}
	}
	if err := setScalar(v, x); err != nil {
		return &KeyError{Key: key, Err: err}
	}
	return nil
}

// describe names a node's kind for messages.
func describe(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "a section (key: value lines)"
	case yaml.SequenceNode:
		return "a list"
	}
	return fmt.Sprintf("%q", n.Value)
}

// setScalar stores x, a decoded YAML scalar, in v with the strict rules of
// the package doc.
func setScalar(v reflect.Value, x any) error {
	switch v.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		i, err := wholeNumber(x, false)
		if err != nil {
			return err
		}
		if v.OverflowInt(i) {
			return fmt.Errorf("%v is out of range", x)
		}
		v.SetInt(i)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		if u, ok := x.(uint64); ok { // above the int64 range
			v.SetUint(u)
			return nil
		}
		i, err := wholeNumber(x, true)
		if err != nil {
			return err
		}
		if v.OverflowUint(uint64(i)) {
			return fmt.Errorf("%v is out of range", x)
		}
		v.SetUint(uint64(i))
	case reflect.Float32, reflect.Float64:
		switch f := x.(type) {
		case int:
			v.SetFloat(float64(f))
		case int64:
			v.SetFloat(float64(f))
		case uint64:
			v.SetFloat(float64(f))
		case float64:
			v.SetFloat(f)
		case string:
			return fmt.Errorf("%q is not a number", f)
		default:
			return fmt.Errorf("%v is not a number", x)
		}
	case reflect.Bool:
		b, ok := x.(bool)
		if !ok {
			return fmt.Errorf("%v is not true or false", x)
		}
		v.SetBool(b)
	case reflect.String:
		s, ok := x.(string)
		if !ok {
			return fmt.Errorf("%v is not text: write it in quotes if you mean the text", x)
		}
		v.SetString(s)
	default:
		return fmt.Errorf("cannot decode into %s", v.Type())
	}
	return nil
}

// wholeNumber reads an integer, accepting integral floats (2e4) and
// refusing fractions, booleans, text and, when unsigned, negatives.
func wholeNumber(x any, unsigned bool) (int64, error) {
	var i int64
	switch n := x.(type) {
	case int:
		i = int64(n)
	case int64:
		i = n
	case uint64:
		return 0, fmt.Errorf("%v is out of range", n)
	case float64:
		if n != math.Trunc(n) || math.IsInf(n, 0) || math.IsNaN(n) {
			return 0, fmt.Errorf("%v is not an integer: write a whole number", n)
		}
		if math.Abs(n) > 1<<53 {
			return 0, fmt.Errorf("%v is out of range: write a whole number below 2^53", n)
		}
		i = int64(n)
	case string:
		return 0, fmt.Errorf("%q is not a number: write a whole number", n)
	default:
		return 0, fmt.Errorf("%v is not a number: write a whole number", x)
	}
	if unsigned && i < 0 {
		return 0, fmt.Errorf("%v is negative: this value must be 0 or more", x)
	}
	return i, nil
}
