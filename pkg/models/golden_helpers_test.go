package models

import (
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// goldenDir holds the golden fixtures, copied into the repository from the
// project's shared/fixtures/golden (see testdata/golden/README.md), so the
// golden tests run in any clone and never skip.
var goldenDir = filepath.Join("testdata", "golden")

func loadGolden(t *testing.T, name string) map[string]any {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(goldenDir, name))
	if err != nil {
		t.Fatalf("golden fixture: %v", err)
	}
	var m map[string]any
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	return m
}

func obj(v any) map[string]any { return v.(map[string]any) }

func num(v any) float64 { return v.(float64) }

func vec(v any) []float64 {
	switch x := v.(type) {
	case float64:
		return []float64{x}
	case []any:
		out := make([]float64, len(x))
		for i, e := range x {
			out[i] = e.(float64)
		}
		return out
	}
	panic("not a vector")
}

// dense reads a nested list (rows) or a flat list (one row, or a column when
// col is true) as a matrix.
func dense(v any, col bool) *mat.Dense {
	x, ok := v.([]any)
	if !ok {
		return mat.NewDense(1, 1, []float64{v.(float64)})
	}
	if _, nested := x[0].([]any); nested {
		r, c := len(x), len(x[0].([]any))
		m := mat.NewDense(r, c, nil)
		for i := range x {
			for j, e := range x[i].([]any) {
				m.Set(i, j, e.(float64))
			}
		}
		return m
	}
	f := vec(v)
	if col {
		return mat.NewDense(len(f), 1, f)
	}
	return mat.NewDense(1, len(f), f)
}

func ints(v any) []int {
	f := vec(v)
	out := make([]int, len(f))
	for i, x := range f {
		out[i] = int(x)
	}
	return out
}

// closeTo checks the fixture rule |got - want| <= max(rel·|want|, abs).
func closeTo(t *testing.T, what string, got, want []float64, rel, abs float64) {
	t.Helper()
	if len(got) != len(want) {
		t.Fatalf("%s: %d values, want %d", what, len(got), len(want))
	}
	for i := range got {
		if d := math.Abs(got[i] - want[i]); !(d <= max(rel*math.Abs(want[i]), abs)) {
			t.Errorf("%s[%d] = %.17g, want %.17g (diff %.3g)", what, i, got[i], want[i], d)
		}
	}
}

func flat(m mat.Matrix) []float64 {
	r, c := m.Dims()
	out := make([]float64, 0, r*c)
	for i := 0; i < r; i++ {
		for j := 0; j < c; j++ {
			out = append(out, m.At(i, j))
		}
	}
	return out
}

func rows(X *mat.Dense, idx []int) *mat.Dense {
	_, c := X.Dims()
	out := mat.NewDense(len(idx), c, nil)
	for k, i := range idx {
		out.SetRow(k, X.RawRowView(i))
	}
	return out
}

func noDecode(any) error { return nil }
