package train

import (
	"errors"
	"fmt"
	"math"
	"reflect"
	"strings"

	"github.com/go-viper/mapstructure/v2"
)

// StrictNumbers is a decode hook that refuses what a weakly typed decoder
// would silently coerce: a fraction, a boolean or text where an integer
// belongs (150.7 must not become 150, true must not become 1), a negative
// number where an unsigned one belongs, and a boolean or text where a
// float belongs. Integral floats (YAML's 2e4) are accepted as integers.
func StrictNumbers(from, to reflect.Type, data any) (any, error) {
	if to == nil || from == nil {
		return data, nil
	}
	switch to.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		unsigned := to.Kind() >= reflect.Uint && to.Kind() <= reflect.Uint64
		switch v := reflect.ValueOf(data); v.Kind() {
		case reflect.Float32, reflect.Float64:
			f := v.Float()
			if f != math.Trunc(f) || math.IsInf(f, 0) || math.IsNaN(f) || math.Abs(f) > 1<<53 {
				return nil, fmt.Errorf("%v is not an integer: write a whole number", data)
			}
			if unsigned && f < 0 {
				return nil, fmt.Errorf("%v is negative: this value must be 0 or more", data)
			}
			if unsigned {
				return uint64(f), nil
			}
			return int64(f), nil
		case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
			if unsigned && v.Int() < 0 {
				return nil, fmt.Errorf("%v is negative: this value must be 0 or more", data)
			}
		case reflect.Bool:
			return nil, fmt.Errorf("%v is not a number: write a whole number", data)
		case reflect.String:
			return nil, fmt.Errorf("%q is not a number: write a whole number", data)
		}
	case reflect.Float32, reflect.Float64:
		switch reflect.ValueOf(data).Kind() {
		case reflect.Bool:
			return nil, fmt.Errorf("%v is not a number", data)
		case reflect.String:
			return nil, fmt.Errorf("%q is not a number", data)
		}
	case reflect.Bool:
		if k := reflect.ValueOf(data).Kind(); k != reflect.Bool {
			return nil, fmt.Errorf("%v is not true or false", data)
		}
	}
	return data, nil
}

// strictDecoderConfig returns a mapstructure config without weak typing,
// with StrictNumbers as its hook.
func strictDecoderConfig(dst any, md *mapstructure.Metadata) *mapstructure.DecoderConfig {
	return &mapstructure.DecoderConfig{
		Result: dst, Metadata: md, WeaklyTypedInput: false, DecodeHook: StrictNumbers,
	}
}

// DecodeMessage turns a mapstructure decoding error into one line that
// names every offending key in full (prefix + key), e.g. "model.m: 50.5 is
// not an integer: write a whole number". Other errors are returned as text.
func DecodeMessage(prefix string, err error) string {
	var parts []string
	var walk func(e error)
	walk = func(e error) {
		var de *mapstructure.DecodeError
		switch {
		case errors.As(e, &de) && e == error(de):
			inner := de.Unwrap()
			var nested *mapstructure.DecodeError
			if errors.As(inner, &nested) {
				walk(inner)
				return
			}
			if de.Name() == "" {
				parts = append(parts, inner.Error())
			} else {
				parts = append(parts, fmt.Sprintf("%s%s: %v", prefix, de.Name(), inner))
			}
		default:
			if j, ok := e.(interface{ Unwrap() []error }); ok {
				for _, x := range j.Unwrap() {
					walk(x)
				}
				return
			}
			if u := errors.Unwrap(e); u != nil {
				walk(u)
				return
			}
			parts = append(parts, e.Error())
		}
	}
	walk(err)
	return strings.Join(parts, "; ")
}
