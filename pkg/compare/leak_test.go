package compare

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/mgpteam/mgp/pkg/data"
	"github.com/mgpteam/mgp/pkg/train"
)

// writeCSV writes rows (x, y) to dir/name.
func writeCSV(t *testing.T, dir, name string, x, y []float64) string {
	t.Helper()
	var b strings.Builder
	b.WriteString("x,y\n")
	for i := range x {
		fmt.Fprintf(&b, "%v,%v\n", x[i], y[i])
	}
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(b.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// runCompareConfig trains model with compare's run config on the CSV at
// path, split seed 0, without a run directory.
func runCompareConfig(t *testing.T, model, path string, iters int) *train.Outcome {
	t.Helper()
	cfg, err := RunConfig(model, Settings{Name: "leak", Path: path, Target: "y", Iterations: iters, NTrain: 180})
	if err != nil {
		t.Fatal(err)
	}
	out, err := train.Run(context.Background(), cfg, train.Options{})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestSplitsNeverLeak: compare's runs read the test rows only in the final
// evaluation. Changing every test target (split seed 0) changes neither
// the standardisation nor the training data nor SLGP's held-out selection
// (the selected iteration and the validation trace), while the test NLL
// does change (so the test targets were really replaced).
func TestSplitsNeverLeak(t *testing.T) {
	dir := t.TempDir()
	const n = 200
	r := rand.New(rand.NewPCG(9, 9))
	x, y := make([]float64, n), make([]float64, n)
	for i := range x {
		x[i] = 4*r.Float64() - 2
		y[i] = math.Sin(2*x[i]) + 0.2*r.NormFloat64()
	}
	a := writeCSV(t, dir, "a.csv", x, y)
	y2 := slices.Clone(y)
	for _, i := range data.RandomSplit(n, 0).Test {
		y2[i] = 100 + 50*r.NormFloat64()
	}
	b := writeCSV(t, dir, "b.csv", x, y2)
	oa, ob := runCompareConfig(t, "slgp", a, 40), runCompareConfig(t, "slgp", b, 40)
	if !reflect.DeepEqual(oa.Exp.Std, ob.Exp.Std) {
		t.Errorf("standardisation moved with the test targets: %+v vs %+v", oa.Exp.Std, ob.Exp.Std)
	}
	if !reflect.DeepEqual(oa.Exp.XTrain, ob.Exp.XTrain) || !reflect.DeepEqual(oa.Exp.YTrain, ob.Exp.YTrain) {
		t.Error("the training data moved with the test targets")
	}
	sa, sb := oa.Result.Selection, ob.Result.Selection
	if sa == nil || sb == nil {
		t.Fatal("slgp under compare made no held-out selection")
	}
	if sa.Iter != sb.Iter || sa.ValNLL != sb.ValNLL || !reflect.DeepEqual(sa.Trace, sb.Trace) {
		t.Errorf("selection moved with the test targets: iteration %d vs %d, validation NLL %v vs %v", sa.Iter, sb.Iter, sa.ValNLL, sb.ValNLL)
	}
	if oa.Result.Metrics.NLL == ob.Result.Metrics.NLL {
		t.Error("the test NLL did not change: the test targets were not replaced")
	}
}
