package results

import (
	"reflect"
	"testing"
)

// TestDiffConfigs: leaves are compared under dotted keys, a key in one
// config only counts, an empty nested map has no leaves, and the changes
// come sorted with both values.
func TestDiffConfigs(t *testing.T) {
	a := map[string]any{
		"model": map[string]any{"name": "sgp", "ard": true, "m": 100.0},
		"data":  map[string]any{"split": "random"},
		"eval":  map[string]any{},
	}
	b := map[string]any{
		"model": map[string]any{"name": "sgp", "ard": false, "m": 100.0},
		"data":  map[string]any{"split": "random", "dir": "x"},
	}
	got := DiffConfigs(a, b)
	want := []ConfigChange{
		{Key: "data.dir", Old: nil, New: "x"},
		{Key: "model.ard", Old: true, New: false},
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatalf("DiffConfigs = %+v, want %+v", got, want)
	}
	if d := DiffConfigs(a, a); len(d) != 0 {
		t.Fatalf("a config differs from itself: %+v", d)
	}
	if d := DiffConfigs(map[string]any{"k": nil}, map[string]any{}); len(d) != 1 || d[0].Key != "k" {
		t.Fatalf("a key present in one config only must count: %+v", d)
	}
}
