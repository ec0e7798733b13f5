package data

import (
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// TestMemorySource prepares data handed over as a value as a CSV file's
// rows are prepared, gives the same content the same handle, and refuses
// to load a memory handle from a config (no process-global registry holds
// the data), a handle of other data, and a spec of another kind.
func TestMemorySource(t *testing.T) {
	X := mat.NewDense(20, 1, nil)
	Y := mat.NewDense(20, 1, nil)
	for i := range 20 {
		X.Set(i, 0, float64(i))
		Y.Set(i, 0, float64(i*i%7))
	}
	ds := &Dataset{Name: "mine", X: X, Y: Y, XNames: []string{"x"}, YName: "y"}
	h := MemoryHandle(ds)
	if h2 := MemoryHandle(&Dataset{Name: "other label", X: mat.DenseCopyOf(X), Y: mat.DenseCopyOf(Y), XNames: []string{"x"}, YName: "y"}); h != h2 || !strings.HasPrefix(h, "memory:") {
		t.Fatalf("handles %q and %q for the same content", h, h2)
	}
	s := Spec{Kind: string(KindMemory), Path: h, Split: SplitNone, Stats: "train", Name: "label"}
	if e := (memorySource{}).Check(s); e != nil {
		t.Fatal(e)
	}
	exp, err := FromMemory(ds, s)
	if err != nil {
		t.Fatal(err)
	}
	if n, _ := exp.XTrain.Dims(); n != 20 || exp.Kind != KindMemory || exp.Name != "label" || exp.Scoring != ScorePerPoint {
		t.Errorf("prepared %d rows of kind %s named %q", n, exp.Kind, exp.Name)
	}
	if ds.Name != "mine" {
		t.Errorf("FromMemory renamed the caller's data set to %q", ds.Name)
	}
	if _, err := Load(s, ""); err == nil || !strings.Contains(err.Error(), "not saved with the run") {
		t.Errorf("Load of a memory handle: %v", err)
	}
	Y.Set(0, 0, 99)
	if _, err := FromMemory(ds, s); err == nil || !strings.Contains(err.Error(), "other data") {
		t.Errorf("a handle of other data: %v", err)
	}
	if _, err := FromMemory(ds, Spec{Kind: "csv", Path: h}); err == nil {
		t.Error("FromMemory took data.kind csv")
	}
	if e := (memorySource{}).Check(Spec{Kind: "memory", Path: "my.csv"}); e == nil || e.Key != "data.path" {
		t.Errorf("a path that is no handle: %v", e)
	}
	if e := (memorySource{}).Check(Spec{Kind: "memory", Path: h, Split: "fixed"}); e == nil || e.Key != "data.split" {
		t.Errorf("split fixed: %v", e)
	}
}
