package fit

import (
	"reflect"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/mgpteam/mgp/pkg/config"
	"github.com/mgpteam/mgp/pkg/models"
	"github.com/mgpteam/mgp/pkg/runconfig"
)

// typedKeys lists the key tags of mo's type with their flags.
func typedKeys(t reflect.Type) map[string]reflect.StructField {
	out := map[string]reflect.StructField{}
	for i := range t.NumField() {
		f := t.Field(i)
		if key, _, _ := strings.Cut(f.Tag.Get("key"), ","); key != "" {
			out[key] = f
		}
	}
	return out
}

// TestTypedOptionsMatchTheRegistry keeps the typed options and the YAML
// keys from drifting apart: every registered model has one typed struct;
// its fields' keys are exactly the model's config keys (config.Keys of the
// registry's config, the keys a model section takes); a zero struct gives
// the model's defaults through the validator (runconfig.NewModelConfig and
// ModelConfig.Validate); a field spelt as a negation ("not") is a bool
// whose default is true, every other bool defaults to false; and every
// field, set to a non-zero value of its type, reaches its own key.
func TestTypedOptionsMatchTheRegistry(t *testing.T) {
	var names []string
	for _, mo := range typedModels {
		names = append(names, mo.ModelName())
	}
	sort.Strings(names)
	if want := slices.Sorted(slices.Values(models.Names())); !slices.Equal(names, want) {
		t.Fatalf("typed options for %v, registered models %v", names, want)
	}
	for _, mo := range typedModels {
		name := mo.ModelName()
		e, err := models.Lookup(name)
		if err != nil {
			t.Fatal(err)
		}
		keys := typedKeys(reflect.TypeOf(mo))
		var got []string
		for k := range keys {
			got = append(got, k)
		}
		want := config.Keys(e.NewConfig())
		if !slices.Equal(slices.Sorted(slices.Values(got)), slices.Sorted(slices.Values(want))) {
			t.Errorf("%s: typed keys %v, the model section's keys %v", name, slices.Sorted(slices.Values(got)), slices.Sorted(slices.Values(want)))
			continue
		}
		def, err := runconfig.NewModelConfig(name, nil)
		if err != nil {
			t.Fatal(err)
		}
		zero, err := runconfig.NewModelConfig(name, Keys(mo))
		if err != nil || zero.Validate() != nil {
			t.Fatalf("%s: the zero options: %v", name, err)
		}
		if !reflect.DeepEqual(zero.Map(), def.Map()) {
			t.Errorf("%s: the zero options give %v, the defaults are %v", name, zero.Map(), def.Map())
		}
		defs := def.Map()
		for key, f := range keys {
			_, flag, _ := strings.Cut(f.Tag.Get("key"), ",")
			if f.Type.Kind() == reflect.Bool && (flag == "not") != (defs[key] == true) {
				t.Errorf("%s.%s: key %s defaults to %v, and the field is spelt %q", name, f.Name, key, defs[key], flag)
			}
			v := reflect.New(reflect.TypeOf(mo)).Elem()
			fv := v.FieldByIndex(f.Index)
			switch fv.Kind() {
			case reflect.Int:
				fv.SetInt(3)
			case reflect.Float64:
				fv.SetFloat(0.25)
			case reflect.Bool:
				fv.SetBool(true)
			case reflect.String:
				fv.SetString("x")
			case reflect.Slice:
				fv.Set(reflect.ValueOf([]int{7}))
			default:
				t.Fatalf("%s.%s: a field of kind %s", name, f.Name, fv.Kind())
			}
			ks := Keys(v.Interface().(ModelOptions))
			if len(ks) != 1 {
				t.Errorf("%s.%s set gives the keys %v, want %s alone", name, f.Name, ks, key)
			}
			if _, ok := ks[key]; !ok {
				t.Errorf("%s.%s set gives the keys %v, want %s", name, f.Name, ks, key)
			}
			if fv.Kind() == reflect.String {
				continue // "x" is no valid kernel, bound or prior: the decoder takes it, Validate refuses it
			}
			mc, err := runconfig.NewModelConfig(name, ks)
			if err != nil {
				t.Errorf("%s.%s: %v", name, f.Name, err)
				continue
			}
			if reflect.DeepEqual(mc.Map()[key], defs[key]) {
				t.Errorf("%s.%s set leaves %s at its default %v", name, f.Name, key, defs[key])
			}
		}
	}
}
