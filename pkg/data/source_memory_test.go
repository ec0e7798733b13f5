package data

import (
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// TestMemorySource loads a registered data set as a CSV file's rows are
// loaded, gives the same content the same handle, and refuses a handle
// once released.
func TestMemorySource(t *testing.T) {
	X := mat.NewDense(20, 1, nil)
	Y := mat.NewDense(20, 1, nil)
	for i := range 20 {
		X.Set(i, 0, float64(i))
		Y.Set(i, 0, float64(i*i%7))
	}
	ds := &Dataset{Name: "mine", X: X, Y: Y, XNames: []string{"x"}, YName: "y"}
	h, release := RegisterMemory(ds)
	h2, release2 := RegisterMemory(&Dataset{Name: "other label", X: mat.DenseCopyOf(X), Y: mat.DenseCopyOf(Y), XNames: []string{"x"}, YName: "y"})
	if h != h2 || !strings.HasPrefix(h, "memory:") {
		t.Fatalf("handles %q and %q for the same content", h, h2)
	}
	s := Spec{Kind: string(KindMemory), Path: h, Split: SplitNone, Stats: "train"}
	if e := (memorySource{}).Check(s); e != nil {
		t.Fatal(e)
	}
	exp, err := Load(s, "")
	if err != nil {
		t.Fatal(err)
	}
	if n, _ := exp.XTrain.Dims(); n != 20 || exp.Kind != KindMemory || exp.Name != "mine" && exp.Name != "other label" {
		t.Errorf("loaded %d rows of kind %s named %q", n, exp.Kind, exp.Name)
	}
	release()
	release() // a second call is a no-op: the other registration holds on
	if _, err := Load(s, ""); err != nil {
		t.Errorf("after one of two releases: %v", err)
	}
	release2()
	if _, err := Load(s, ""); err == nil {
		t.Error("loaded a released handle")
	}
	if e := (memorySource{}).Check(Spec{Kind: "memory", Path: "my.csv"}); e == nil || e.Key != "data.path" {
		t.Errorf("a path that is no handle: %v", e)
	}
	if e := (memorySource{}).Check(Spec{Kind: "memory", Path: h, Split: "fixed"}); e == nil || e.Key != "data.split" {
		t.Errorf("split fixed: %v", e)
	}
}
