package config

import (
	"errors"
	"math"
	"strings"
	"testing"

	"go.yaml.in/yaml/v3"
)

type inner struct {
	N      int      `mapstructure:"n"`
	U      uint64   `mapstructure:"u"`
	F      float64  `mapstructure:"f"`
	B      bool     `mapstructure:"b"`
	S      string   `mapstructure:"s"`
	L      []int    `mapstructure:"l"`
	hidden int      // not a key
	Names  []string `mapstructure:"names"`
}

// KeyHint implements KeyHinter.
func (inner) KeyHint(key string) string {
	if key == "beta" {
		return "beta belongs elsewhere"
	}
	return ""
}

type outer struct {
	Sec inner `mapstructure:"sec"`
}

func parse(t *testing.T, text string) *yaml.Node {
	t.Helper()
	var n yaml.Node
	if err := yaml.Unmarshal([]byte(text), &n); err != nil {
		t.Fatal(err)
	}
	return &n
}

// TestDecodeStrict: each value is accepted or refused as the package doc
// says, and a refusal is a KeyError naming the full key.
func TestDecodeStrict(t *testing.T) {
	for _, tc := range []struct {
		body, key, want string
	}{
		{"n: 2e4", "", ""},
		{"n: 150.7", "sec.n", "not an integer"},
		{"n: true", "sec.n", "not a number"},
		{"n: fast", "sec.n", `"fast" is not a number`},
		{"n: 1e300", "sec.n", "out of range"},
		{"u: -1", "sec.u", "negative"},
		{"u: -1.0", "sec.u", "negative"},
		{"u: 18446744073709551615", "", ""},
		{"f: 3", "", ""},
		{"f: .nan", "", ""},
		{"f: yes", "sec.f", "not a number"},
		{"f: true", "sec.f", "not a number"},
		{"b: 1", "sec.b", "not true or false"},
		{"s: 5", "sec.s", "not text"},
		{"s: [a]", "sec.s", "a list where one value belongs"},
		{"l: 5", "sec.l", "not a list"},
		{"l: [1, 2.5]", "sec.l", "not an integer"},
		{"names: [a, b]", "", ""},
		{"n:", "sec.n", "has no value"},
		{"nn: 1", "sec.nn", "unknown key"},
		{"beta: 1", "sec.beta", "beta belongs elsewhere"},
		{"n: 1\nN: 2", "sec.n", "set twice (lines 2 and 3)"},
		{"hidden: 1", "sec.hidden", "unknown key"},
	} {
		var o outer
		err := Decode(parse(t, "sec:\n"+indent(tc.body)), &o, "")
		if tc.want == "" {
			if err != nil {
				t.Errorf("%q: %v", tc.body, err)
			}
			continue
		}
		var ke *KeyError
		if !errors.As(err, &ke) || ke.Key != tc.key || !strings.Contains(err.Error(), tc.want) || !strings.HasPrefix(err.Error(), tc.key) {
			t.Errorf("%q: err = %v, want a KeyError for %s saying %q", tc.body, err, tc.key, tc.want)
		}
	}
	var o outer
	if err := Decode(parse(t, "sec: {n: 2e4, u: 3, f: 2, b: true, s: x, l: [1, 2]}"), &o, ""); err != nil {
		t.Fatal(err)
	}
	if o.Sec.N != 20000 || o.Sec.U != 3 || o.Sec.F != 2 || !o.Sec.B || o.Sec.S != "x" || len(o.Sec.L) != 2 {
		t.Fatalf("decoded %+v", o.Sec)
	}
	o.Sec.F = 7
	if err := Decode(parse(t, "sec: {n: 1}"), &o, ""); err != nil || o.Sec.F != 7 {
		t.Fatalf("a key left out must keep its value: %+v, %v", o.Sec, err)
	}
	if err := Decode(parse(t, "f: .nan"), &o.Sec, "sec"); err != nil || !math.IsNaN(o.Sec.F) {
		t.Fatalf(".nan: %v %v", o.Sec.F, err)
	}
}

func indent(s string) string { return "  " + strings.ReplaceAll(s, "\n", "\n  ") }

// TestParseSetTypes: a --set value is read once as YAML into a typed node,
// and renders back as the flag's text.
func TestParseSetTypes(t *testing.T) {
	for _, tc := range []struct{ set, tag, text string }{
		{"train.iterations=150.7", "!!float", "train.iterations=150.7"},
		{"Train.Iterations=20000", "!!int", "train.iterations=20000"},
		{"model.whiten=true", "!!bool", "model.whiten=true"},
		{"model.prior=scaled", "!!str", "model.prior=scaled"},
		{"model.prior='1'", "!!str", "model.prior=1"},
		{"model.hidden=[100,100]", "!!seq", "model.hidden=[100,100]"},
		{"model.beta=1.0", "!!float", "model.beta=1"},
		{"model.m=", "!!null", "model.m="},
	} {
		o, err := ParseSet(tc.set)
		if err != nil {
			t.Fatalf("%s: %v", tc.set, err)
		}
		if o.Value.ShortTag() != tc.tag || o.String() != tc.text || o.From != "--set "+tc.set {
			t.Errorf("%s: tag %s, text %q, from %q", tc.set, o.Value.ShortTag(), o.String(), o.From)
		}
	}
	for _, bad := range []string{"=1", "noequals", "x=[1,"} {
		if _, err := ParseSet(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
}

// TestApplyAndWhere: overrides land in a copy of the tree (sections made
// as needed), and Where blames the last override of a key, else the key's
// line, else its nearest section's line.
func TestApplyAndWhere(t *testing.T) {
	doc := parse(t, "sec:\n  n: 1\n  f: 2\n")
	o1, _ := ParseSet("sec.n=5")
	o2, _ := ParseSet("other.x=[1, 2]")
	o3, _ := ParseSet("sec.n=6")
	root, err := Apply(doc, []Override{o1, o2, o3})
	if err != nil {
		t.Fatal(err)
	}
	var got struct {
		Sec   inner `mapstructure:"sec"`
		Other struct {
			X []int `mapstructure:"x"`
		} `mapstructure:"other"`
	}
	if err := Decode(root, &got, ""); err != nil {
		t.Fatal(err)
	}
	if got.Sec.N != 6 || got.Sec.F != 2 || len(got.Other.X) != 2 {
		t.Fatalf("decoded %+v", got)
	}
	var orig outer
	if err := Decode(doc, &orig, ""); err != nil || orig.Sec.N != 1 {
		t.Fatalf("Apply changed the file's tree: %+v %v", orig, err)
	}
	ovs := []Override{o1, o2, o3}
	for _, tc := range []struct{ key, want string }{
		{"sec.n", "--set sec.n=6"},
		{"other.x", "--set other.x=[1, 2]"},
		{"sec.f", "c.yaml:3"},
		{"sec.zz", "c.yaml:1"},
		{"nothere", "c.yaml"},
	} {
		if w := Where("c.yaml", doc, ovs, tc.key); w != tc.want {
			t.Errorf("Where(%s) = %q, want %q", tc.key, w, tc.want)
		}
	}
	if _, err := Apply(parse(t, "sec: 3\n"), []Override{o1}); err == nil {
		t.Fatal("an override inside a scalar was accepted")
	}
}

// TestValuesOmitEmpty: Values lists every key with its value, except a
// field tagged omitempty while it holds its zero value; such a field still
// decodes under its key.
func TestValuesOmitEmpty(t *testing.T) {
	type cfg struct {
		A int  `mapstructure:"a"`
		B bool `mapstructure:"b,omitempty"`
	}
	var c cfg
	if v := Values(&c); len(v) != 1 || v["a"] != 0 {
		t.Fatalf("zero omitempty field: Values = %v, want only a", v)
	}
	if err := Decode(parse(t, "b: true\na: 3"), &c, ""); err != nil {
		t.Fatal(err)
	}
	if v := Values(c); len(v) != 2 || v["a"] != 3 || v["b"] != true {
		t.Fatalf("set omitempty field: Values = %v, want a: 3, b: true", v)
	}
}
