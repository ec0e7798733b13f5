package config

import (
	"errors"
	"slices"
	"testing"
)

// TestSet: Set changes the keyed field; a wrong type, an unknown key or a
// non-pointer is a *KeyError naming the key, and changes nothing.
func TestSet(t *testing.T) {
	type cfg struct {
		M      int    `mapstructure:"m"`
		Kernel string `mapstructure:"kernel,omitempty"`
		Hidden []int  `mapstructure:"hidden"`
	}
	c := cfg{M: 1}
	if err := Set(&c, "kernel", "matern52"); err != nil || c.Kernel != "matern52" {
		t.Fatalf("kernel: %v, %+v", err, c)
	}
	if err := Set(&c, "hidden", []int{3}); err != nil || !slices.Equal(c.Hidden, []int{3}) {
		t.Fatalf("hidden: %v, %+v", err, c)
	}
	for _, bad := range []struct {
		cfg any
		key string
		v   any
	}{{&c, "m", 2.5}, {&c, "m", nil}, {&c, "nosuch", 1}, {c, "m", 2}} {
		err := Set(bad.cfg, bad.key, bad.v)
		var ke *KeyError
		if !errors.As(err, &ke) || ke.Key != bad.key {
			t.Errorf("Set(%T, %s, %v): %v, want a KeyError on %s", bad.cfg, bad.key, bad.v, err, bad.key)
		}
	}
	if c.M != 1 {
		t.Errorf("m changed to %d", c.M)
	}
}
