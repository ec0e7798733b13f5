package data

import (
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
)

// TestPrepareRefusesTinySpreadAndConstantTarget: inputs around 1e-300
// (whose variance underflows, so they were standardised as if constant)
// and a constant target are refused, naming the column; a tiny spread is
// fine when the column is not standardised, and so are constant pixels
// among other varying targets (mnist).
func TestPrepareRefusesTinySpreadAndConstantTarget(t *testing.T) {
	const n = 20
	build := func(x, y func(i int) float64) *Dataset {
		X, Y := mat.NewDense(n, 1, nil), mat.NewDense(n, 1, nil)
		for i := range n {
			X.Set(i, 0, x(i))
			Y.Set(i, 0, y(i))
		}
		return &Dataset{Name: "d", X: X, Y: Y, XNames: []string{"x"}, YName: "y"}
	}
	lin := func(i int) float64 { return float64(i) }
	tiny := func(i int) float64 { return float64(i) * 1e-300 }
	one := func(int) float64 { return 3 }
	for _, c := range []struct {
		what string
		ds   *Dataset
		want string
	}{
		{"tiny input", build(tiny, lin), `input column "x" varies by only`},
		{"tiny target", build(lin, tiny), `target column "y" varies by only`},
		{"constant target", build(lin, one), `target column "y" holds one value only`},
	} {
		if _, err := Prepare(c.ds, SplitOptions{Seed: 1}); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: err = %v, want %q", c.what, err, c.want)
		}
	}
	if _, err := Prepare(build(tiny, lin), SplitOptions{Seed: 1, Stats: "none"}); err != nil {
		t.Errorf("tiny input, not standardised: %v", err)
	}
	if _, err := Prepare(build(lin, lin), SplitOptions{Seed: 1}); err != nil {
		t.Errorf("ordinary data: %v", err)
	}
}
