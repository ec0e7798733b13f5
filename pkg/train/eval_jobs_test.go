package train

import (
	"bytes"
	"context"
	"encoding/json"
	"testing"

	"github.com/mgpteam/mgp/pkg/score"
	"gonum.org/v1/gonum/mat"
)

// TestEvaluateJobsSameBytes: scoring the KDE of each block with 2 (or 3)
// goroutines gives the same bytes as with one: the evaluation's JSON
// (metrics, per-output metrics, calibration) and every per-point log
// density, over several blocks and two outputs.
func TestEvaluateJobsSameBytes(t *testing.T) {
	path := twoOutputCSV(t, t.TempDir(), 300)
	m, exp := trainTwo(t, path, map[string]any{"name": "sgp", "m": 10}, 50, 0.03)
	const P = 50
	X, Y, sig := exp.XTest, exp.YTest, exp.Std.YStd
	n, dy := Y.Dims()
	run := func(jobs int) ([]byte, *mat.Dense) {
		ld := mat.NewDense(n, dy, nil)
		ev, err := score.Evaluate(context.Background(), m, X, Y, sig, P, 3, score.Options{BlockFloats: 11 * P * dy, Jobs: jobs, LogDensities: ld})
		if err != nil {
			t.Fatal(err)
		}
		if ev.Blocks < 2 {
			t.Fatalf("%d blocks: the test wants several", ev.Blocks)
		}
		b, err := json.Marshal(ev)
		if err != nil {
			t.Fatal(err)
		}
		return b, ld
	}
	want, wantLD := run(1)
	for _, jobs := range []int{0, 2, 3} {
		got, gotLD := run(jobs)
		if !bytes.Equal(got, want) {
			t.Errorf("jobs %d: evaluation %s, one job's %s", jobs, got, want)
		}
		for i, v := range gotLD.RawMatrix().Data {
			if !sameBits(v, wantLD.RawMatrix().Data[i]) {
				t.Fatalf("jobs %d: log density %d is %v, one job's %v", jobs, i, v, wantLD.RawMatrix().Data[i])
			}
		}
	}
}
