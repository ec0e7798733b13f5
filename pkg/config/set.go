package config

import "reflect"

// Set sets the field of the config struct cfg points to whose key is key
// (its `mapstructure` tag) to v, which must have the field's type: code
// that builds a config changes one key by name without going through
// YAML. An error is a *KeyError naming the key.
func Set(cfg any, key string, v any) error {
	p := reflect.ValueOf(cfg)
	if p.Kind() != reflect.Pointer || p.Elem().Kind() != reflect.Struct {
		return Errorf(key, "%s: %T is not a pointer to a config struct", key, cfg)
	}
	s := p.Elem()
	for i := range s.NumField() {
		if tagKey(s.Type().Field(i)) != key {
			continue
		}
		val := reflect.ValueOf(v)
		if !val.IsValid() || val.Type() != s.Field(i).Type() {
			return Errorf(key, "%s: a %T cannot hold %T", key, s.Field(i).Interface(), v)
		}
		s.Field(i).Set(val)
		return nil
	}
	return Errorf(key, "%s: %T has no such key", key, cfg)
}
